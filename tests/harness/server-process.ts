/**
 * A server as a tracked process (processes.ts), started from the project root: ready once
 * `readyUrl` responds 2xx, then killed (SIGKILL) or stopped (SIGTERM, then SIGKILL) on demand.
 * Its output goes to a log file, or is kept in memory for error messages.
 */
import type { ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { PROJECT_ROOT } from './build.ts';
import { killProcess, startProcess, stopProcess } from './processes.ts';

export type ServerProcessOptions = {
  /** For messages: "mock server", "real server". */
  name: string;
  command: string;
  args: readonly string[];
  env: NodeJS.ProcessEnv;
  readyUrl: string;
  readyTimeoutMs: number;
  /**
   * Starts it in a process group of its own, signalled as a whole: for `npm run …`, whose node
   * process must stop with it. Not for a server under measurement: the new session would also
   * be a scheduling group of its own (Linux's autogroup), and get another share of the CPU.
   */
  group?: boolean;
  /**
   * The file its output is appended to. A file, not a pipe: a busy test process can never
   * stall a server that logs. Without one, the last lines are kept in memory.
   */
  logFile?: string;
  /** Also show the output live, prefixed with the name (in-memory log only). */
  echo?: boolean;
};

export type Exit = { code: number | null; signal: NodeJS.Signals | null; at: number };

const CHUNKS_KEPT = 200;

export class ServerProcess {
  readonly #exited: Promise<Exit>;
  readonly #options: ServerProcessOptions;
  readonly #child: ChildProcess;
  readonly #output: string[] = [];
  #exit: Exit | undefined;

  private constructor(options: ServerProcessOptions) {
    this.#options = options;
    const log = options.logFile === undefined ? 'pipe' : openSync(options.logFile, 'a');
    try {
      this.#child = startProcess(options.command, options.args, {
        cwd: PROJECT_ROOT,
        env: options.env,
        detached: options.group === true,
        stdio: ['ignore', log, log],
      });
    } finally {
      if (typeof log === 'number') closeSync(log);
    }
    for (const stream of [this.#child.stdout, this.#child.stderr]) {
      stream?.setEncoding('utf8');
      stream?.on('data', (chunk: string) => this.#record(chunk));
    }
    this.#exited = new Promise<Exit>((resolve) => {
      this.#child.once('exit', (code, signal) => {
        this.#exit = { code, signal, at: performance.now() };
        resolve(this.#exit);
      });
    });
  }

  static async start(options: ServerProcessOptions): Promise<ServerProcess> {
    const server = new ServerProcess(options);
    try {
      await server.#waitUntilReady();
    } catch (error) {
      await server.kill();
      throw error;
    }
    return server;
  }

  get pid(): number | undefined {
    return this.#child.pid;
  }

  get running(): boolean {
    return this.#exit === undefined;
  }

  #record(chunk: string): void {
    if (this.#options.echo) process.stdout.write(`[${this.#options.name}] ${chunk}`);
    this.#output.push(chunk);
    if (this.#output.length > CHUNKS_KEPT) this.#output.splice(0, this.#output.length - CHUNKS_KEPT);
  }

  /** The last lines it printed. */
  #logTail(lines = 15): string {
    let output = this.#output.join('');
    if (this.#options.logFile !== undefined) {
      try {
        output = readFileSync(this.#options.logFile, 'utf8');
      } catch {
        return '(no log)';
      }
    }
    return output.trimEnd().split('\n').slice(-lines).join('\n');
  }

  async #waitUntilReady(): Promise<void> {
    const { name, readyUrl, readyTimeoutMs } = this.#options;
    const deadline = performance.now() + readyTimeoutMs;
    let lastProblem = 'no response yet';
    while (performance.now() < deadline) {
      if (this.#exit)
        throw new Error(
          `The ${name} stopped before it was ready (${this.#exit.signal ?? `exit code ${this.#exit.code}`}):\n${this.#logTail()}`,
        );
      try {
        const response = await fetch(readyUrl, { signal: AbortSignal.timeout(5000) });
        if (response.ok) return;
        lastProblem = `status ${response.status}`;
      } catch (error) {
        lastProblem = error instanceof Error ? error.message : String(error);
      }
      await sleep(50);
    }
    throw new Error(`The ${name} got no response from ${readyUrl} within ${readyTimeoutMs / 1000} s (${lastProblem}):\n${this.#logTail()}`);
  }

  /** SIGKILL, and waits until it is gone. */
  async kill(): Promise<Exit> {
    if (!this.#exit) await killProcess(this.#child);
    return this.#exited;
  }

  /** SIGTERM; after `graceMs` without exiting, SIGKILL (`forced`). Returns the exit and how long it took. */
  async terminate(graceMs = 15_000): Promise<Exit & { ms: number; forced: boolean }> {
    if (this.#exit) return { ...this.#exit, ms: 0, forced: false };
    const sent = performance.now();
    await stopProcess(this.#child, graceMs);
    const exit = await this.#exited;
    return { ...exit, ms: exit.at - sent, forced: exit.signal === 'SIGKILL' };
  }
}
