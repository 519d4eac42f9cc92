/**
 * The production server of the benchmark's own build (harness/real-server.ts), with its own
 * temporary database, stopped when the benchmark ends.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT, type Build } from '../../harness/build.ts';
import { onCleanup, startProcess, stopProcess } from '../../harness/processes.ts';
import { ADMIN, RealServer } from '../../harness/real-server.ts';
import { seedClients } from '../../harness/seed-clients.ts';

export type RunningServer = {
  origin: string;
  pid: number;
  /** Its SQLite file or PostgreSQL URL. */
  databaseFile: string;
  stop(): Promise<void>;
};

/** A temporary directory deleted at the end of the benchmark. */
export function scratchDirectory(prefix = 'salon-bench-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  onCleanup(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A fresh database file holding `clients` generated clients. */
export async function seededDatabase(clients: number): Promise<string> {
  const file = join(scratchDirectory(), 'salon.db');
  await seedClients(file, clients);
  return file;
}

/**
 * The server on `database`: a SQLite file, its log beside it (read it when something fails), or
 * a `postgres://` URL, its log in `logFile`.
 */
export async function startServer(
  build: Build,
  database: string,
  env: Record<string, string> = {},
  logFile = `${database}.log`,
): Promise<RunningServer> {
  const isUrl = /^postgres(ql)?:\/\//i.test(database);
  const server = await RealServer.start({
    ...(isUrl ? { databaseUrl: database } : { databaseFile: database }),
    build,
    logFile,
    env: { NODE_ENV: 'production', ...env },
  });
  if (server.pid === undefined) throw new Error('The server has no pid');
  return {
    origin: server.origin,
    pid: server.pid,
    databaseFile: database,
    stop: async () => {
      if (server.running) await server.terminate(5000);
    },
  };
}

/** Logs in (as the bench admin unless told) and returns the `name=value` of the session cookie. */
export async function logIn(origin: string, account: { username: string; password: string } = ADMIN): Promise<string> {
  const response = await fetch(`${origin}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (response.status !== 200) throw new Error(`Login failed with ${response.status}: ${await response.text()}`);
  const cookie = response.headers.getSetCookie()[0]?.split(';')[0];
  if (!cookie) throw new Error('Login set no cookie');
  return cookie;
}

/**
 * The bound a figure is compared with: bench/bare-server.ts, a bare `node:http` server sending the bytes of
 * `listFile` for GET /api/clients (and each client of it by id), stopped when the benchmark ends.
 */
export async function startBareServer(listFile: string): Promise<{ origin: string; stop(): Promise<void> }> {
  const child = startProcess(process.execPath, ['--import', 'tsx', join(PROJECT_ROOT, 'tests/bench/bare-server.ts'), listFile], {
    cwd: PROJECT_ROOT,
  });
  const origin = await new Promise<string>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`The bare server did not start:\n${seen}`)), 30_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /Bare server: (\S+)/.exec(seen);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => (seen += chunk.toString()));
  });
  return { origin, stop: () => stopProcess(child) };
}
