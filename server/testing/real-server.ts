/**
 * The production server as a separate process, as `npm start` runs it (the compiled
 * dist-server/server/main.js), for the reliability suite and the benchmarks: on 127.0.0.1
 * and a free port, with its own database file, a bootstrap admin account and a log file;
 * started, killed (SIGKILL) or stopped (SIGTERM) on demand. Whoever starts one also makes
 * sure it is killed when the run ends (`onSpawn`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { findFreePort } from './free-port.ts';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, '');
export const ADMIN = { username: 'admin', password: 'real-server-test-admin-password' } as const;

export type RealServerOptions = {
  databaseFile: string;
  /** The log file (the server's stdout and stderr), appended to. */
  logFile: string;
  /** The compiled server and the built SPA: `npm run build`'s by default. */
  entry?: string;
  staticDir?: string;
  /** A port to start on again (after a kill); a free one otherwise. */
  port?: number;
  env?: Record<string, string>;
  /** Called with the process as soon as it exists: track it, so that the run's end kills it. */
  onSpawn?: (child: ChildProcess) => void;
};

export type Exit = { code: number | null; signal: NodeJS.Signals | null; at: number };

export class RealServer {
  readonly port: number;
  readonly origin: string;
  readonly logFile: string;
  readonly exited: Promise<Exit>;
  readonly #child: ChildProcess;
  #exit: Exit | undefined;
  /** How long the start took, until the first HTTP answer. */
  startMs = 0;

  private constructor(child: ChildProcess, port: number, logFile: string) {
    this.#child = child;
    this.port = port;
    this.origin = `http://127.0.0.1:${port}`;
    this.logFile = logFile;
    this.exited = new Promise<Exit>((resolve) => {
      child.once('exit', (code, signal) => {
        this.#exit = { code, signal, at: performance.now() };
        resolve(this.#exit);
      });
    });
  }

  static async start({
    databaseFile,
    logFile,
    entry = join(ROOT, 'dist-server', 'server', 'main.js'),
    staticDir = join(ROOT, 'dist'),
    port,
    env,
    onSpawn,
  }: RealServerOptions): Promise<RealServer> {
    if (!existsSync(entry)) throw new Error(`${entry} is missing: run npm run build`);
    const listenOn = port ?? (await findFreePort());
    const log = openSync(logFile, 'a');
    const started = performance.now();
    let child: ChildProcess;
    try {
      child = spawn(process.execPath, [entry], {
        cwd: ROOT,
        stdio: ['ignore', log, log],
        env: {
          PATH: process.env.PATH ?? '/usr/bin:/bin',
          HOME: process.env.HOME ?? '/tmp',
          HOST: '127.0.0.1',
          PORT: String(listenOn),
          DATABASE_URL: `file:${databaseFile}`,
          STATIC_DIR: staticDir,
          SALON_ADMIN_USERNAME: ADMIN.username,
          SALON_ADMIN_PASSWORD: ADMIN.password,
          ...env,
        },
      });
    } finally {
      closeSync(log);
    }
    onSpawn?.(child);
    const server = new RealServer(child, listenOn, logFile);
    await server.#waitUntilAnswering(30_000);
    server.startMs = performance.now() - started;
    return server;
  }

  get pid(): number | undefined {
    return this.#child.pid;
  }

  get running(): boolean {
    return this.#exit === undefined;
  }

  async #waitUntilAnswering(timeoutMs: number): Promise<void> {
    const deadline = performance.now() + timeoutMs;
    while (performance.now() < deadline) {
      if (this.#exit) throw new Error(`The server exited (${this.#exit.code ?? this.#exit.signal}) before answering:\n${this.logTail()}`);
      try {
        // Any answer will do (a 401 here): the server is listening.
        await fetch(`${this.origin}/api/clients`, { signal: AbortSignal.timeout(1000) });
        return;
      } catch {
        await sleep(50);
      }
    }
    this.#child.kill('SIGKILL');
    throw new Error(`The server did not answer within ${timeoutMs / 1000} s:\n${this.logTail()}`);
  }

  /** SIGKILL, and waits until the process is gone. */
  async kill(): Promise<Exit> {
    if (this.#exit) return this.#exit;
    this.#child.kill('SIGKILL');
    return this.exited;
  }

  /** SIGTERM; after `graceMs` without exiting, SIGKILL. Returns the exit and how long it took. */
  async terminate(graceMs = 15_000): Promise<Exit & { ms: number; forced: boolean }> {
    if (this.#exit) return { ...this.#exit, ms: 0, forced: false };
    const sent = performance.now();
    this.#child.kill('SIGTERM');
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), graceMs);
    });
    const first = await Promise.race([this.exited, timedOut]);
    clearTimeout(timer);
    if (first === 'timeout') {
      this.#child.kill('SIGKILL');
      const exit = await this.exited;
      return { ...exit, ms: exit.at - sent, forced: true };
    }
    return { ...first, ms: first.at - sent, forced: false };
  }

  logTail(lines = 15): string {
    try {
      return readFileSync(this.logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
    } catch {
      return '(no log)';
    }
  }
}
