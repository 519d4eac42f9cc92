/**
 * The real server as a separate process: `node dist-server/server/main.js` on 127.0.0.1 and a
 * free port, with its own database file and a log file; started, killed (SIGKILL) or stopped
 * (SIGTERM) on demand, and always killed when the suite exits (processes.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { HttpClient } from './http.js';
import { sleep, trackChild } from './processes.js';

export const ROOT = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');
export const ADMIN = { username: 'admin', password: 'reliability-suite-admin-password' } as const;
const ENTRY = join(ROOT, 'dist-server', 'server', 'main.js');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export type ServerOptions = {
  /** Names the log file. */
  name: string;
  /** Where the log file goes. */
  dir: string;
  databaseFile: string;
  port?: number;
  env?: Record<string, string>;
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

  static async start(options: ServerOptions): Promise<RealServer> {
    if (!existsSync(ENTRY)) throw new Error(`${ENTRY} is missing: run npm run build`);
    const port = options.port ?? (await freePort());
    const logFile = join(options.dir, `${options.name}.log`);
    const log = openSync(logFile, 'a');
    const started = performance.now();
    let child: ChildProcess;
    try {
      child = spawn(process.execPath, [ENTRY], {
        cwd: ROOT,
        stdio: ['ignore', log, log],
        env: {
          PATH: process.env.PATH ?? '/usr/bin:/bin',
          HOME: process.env.HOME ?? '/tmp',
          HOST: '127.0.0.1',
          PORT: String(port),
          DATABASE_URL: `file:${options.databaseFile}`,
          STATIC_DIR: join(ROOT, 'dist'),
          SALON_ADMIN_USERNAME: ADMIN.username,
          SALON_ADMIN_PASSWORD: ADMIN.password,
          ...options.env,
        },
      });
    } finally {
      closeSync(log);
    }
    trackChild(child);
    const server = new RealServer(child, port, logFile);
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
    const client = new HttpClient(this.origin);
    const deadline = performance.now() + timeoutMs;
    try {
      while (performance.now() < deadline) {
        if (this.#exit) throw new Error(`The server exited (${this.#exit.code ?? this.#exit.signal}) before answering:\n${this.logTail()}`);
        try {
          await client.request({ method: 'GET', path: '/api/clients', timeoutMs: 1000 });
          return;
        } catch {
          await sleep(50);
        }
      }
    } finally {
      client.close();
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
