/**
 * The production server as a separate process, as `npm start` runs it (the compiled
 * dist-server/server/main.js), for the browser tests, the benchmarks and the reliability
 * suite: on 127.0.0.1 and a free port, with its own database file and a bootstrap account,
 * ready once GET /healthz responds 200 (listening, its database readable), killed or stopped
 * on demand and always killed when the run ends (processes.ts).
 */
import { existsSync } from 'node:fs';
import { PROJECT_BUILD, type Build } from './build.ts';
import { findFreePort } from './free-port.ts';
import { ServerProcess, type Exit } from './server-process.ts';

export const ADMIN = { username: 'admin', password: 'real-server-test-admin-password' } as const;

export type RealServerOptions = {
  /** Its SQLite database file (`file:` URL)… */
  databaseFile?: string;
  /** …or a database URL as is (`postgres://…`), instead of a file. */
  databaseUrl?: string;
  /** `npm run build`'s by default. */
  build?: Build;
  /** A port to start on again (a restart on the same address); a free one otherwise. */
  port?: number;
  /** The bootstrap account (first start on a database only); ADMIN by default. */
  admin?: { username: string; password: string };
  /** Added to the environment: the server's settings (LOG_LEVEL, SESSION_IDLE_MINUTES…). */
  env?: Record<string, string>;
  /** Where its output is appended; kept in memory without one (server-process.ts). */
  logFile?: string;
  /** Shows its output live (in-memory log only). */
  echo?: boolean;
};

export class RealServer {
  readonly port: number;
  readonly origin: string;
  /** How long the start took, until the server was ready. */
  readonly startMs: number;
  readonly #process: ServerProcess;

  private constructor(serverProcess: ServerProcess, port: number, startMs: number) {
    this.#process = serverProcess;
    this.port = port;
    this.origin = `http://127.0.0.1:${port}`;
    this.startMs = startMs;
  }

  static async start({
    databaseFile,
    databaseUrl,
    build = PROJECT_BUILD,
    port,
    admin = ADMIN,
    env,
    logFile,
    echo,
  }: RealServerOptions): Promise<RealServer> {
    if (databaseUrl === undefined && databaseFile === undefined) throw new Error('RealServer.start: a databaseFile or a databaseUrl');
    if (!existsSync(build.serverEntry)) throw new Error(`${build.serverEntry} is missing: run npm run build`);
    const listenOn = port ?? (await findFreePort());
    const started = performance.now();
    const serverProcess = await ServerProcess.start({
      name: 'real server',
      command: process.execPath,
      args: [build.serverEntry],
      // Only what it is given: a setting of the shell that runs the tests never leaks in.
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: process.env.HOME ?? '/tmp',
        HOST: '127.0.0.1',
        PORT: String(listenOn),
        DATABASE_URL: databaseUrl ?? `file:${databaseFile}`,
        STATIC_DIR: build.staticDir,
        SALON_ADMIN_USERNAME: admin.username,
        SALON_ADMIN_PASSWORD: admin.password,
        ...env,
      },
      readyUrl: `http://127.0.0.1:${listenOn}/healthz`,
      readyTimeoutMs: 30_000,
      logFile,
      echo,
    });
    return new RealServer(serverProcess, listenOn, performance.now() - started);
  }

  get pid(): number | undefined {
    return this.#process.pid;
  }

  get running(): boolean {
    return this.#process.running;
  }

  /** SIGKILL, and waits until the process is gone. */
  kill(): Promise<Exit> {
    return this.#process.kill();
  }

  /** SIGTERM; after `graceMs` without exiting, SIGKILL. Returns the exit and how long it took. */
  terminate(graceMs = 15_000): Promise<Exit & { ms: number; forced: boolean }> {
    return this.#process.terminate(graceMs);
  }
}
