/** What the server's caches need of SQLite or PostgreSQL: others' commits, and a fast read of one column. */
import { PostgresAdapter, type CompiledQuery, type Kysely } from 'kysely';
import type { FailureEpisodes } from '../background/background-tasks.ts';
import type { Database } from './schema.ts';

/** What a cache depends on: the clients, or the sessions and staff accounts. */
export type WatchedTables = 'clients' | 'auth';

export interface DatabaseEngine {
  kind: 'sqlite' | 'postgres';
  /**
   * Asks the database whether another connection has committed since the last poll, and tells
   * the `onCommit` listeners of what changed. Called once per /api request, before anything
   * reads a cache, so that a commit complete when the request arrived is always seen.
   */
  pollCommits(): void | Promise<void>;
  onCommit(tables: WatchedTables, listener: () => void): void;
  /**
   * Hears of others' commits without waiting for a request, so that the `onCommit` listeners hear of them within
   * moments (for the live updates' change feed): PostgreSQL LISTENs for new log entries (migration 0004) and polls on
   * each notification and after each reconnection (a notification sent meanwhile is lost, the counters are not).
   * Absent on SQLite, which has nothing to listen to: the caller calls `pollCommits` every so often instead.
   * Failures (and the success that ends them) go to `report`; returns what stops it.
   */
  listenForCommits?(report: FailureEpisodes): () => Promise<void>;
  /** A count that grows whenever this process changes a row that `pollCommits` does not report. */
  localChangeCount(): number;
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
