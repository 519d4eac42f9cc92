/** The SQLite engine: one connection per process, through a dialect that never blocks (non-blocking-sqlite.ts). */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely } from 'kysely';
import type { DatabaseEngine, OpenedDatabase } from './engine.ts';
import { migrateToLatest } from './migrations.ts';
import { NonBlockingSqliteDialect } from './non-blocking-sqlite.ts';
import type { Database } from './schema.ts';

export type SqliteConfig = {
  kind: 'sqlite';
  /** Absolute path of the SQLite file; its directory is created when missing. */
  file: string;
  /** How long a statement keeps trying while another process holds the lock, before failing with SQLITE_BUSY. */
  busyTimeoutMs?: number;
};

/**
 * Commits by other connections to the file (the staff CLI, a second server, `npm run seed`):
 * `PRAGMA data_version` changes with each. It cannot tell which table: every listener hears all.
 */
class DataVersionWatcher {
  readonly #dataVersion: SqliteDatabase.Statement;
  readonly #listeners: Array<() => void> = [];
  #seen: unknown;

  constructor(sqlite: SqliteDatabase.Database) {
    this.#dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
    this.#seen = this.#dataVersion.get();
  }

  poll(): void {
    const version = this.#dataVersion.get();
    if (version === this.#seen) return;
    this.#seen = version;
    for (const listener of this.#listeners) listener();
  }

  onCommit(listener: () => void): void {
    this.#listeners.push(listener);
  }
}

export async function openSqlite({ file, busyTimeoutMs = 3000 }: SqliteConfig): Promise<OpenedDatabase> {
  mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  try {
    // Opening happens before the server serves anything: here SQLite may wait for a lock itself.
    sqlite.pragma(`busy_timeout = ${Math.trunc(busyTimeoutMs)}`);
    // WAL: readers never block the writer. synchronous=FULL: a commit is on disk before the
    // response goes out (a salon's records matter more than write speed).
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
    pollCommits: () => watcher.poll(),
    onCommit: (_table, listener) => watcher.onCommit(listener),
    // Rows changed through this connection, which data_version does not count.
    localChangeCount: () => changes.get() as number,
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
