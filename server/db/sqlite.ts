/** The SQLite engine: one connection per process, through a dialect that never blocks (non-blocking-sqlite.ts). */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import { Kysely } from 'kysely';
import { CommitSignal, sharedPoll, type WatchedTables } from './commit-signal.ts';
import type { DatabaseEngine, OpenedDatabase } from './engine.ts';
import { migrateToLatest } from './migrations/index.ts';
import { NonBlockingSqliteDialect } from './non-blocking-sqlite.ts';
import type { Database } from './schema.ts';
import { openSqliteFile, prepareColumn, type ColumnStatement } from './sqlite-file.ts';

export type SqliteConfig = {
  kind: 'sqlite';
  /** Absolute path of the SQLite file; its directory is created when missing. */
  file: string;
  /** How long a statement keeps trying while another process holds the lock, before failing with SQLITE_BUSY. */
  busyTimeoutMs?: number;
};

/** The tables whose commits the signal tells, as PostgreSQL's counters watch them (migrations 0002 and 0013). */
const WATCHED: ReadonlyArray<readonly [table: string, tables: WatchedTables]> = [
  ['clients', 'clients'],
  ['sessions', 'auth'],
  ['staff', 'auth'],
  ['appointments', 'book'],
];

/**
 * The after-commit signal on SQLite (docs/decisions/022-one-after-commit-signal.md). This connection's commits:
 * temporary triggers (this connection's only, nothing in the file) note the watched tables a statement changed, and
 * the dialect tells them once the statement or its transaction has ended. Other connections' commits (the staff CLI,
 * a second server, `npm run seed`): `PRAGMA data_version` changes with each, without telling which table, so every
 * listener hears of it.
 */
class SqliteCommits {
  readonly signal = new CommitSignal();
  readonly #dataVersion: ColumnStatement;
  readonly #changed = new Set<WatchedTables>();
  #seen: unknown;

  constructor(sqlite: DatabaseSync) {
    this.#dataVersion = prepareColumn(sqlite, 'PRAGMA data_version');
    this.#seen = this.#dataVersion.get();
    sqlite.function('salon_changed', (tables) => {
      this.#changed.add(tables as WatchedTables);
      return null;
    });
    for (const [table, tables] of WATCHED) {
      for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
        sqlite.exec(
          `CREATE TEMP TRIGGER salon_${table}_${event.toLowerCase()} AFTER ${event} ON main.${table} BEGIN SELECT salon_changed('${tables}'); END`,
        );
      }
    }
  }

  /** After a statement that may have committed (dialect): tells what this connection changed. */
  afterCommit(): void {
    if (this.#changed.size === 0) return;
    const changed = [...this.#changed];
    this.#changed.clear();
    this.signal.emit(changed);
  }

  /** Others' commits: one comparison of a counter SQLite keeps (a read lock, no query), shared by a turn's requests. */
  readonly poll = sharedPoll(() => this.#pollNow());

  #pollNow(): void {
    const version = this.#dataVersion.get();
    if (version === this.#seen) return;
    this.#seen = version;
    this.signal.emit(['clients', 'auth', 'book']);
  }
}

export async function openSqlite({ file, busyTimeoutMs = 3000 }: SqliteConfig): Promise<OpenedDatabase> {
  mkdirSync(dirname(file), { recursive: true });
  // Opening happens before the server serves anything: here SQLite may wait for a lock itself.
  const sqlite = openSqliteFile(file, { timeoutMs: Math.trunc(busyTimeoutMs) });
  try {
    // WAL: readers never block the writer. synchronous=FULL: a commit is on disk before the
    // response goes out (a salon's records matter more than write speed).
    sqlite.exec('PRAGMA journal_mode = WAL');
    sqlite.exec('PRAGMA synchronous = FULL');
    sqlite.exec('PRAGMA foreign_keys = ON');
    // What a write removes is overwritten with zeros, freed pages too (ON, not FAST): an erased client's bytes stay
    // in no free page and no free space of a page (docs/decisions/025-an-erasure-that-erases.md).
    sqlite.exec('PRAGMA secure_delete = ON');
    // From now on, waiting for a lock is the dialect's, on timers (non-blocking-sqlite.ts).
    sqlite.exec('PRAGMA busy_timeout = 0');
  } catch (error) {
    sqlite.close();
    throw error;
  }
  let commits: SqliteCommits | undefined;
  const dialect = new NonBlockingSqliteDialect(sqlite, busyTimeoutMs, () => commits?.afterCommit());
  const db = new Kysely<Database>({ dialect });
  try {
    await migrateToLatest(db as Kysely<unknown>);
    // After the migrations: the triggers need the tables.
    commits = new SqliteCommits(sqlite);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  const watched = commits;
  const engine: DatabaseEngine = {
    kind: 'sqlite',
    emptyWriteAheadLog: () =>
      dialect.run(() => {
        // busy: another process reads an older snapshot, or writes (busy_timeout is 0: no waiting for it here).
        const result = sqlite.prepare('PRAGMA wal_checkpoint(TRUNCATE)').get() as { busy: number } | undefined;
        return result?.busy === 0;
      }),
    onCommit: (tables, listener) => watched.signal.on(tables, listener),
    pollCommits: () => watched.poll(),
    forEachValue: (query, visit) =>
      dialect.run(() => {
        for (const value of prepareColumn(sqlite, query.sql).iterate(...(query.parameters as readonly SQLInputValue[])))
          visit(value as never);
      }),
  };
  return { db, engine };
}
