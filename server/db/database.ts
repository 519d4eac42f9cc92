/**
 * Opens the SQLite database behind Kysely. better-sqlite3 is synchronous, so every query
 * is short and the connection is one per process (Kysely's SqliteDialect serialises them).
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { migrateToLatest } from './migrations.js';
import type { Database } from './schema.js';

export type DatabaseOptions = {
  /** Absolute path of the SQLite file; its directory is created when missing. */
  file: string;
  /** How long a query waits for another process's lock before failing with SQLITE_BUSY. */
  busyTimeoutMs?: number;
};

/** The better-sqlite3 handle behind each Kysely instance opened here (see `databaseChangeCounter`). */
const handles = new WeakMap<object, SqliteDatabase.Database>();

/** How long a read of PRAGMA data_version is reused (see databaseChangeCounter). */
const DATA_VERSION_REUSE_MS = 1;

/**
 * A cheap test of whether the database may have changed: a value that differs whenever this
 * connection has changed a row since (`total_changes()`) or another connection, such as the
 * staff CLI, has committed (`PRAGMA data_version`). Lets a cache of rows stay as fresh as
 * reading them each time. Undefined for a Kysely instance not opened here.
 *
 * `total_changes()` is a counter in memory, read on every call. `data_version` takes a read
 * lock (a few microseconds, as much as the rest of a small request), so under load it is
 * read at most once a millisecond: another process's commit is seen within a millisecond,
 * long before that process (the CLI) has even exited.
 */
export function databaseChangeCounter(db: Kysely<Database>): (() => string) | undefined {
  const sqlite = handles.get(db);
  if (!sqlite) return undefined;
  const changes = sqlite.prepare('SELECT total_changes()').pluck();
  const dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
  let lastDataVersion = 0;
  let readAt = Number.NEGATIVE_INFINITY;
  return () => {
    const now = performance.now();
    if (now - readAt >= DATA_VERSION_REUSE_MS) {
      lastDataVersion = dataVersion.get() as number;
      readAt = now;
    }
    return `${changes.get() as number}:${lastDataVersion}`;
  };
}

/**
 * Runs `use` with the better-sqlite3 handle behind `db`, holding Kysely's connection for
 * the time it runs, so that nothing else (no query, no open transaction) shares it. For the
 * rare read that must not go through Kysely's row-by-row machinery: a 50,000-row cursor
 * that should cost one string per row (see the clients repository). Undefined when `db`
 * was not opened here.
 */
export async function withSqliteHandle<T>(db: Kysely<Database>, use: (sqlite: SqliteDatabase.Database) => T): Promise<T | undefined> {
  const sqlite = handles.get(db);
  if (!sqlite) return undefined;
  return db.connection().execute(async () => use(sqlite));
}

export async function openDatabase({ file, busyTimeoutMs = 3000 }: DatabaseOptions): Promise<Kysely<Database>> {
  mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  try {
    // WAL: readers never block the writer. synchronous=FULL: a commit is on disk before the
    // answer goes out (a salon's records matter more than write speed).
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma(`busy_timeout = ${Math.trunc(busyTimeoutMs)}`);
  } catch (error) {
    sqlite.close();
    throw error;
  }
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  handles.set(db, sqlite);
  try {
    await migrateToLatest(db as Kysely<unknown>);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}
