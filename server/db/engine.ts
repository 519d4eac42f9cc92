/** What the server's caches need of SQLite or PostgreSQL: the after-commit signal, and a fast read of one column. */
import { PostgresAdapter, type CompiledQuery, type Kysely } from 'kysely';
import type { FailureEpisodes } from '../background/background-tasks.ts';
import type { WatchedTables } from './commit-signal.ts';
import type { Database } from './schema.ts';

/** pg_advisory_lock keys of this application (PostgreSQL) (any fixed numbers, the same in every instance). */
export const ADVISORY_LOCKS = { migrations: 7_240_001, initialAccount: 7_240_002, staffChanges: 7_240_003, bookings: 7_240_004 } as const;

export interface DatabaseEngine {
  kind: 'sqlite' | 'postgres';
  /**
   * The after-commit signal (docs/decisions/022-one-after-commit-signal.md): `listener` runs once for each commit
   * that changed `tables`, this process's or another's; commits that come together may be told once. This process's
   * commits on SQLite are told before the write's promise resolves; everything else once `pollCommits` or the
   * watching (`watchCommits`) has seen it.
   */
  onCommit(tables: WatchedTables, listener: () => void): void;
  /**
   * Tells the signal of every commit complete before this call that it has not told yet: once per /api request,
   * before anything reads a cache. SQLite compares `PRAGMA data_version` (no query); PostgreSQL reads the
   * `data_versions` counters; on both, one poll serves the requests that arrive in one turn of the event loop.
   */
  pollCommits(): Promise<void>;
  /**
   * Hears of others' commits without waiting for a request, so that the change feed hears of them within moments:
   * PostgreSQL LISTENs for new log entries (migrations 0004 and 0013) and polls on each notification and after each
   * reconnection (a notification sent meanwhile is lost, the counters are not); SQLite has nothing to listen to
   * (undefined): the caller polls every so often instead. Failures (and the success that ends them) go to
   * `report`; returns what stops it.
   */
  listenForCommits?(report: FailureEpisodes): () => Promise<void>;
  /**
   * SQLite: copies its write-ahead log into the database file and empties it (`PRAGMA wal_checkpoint(TRUNCATE)`), so
   * that neither keeps a page as it was before a commit that removed personal data (an erasure). True when done;
   * false when another process still reads an older snapshot or writes (try again later): never waits for them.
   * PostgreSQL has none: its own WAL and dead tuples are reclaimed by its checkpoints and VACUUM (docs/operations.md,
   * "What erasure does not reach").
   */
  emptyWriteAheadLog?(): Promise<boolean>;
  /**
   * Runs `query` and hands `visit` the value of each row's only column, without the object
   * per row that Kysely makes where the engine can (SQLite's cursor).
   */
  forEachValue<T>(query: CompiledQuery<Record<string, T>>, visit: (value: T) => void): Promise<void>;
}

/** The database, and its engine for what keeps a copy of its rows in memory. */
export type OpenedDatabase = { db: Kysely<Database>; engine: DatabaseEngine };

/** Whether `db` (the database, a transaction or a connection of it) speaks PostgreSQL. */
export function isPostgres(db: Kysely<unknown> | Kysely<Database>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
