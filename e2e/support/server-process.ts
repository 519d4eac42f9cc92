import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The repository root: every server is started from there, like a person would. */
export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));

const LOG_LINES_KEPT = 200;
const STOP_GRACE_MS = 5_000;
const POLL_MS = 100;

/** Process groups still running in this worker: killed on the way out, whatever happens. */
const liveGroups = new Set<number>();
process.once('exit', () => {
  for (const pid of liveGroups) killGroup(pid, 'SIGKILL');
});

function killGroup(pid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    // ESRCH: nothing is left in the group.
    return false;
  }
}

function groupIsAlive(pid: number): boolean {
  return killGroup(pid, 0);
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type ServerProcessOptions = {
  /** For messages: "mock server", "real server". */
  name: string;
  command: string;
  args: readonly string[];
  env: NodeJS.ProcessEnv;
  /** Polled until it answers 2xx. */
  readyUrl: string;
  readyTimeoutMs: number;
};

/**
 * A server started in its own process group (so that `npm run …` and the node process it
 * starts stop together), with its output kept for error messages. `E2E_SERVER_LOG=1` shows
 * the output live.
 */
export class ServerProcess {
  readonly #options: ServerProcessOptions;
  readonly #child: ChildProcess;
  readonly #pid: number;
  readonly #log: string[] = [];
  readonly #exited: Promise<void>;
  #exitDescription: string | undefined;

  private constructor(options: ServerProcessOptions) {
    this.#options = options;
    this.#child = spawn(options.command, options.args, {
      cwd: PROJECT_ROOT,
      env: options.env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    if (this.#child.pid === undefined) throw new Error(`Could not start the ${options.name}: ${options.command}`);
    this.#pid = this.#child.pid;
    liveGroups.add(this.#pid);
    for (const stream of [this.#child.stdout, this.#child.stderr]) {
      stream?.setEncoding('utf8');
      stream?.on('data', (chunk: string) => this.#record(chunk));
    }
    this.#exited = new Promise((resolve) => {
      this.#child.once('exit', (code, signal) => {
        this.#exitDescription = signal ? `signal ${signal}` : `exit code ${String(code)}`;
        resolve();
      });
    });
  }

  static async start(options: ServerProcessOptions): Promise<ServerProcess> {
    const server = new ServerProcess(options);
    try {
      await server.#waitUntilReady();
    } catch (error) {
      await server.stop();
      throw error;
    }
    return server;
  }

  /** The last lines the server printed. */
  get output(): string {
    return this.#log.join('');
  }

  #record(chunk: string) {
    if (process.env.E2E_SERVER_LOG === '1') process.stdout.write(`[${this.#options.name}] ${chunk}`);
    this.#log.push(chunk);
    if (this.#log.length > LOG_LINES_KEPT) this.#log.splice(0, this.#log.length - LOG_LINES_KEPT);
  }

  async #waitUntilReady(): Promise<void> {
    const { name, readyUrl, readyTimeoutMs } = this.#options;
    const deadline = Date.now() + readyTimeoutMs;
    let lastProblem = 'no answer yet';
    while (Date.now() < deadline) {
      if (this.#exitDescription) {
        throw new Error(`The ${name} stopped before it was ready (${this.#exitDescription}). Its output:\n${this.output}`);
      }
      try {
        const response = await fetch(readyUrl, { signal: AbortSignal.timeout(5_000) });
        if (response.ok) return;
        lastProblem = `status ${response.status}`;
      } catch (error) {
        lastProblem = error instanceof Error ? error.message : String(error);
      }
      await delay(POLL_MS);
    }
    throw new Error(`The ${name} did not answer ${readyUrl} within ${readyTimeoutMs} ms (${lastProblem}). Its output:\n${this.output}`);
  }

  /** SIGTERM to the whole group, SIGKILL for whatever is left after a grace period. */
  async stop(): Promise<void> {
    if (!liveGroups.has(this.#pid)) return;
    killGroup(this.#pid, 'SIGTERM');
    const deadline = Date.now() + STOP_GRACE_MS;
    await Promise.race([this.#exited, delay(STOP_GRACE_MS)]);
    while (groupIsAlive(this.#pid) && Date.now() < deadline) await delay(POLL_MS);
    if (groupIsAlive(this.#pid)) killGroup(this.#pid, 'SIGKILL');
    await this.#exited;
    liveGroups.delete(this.#pid);
  }
}
