/**
 * A throwaway PostgreSQL cluster on 127.0.0.1, for the PostgreSQL server tests, the
 * reliability suite's PostgreSQL part and the benchmarks: `initdb` into a temporary
 * directory, `postgres` on a free port, and everything deleted by `destroy()`. It uses the
 * binaries of Debian's `postgresql` package (or PG_BIN). PostgreSQL refuses to run as root,
 * so when this process is root the cluster runs as the `postgres` user.
 *
 * Also a command: `tsx harness/postgres.ts` starts one, prints its URL and waits for Ctrl-C.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { findFreePort } from './free-port.ts';
import { trackProcess } from './processes.ts';

export type PostgresCluster = {
  /** `postgres://salon:salon@127.0.0.1:PORT/salon`: a superuser and an empty database. */
  url: string;
  port: number;
  /** Stops the server (a fast shutdown: open sessions are cut, nothing committed is lost). */
  stop(): Promise<void>;
  /** Starts it again on the same port and data. */
  start(): Promise<void>;
  /** Stops it and deletes its files. */
  destroy(): Promise<void>;
};

const USER = 'salon';
const PASSWORD = 'salon';

/** The directory of initdb and postgres: PG_BIN, else the newest of Debian's, else the PATH. */
export function postgresBinDir(): string | undefined {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((name) => /^\d+$/.test(name) && existsSync(join(debian, name, 'bin', 'postgres')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return join(debian, versions[0], 'bin');
  }
  try {
    const initdb = execFileSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).trim();
    return initdb ? join(initdb, '..') : undefined;
  } catch {
    return undefined;
  }
}

const runsAsRoot = () => process.getuid?.() === 0;

/** The command line that runs `binary` as the cluster's user. */
function asClusterUser(binary: string, args: string[]): [string, string[]] {
  return runsAsRoot() ? ['runuser', ['-u', 'postgres', '--', binary, ...args]] : [binary, args];
}

export type StartOptions = {
  /** Trade durability for speed (fsync off): for tests that never crash the cluster. */
  fast?: boolean;
};

export async function startPostgresCluster({ fast = false }: StartOptions = {}): Promise<PostgresCluster> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL is not installed: apt-get install -y postgresql (or set PG_BIN)');
  const dir = mkdtempSync(join(tmpdir(), 'salon-pg-'));
  const data = join(dir, 'data');
  const passwordFile = join(dir, 'password');
  writeFileSync(passwordFile, PASSWORD);
  if (runsAsRoot()) {
    const ids = execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim();
    const group = execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim();
    chownSync(dir, Number(ids), Number(group));
    chownSync(passwordFile, Number(ids), Number(group));
  }
  const [initdb, initArgs] = asClusterUser(join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    USER,
    `--pwfile=${passwordFile}`,
    '--auth=scram-sha-256',
    '--encoding=UTF8',
    '--locale=C.UTF-8',
  ]);
  execFileSync(initdb, initArgs, { stdio: 'ignore' });
  const port = await findFreePort();
  const settings = [
    '-p',
    String(port),
    '-h',
    '127.0.0.1',
    '-k',
    dir,
    '-c',
    'max_connections=200',
    ...(fast ? ['-c', 'fsync=off', '-c', 'full_page_writes=off', '-c', 'synchronous_commit=off'] : []),
  ];
  let server: ChildProcess | undefined;

  async function start(): Promise<void> {
    const [command, args] = asClusterUser(join(bin as string, 'postgres'), ['-D', data, ...settings]);
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'], detached: true });
    trackProcess(child);
    let log = '';
    child.stderr?.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000)));
    server = child;
    for (let waited = 0; ; waited += 50) {
      if (child.exitCode !== null) throw new Error(`PostgreSQL did not start:\n${log}`);
      if (/ready to accept connections/.test(log)) return;
      if (waited > 30_000) throw new Error(`PostgreSQL did not start within 30 s:\n${log}`);
      await sleep(50);
    }
  }

  async function stop(): Promise<void> {
    const child = server;
    server = undefined;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    // SIGINT: PostgreSQL's fast shutdown. The postmaster was started by runuser when root,
    // which passes the signal on; the process group gets it either way.
    try {
      process.kill(-(child.pid as number), 'SIGINT');
    } catch {
      child.kill('SIGINT');
    }
    await exited;
  }

  await start();
  const url = `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}`;
  const [psql, psqlArgs] = [join(bin, 'psql'), [`${url}/postgres`, '-q', '-c', `CREATE DATABASE ${USER}`]];
  execFileSync(psql, psqlArgs, { stdio: 'ignore' });
  return {
    url: `${url}/${USER}`,
    port,
    stop,
    start,
    async destroy() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const cluster = await startPostgresCluster();
  console.info(`PostgreSQL is running: ${cluster.url}\nCtrl-C stops it and deletes its data.`);
  process.once('SIGINT', () => void cluster.destroy().then(() => process.exit(0)));
}
