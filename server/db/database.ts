/**
 * Opens the SQLite database behind Kysely: one connection per process (better-sqlite3 is
 * synchronous, so every query is short), through a dialect that waits for other processes'
 * locks on timers instead of blocking (non-blocking-sqlite.ts).
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely } from 'kysely';
import { migrateToLatest } from './migrations.js';
import { NonBlockingSqliteDialect } from './non-blocking-sqlite.js';
import type { Database } from './schema.js';

export type DatabaseOptions = {
  /** Absolute path of the SQLite file; its directory is created when missing. */
  file: string;
  /** How long a statement keeps trying while another process holds the lock, before failing with SQLITE_BUSY. */
  busyTimeoutMs?: number;
};

type Opened = { sqlite: SqliteDatabase.Database; dialect: NonBlockingSqliteDialect; otherConnectionsVersion: () => number };

/** The better-sqlite3 handle, dialect and version reader behind each Kysely instance opened here. */
const opened = new WeakMap<object, Opened>();

/**
 * A number that changes whenever another connection (the staff CLI, a second server, a
 * restore) has committed to the database since the last call: SQLite's `PRAGMA data_version`.
 * It takes a read lock (a few µs, as much as a tenth of a small request), so it is read once
 * per synchronous run of code and shared by everything in this process that runs in it (a
 * request's session check and its handler): nothing can reach the process in between, so
 * the value is exactly as fresh as a new reading.
 */
export function otherConnectionsVersion(db: Kysely<Database>): () => number {
  return openedHere(db).otherConnectionsVersion;
}

function versionReader(sqlite: SqliteDatabase.Database): () => number {
  const dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
  let current: number | undefined;
  return () => {
    if (current === undefined) {
      current = dataVersion.get() as number;
      queueMicrotask(() => (current = undefined));
    }
    return current;
  };
}

/**
 * A cheap test of whether the database may have changed: a value that differs whenever this
 * connection has changed a row since (`total_changes()`, a counter in memory) or another
 * connection has committed (`otherConnectionsVersion`). Lets a cache of rows stay exactly as
 * fresh as reading them each time.
 */
export function databaseChangeCounter(db: Kysely<Database>): () => string {
  const changes = openedHere(db).sqlite.prepare('SELECT total_changes()').pluck();
  const otherVersion = otherConnectionsVersion(db);
  return () => `${changes.get() as number}:${otherVersion()}`;
}

/**
 * Runs `use` with the better-sqlite3 handle behind `db`, as a statement would run (outside any
 * transaction, retried while another process holds the lock). For the rare read that must not
 * go through Kysely's row-by-row machinery: a 50,000-row cursor that should cost one string
 * per row (see the clients repository). `use` is synchronous, so nothing interleaves with it.
 */
export function withSqliteHandle<T>(db: Kysely<Database>, use: (sqlite: SqliteDatabase.Database) => T): Promise<T> {
  const { sqlite, dialect } = openedHere(db);
  return dialect.run(() => use(sqlite));
}

function openedHere(db: Kysely<Database>): Opened {
  const found = opened.get(db);
  if (!found) throw new Error('This database was not opened by openDatabase');
  return found;
}

export async function openDatabase({ file, busyTimeoutMs = 3000 }: DatabaseOptions): Promise<Kysely<Database>> {
  mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  try {
    // Opening happens before the server answers anything: here SQLite may wait for a lock itself.
    sqlite.pragma(`busy_timeout = ${Math.trunc(busyTimeoutMs)}`);
    // WAL: readers never block the writer. synchronous=FULL: a commit is on disk before the
    // answer goes out (a salon's records matter more than write speed).
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('foreign_keys = ON');
    // From now on, waiting for a lock is the dialect's, on timers (non-blocking-sqlite.ts).
    sqlite.pragma('busy_timeout = 0');
  } catch (error) {
    sqlite.close();
    throw error;
  }
  const dialect = new NonBlockingSqliteDialect(sqlite, busyTimeoutMs);
  const db = new Kysely<Database>({ dialect });
  opened.set(db, { sqlite, dialect, otherConnectionsVersion: versionReader(sqlite) });
  try {
    await migrateToLatest(db as Kysely<unknown>);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}
