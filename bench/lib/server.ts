/**
 * The production server (the compiled dist-server/server/main.js, as `npm start` runs it) on
 * 127.0.0.1 and a port the system picks (PORT=0: no race for a free port), with its own
 * temporary database and an admin password set through SALON_ADMIN_PASSWORD.
 */
import { createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import type { Build } from './build.js';
import { onCleanup, startProcess, stopProcess } from './processes.js';
import { seedClients } from './seed-clients.js';

export const ADMIN = { username: 'admin', password: 'bench-password-1234' } as const;

export type RunningServer = {
  origin: string;
  pid: number;
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

const STARTED = /Salon server: (http:\/\/127\.0\.0\.1:\d+)/;

export async function startServer(build: Build, databaseFile: string, env: NodeJS.ProcessEnv = {}): Promise<RunningServer> {
  const logFile = `${databaseFile}.log`;
  const child: ChildProcess = startProcess(process.execPath, [build.serverEntry], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_URL: `file:${databaseFile}`,
      STATIC_DIR: build.staticDir,
      SALON_ADMIN_USERNAME: ADMIN.username,
      SALON_ADMIN_PASSWORD: ADMIN.password,
      NODE_ENV: 'production',
      ...env,
    },
  });
  // The server's log goes to a file beside its database (read it when something fails).
  const log = createWriteStream(logFile);
  child.stderr?.pipe(log);
  const origin = await new Promise<string>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`The server did not start within 30 s:\n${seen.slice(-2000)}`)), 30_000);
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      const match = STARTED.exec(seen);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The server exited (${code}) before it listened:\n${seen.slice(-2000)}`));
    });
  });
  // Keep draining its output, into the log file.
  child.stdout?.pipe(log);
  if (child.pid === undefined) throw new Error('The server has no pid');
  return { origin, pid: child.pid, databaseFile, stop: () => stopProcess(child) };
}

/** Logs in as the bench admin and returns the `name=value` of the session cookie. */
export async function logIn(origin: string): Promise<string> {
  const response = await fetch(`${origin}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (response.status !== 200) throw new Error(`Login failed with ${response.status}: ${await response.text()}`);
  const cookie = response.headers.getSetCookie()[0]?.split(';')[0];
  if (!cookie) throw new Error('Login set no cookie');
  return cookie;
}

/** The peak resident set size of a process so far (VmHWM, Linux), in bytes. */
export function peakRssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmHWM:\s+(\d+) kB$/m.exec(status);
  if (!match?.[1]) throw new Error(`No VmHWM for process ${pid}`);
  return Number(match[1]) * 1024;
}

/**
 * Resets the process's peak RSS to its current RSS (Linux: `5` into /proc/<pid>/clear_refs),
 * so that the next peakRssBytes is the peak of what runs from now on.
 */
export function resetPeakRss(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}
