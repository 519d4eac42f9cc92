/**
 * The SQLite engine: one connection per process (better-sqlite3 is synchronous, so every
 * query is short), through a dialect that waits for other processes' locks on timers
 * instead of blocking (non-blocking-sqlite.ts).
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely } from 'kysely';
import type { DatabaseEngine, SqliteConfig } from './database.ts';
import { migrateToLatest } from './migrations.ts';
import { NonBlockingSqliteDialect } from './non-blocking-sqlite.ts';
import type { Database } from './schema.ts';

/**
 * Commits by other connections to the database file (the staff CLI, a second server, a
 * restore, `npm run seed`), for what this process keeps in memory.
 *
 * `look()` reads SQLite's `PRAGMA data_version`, which changes whenever another connection has
 * committed. It takes a read lock, so it is called once per request and no more. The pragma
 * cannot tell which table changed: every listener hears every commit.
 */
class DataVersionWatcher {
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

export async function openSqlite({ file, busyTimeoutMs = 3000 }: SqliteConfig): Promise<{ db: Kysely<Database>; engine: DatabaseEngine }> {
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
  const watcher = new DataVersionWatcher(sqlite);
  const changes = sqlite.prepare('SELECT total_changes()').pluck();
  const engine: DatabaseEngine = {
    kind: 'sqlite',
    look: () => watcher.look(),
    onCommit: (_table, listener) => watcher.onCommit(listener),
    ownChanges: () => changes.get() as number,
    forEachValue: (query, visit) =>
      dialect.run(() => {
        for (const value of sqlite
          .prepare(query.sql)
          .pluck()
          .iterate(...query.parameters))
          visit(value as never);
      }),
  };
  try {
    await migrateToLatest(db as Kysely<unknown>);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return { db, engine };
}
