/**
 * Makes a test's database refuse every statement, as it does in production when something outside the server holds it,
 * and gives it back: on SQLite, another process stuck in WAL recovery (every statement gets SQLITE_BUSY_RECOVERY); on
 * PostgreSQL, the database refusing its role's connections, the open ones cut (57P01, then 53300).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import pg from 'pg';
import { onTestFinished } from 'vitest';
import type { DatabaseConfig } from '../db/database.ts';

export type DatabaseOutage = { begin(): Promise<void>; end(): Promise<void> };

/**
 * What a writer that crashed in WAL recovery leaves (issue 26): the write and recovery locks of the shared-memory
 * index held (fcntl locks on bytes 120 and 122 of `-shm`, SQLite's wal.c) and the index's header unreadable, so that
 * every reader must recover and cannot. Node has no fcntl: Python, which Debian ships, holds them. The header is
 * SQLite's to rebuild from the WAL once the locks are gone; the data is untouched.
 */
const HOLD_RECOVERY_LOCKS = `
import fcntl, os, sys
fd = os.open(sys.argv[1], os.O_RDWR)
for offset in (120, 122):
    fcntl.lockf(fd, fcntl.LOCK_EX, 1, offset, os.SEEK_SET)
os.pwrite(fd, bytes(136), 0)
print('held', flush=True)
sys.stdin.read()
`;

function sqliteOutage(file: string): DatabaseOutage {
  let release: (() => Promise<void>) | undefined;
  const outage: DatabaseOutage = {
    async begin() {
      const holder = spawn('python3', ['-c', HOLD_RECOVERY_LOCKS, `${file}-shm`], { stdio: ['pipe', 'pipe', 'inherit'] });
      const exited = once(holder, 'exit');
      const [line] = (await Promise.race([once(holder.stdout, 'data'), exited.then(() => ['exited'])])) as [Buffer | string];
      if (String(line).trim() !== 'held') throw new Error('The lock holder could not take the locks');
      release = async () => {
        holder.stdin.end();
        await exited;
      };
    },
    async end() {
      await release?.();
      release = undefined;
    },
  };
  onTestFinished(() => outage.end());
  return outage;
}

/**
 * PostgreSQL: the test's database gets a role of its own that is no superuser (a superuser ignores a connection
 * limit), as a production server's is. Returns the database as that role sees it, and its outage.
 */
async function postgresOutage(database: Extract<DatabaseConfig, { kind: 'postgres' }>) {
  // The test's database is on a server where its URL's user may create roles (test-database.ts).
  const adminUrl = new URL(database.url);
  const name = adminUrl.pathname.slice(1);
  adminUrl.pathname = '/postgres';
  const role = `${name}_app`;
  const admin = new pg.Pool({ connectionString: adminUrl.toString(), max: 1 });
  await admin.query(`CREATE ROLE ${role} LOGIN PASSWORD 'outage'`);
  await admin.query(`ALTER DATABASE ${name} OWNER TO ${role}`);
  onTestFinished(async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`DROP ROLE IF EXISTS ${role}`);
    await admin.end();
  });
  const url = new URL(database.url);
  url.username = role;
  url.password = 'outage';
  const outage: DatabaseOutage = {
    async begin() {
      await admin.query(`ALTER DATABASE ${name} CONNECTION LIMIT 0`);
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = $1', [role]);
    },
    async end() {
      await admin.query(`ALTER DATABASE ${name} CONNECTION LIMIT -1`);
    },
  };
  return { database: { ...database, url: url.toString() }, outage };
}

/** The database to build the test's app on, and what takes it away and gives it back. */
export async function databaseWithOutage(database: DatabaseConfig): Promise<{ database: DatabaseConfig; outage: DatabaseOutage }> {
  return database.kind === 'sqlite' ? { database, outage: sqliteOutage(database.file) } : postgresOutage(database);
}
