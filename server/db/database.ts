/**
 * Opens the SQLite database behind Kysely: one connection per process (better-sqlite3 is
 * synchronous, so every query is short), through a dialect that waits for other processes'
 * locks on timers instead of blocking (non-blocking-sqlite.ts).
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, type CompiledQuery } from 'kysely';
import { migrateToLatest } from './migrations.ts';
import { NonBlockingSqliteDialect } from './non-blocking-sqlite.ts';
import type { Database } from './schema.ts';

export type DatabaseOptions = {
  /** Absolute path of the SQLite file; its directory is created when missing. */
  file: string;
  /** How long a statement keeps trying while another process holds the lock, before failing with SQLITE_BUSY. */
  busyTimeoutMs?: number;
};

type Opened = { sqlite: SqliteDatabase.Database; dialect: NonBlockingSqliteDialect; otherCommits: OtherCommits };

/** The better-sqlite3 handle, dialect and commit watcher behind each Kysely instance opened here. */
const opened = new WeakMap<object, Opened>();

/**
 * Commits by other connections to the database file (the staff CLI, a second server, a
 * restore, `npm run seed`), for what this process keeps in memory (the session rows it read,
 * the serialised client list): those drop their copies when told (`onCommit`).
 *
 * `look()` reads SQLite's `PRAGMA data_version`, which changes whenever another connection has
 * committed. It takes a read lock, so it is called once per request and no more, before
 * anything reads a cache (the /api scope's first hook): a commit that was complete when the
 * request arrived is then always seen, and nothing is answered from a copy older than the
 * database.
 */
export class OtherCommits {
  readonly #dataVersion: SqliteDatabase.Statement;
  readonly #listeners: Array<() => void> = [];
  #seen: unknown;

  constructor(sqlite: SqliteDatabase.Database) {
    this.#dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
    this.#seen = this.#dataVersion.get();
  }

  look(): void {
    const version = this.#dataVersion.get();
    if (version === this.#seen) return;
    this.#seen = version;
    for (const listener of this.#listeners) listener();
  }

  onCommit(listener: () => void): void {
    this.#listeners.push(listener);
  }
}

export function otherCommits(db: Kysely<Database>): OtherCommits {
  return openedHere(db).otherCommits;
}

/**
 * A number that changes whenever this connection has changed a row (`total_changes()`, a
 * counter in SQLite's memory, cheap to read): with `otherCommits`, lets a cache of rows stay
 * exactly as fresh as reading them each time.
 */
export function ownChangeCounter(db: Kysely<Database>): () => number {
  const changes = openedHere(db).sqlite.prepare('SELECT total_changes()').pluck();
  return () => changes.get() as number;
}

/**
 * Runs `query` and hands `visit` the value of each row's only column, one row at a time,
 * straight from better-sqlite3's cursor: for a read of many rows that should cost one value
 * per row, without the object per row that Kysely makes (the client list: 50,000 rows). It
 * runs as a statement would (outside any transaction, retried while another process holds the
 * lock), in one synchronous go, so nothing of this process interleaves with it.
 */
export function forEachValue<T>(db: Kysely<Database>, query: CompiledQuery<Record<string, T>>, visit: (value: T) => void): Promise<void> {
  const { sqlite, dialect } = openedHere(db);
  return dialect.run(() => {
    for (const value of sqlite
      .prepare(query.sql)
      .pluck()
      .iterate(...query.parameters))
      visit(value as T);
  });
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
  opened.set(db, { sqlite, dialect, otherCommits: new OtherCommits(sqlite) });
  try {
    await migrateToLatest(db as Kysely<unknown>);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}
