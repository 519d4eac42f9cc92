/**
 * Opens the salon's database, SQLite (sqlite.ts, the embedded default) or PostgreSQL
 * (postgres.ts, for several instances on one database), behind the same Kysely<Database>.
 * What differs between them and the code above needs is the engine registered here: how to
 * learn of commits by other connections, and how to read many values in one go.
 */
import { PostgresAdapter, type CompiledQuery, type Kysely } from 'kysely';
import { openPostgres } from './postgres.ts';
import type { Database } from './schema.ts';
import { openSqlite } from './sqlite.ts';

export type SqliteConfig = {
  kind: 'sqlite';
  /** Absolute path of the SQLite file; its directory is created when missing. */
  file: string;
  /** How long a statement keeps trying while another process holds the lock, before failing with SQLITE_BUSY. */
  busyTimeoutMs?: number;
};

export type PostgresConfig = {
  kind: 'postgres';
  /** `postgres://user:password@host:5432/salon`. */
  url: string;
  /** Connections kept open at most, per server process. */
  poolSize: number;
  /** How long opening a connection may take before the request gets 503. */
  connectTimeoutMs: number;
  /** How long a statement may run before PostgreSQL cancels it (and the request gets 503). */
  statementTimeoutMs: number;
};

export type DatabaseConfig = SqliteConfig | PostgresConfig;

/** What a cache depends on: the clients, or the sessions and staff accounts. */
export type WatchedTables = 'clients' | 'auth';

export interface DatabaseEngine {
  kind: DatabaseConfig['kind'];
  /**
   * Looks whether another connection has committed a change since the last look, and tells
   * the listeners of what changed. Called once per /api request, before anything reads a
   * cache, so that a commit complete when the request arrived is always seen.
   */
  look(): void | Promise<void>;
  onCommit(tables: WatchedTables, listener: () => void): void;
  /** A number that changes whenever this process has changed a row that `look` does not report. */
  ownChanges(): number;
  /**
   * Runs `query` and hands `visit` the value of each row's only column, without the object
   * per row that Kysely makes where the engine can (SQLite's cursor).
   */
  forEachValue<T>(query: CompiledQuery<Record<string, T>>, visit: (value: T) => void): Promise<void>;
}

const engines = new WeakMap<object, DatabaseEngine>();

export function databaseEngine(db: Kysely<Database>): DatabaseEngine {
  const engine = engines.get(db);
  if (!engine) throw new Error('This database was not opened by openDatabase');
  return engine;
}

/** Whether `db` (the database, a transaction or a connection of it) speaks PostgreSQL. */
export function isPostgres(db: Kysely<unknown> | Kysely<Database>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Opens and migrates the database; the server does not start when this throws. */
export async function openDatabase(config: DatabaseConfig, onIdleError?: (error: unknown) => void): Promise<Kysely<Database>> {
  const { db, engine } = config.kind === 'sqlite' ? await openSqlite(config) : await openPostgres(config, onIdleError);
  engines.set(db, engine);
  return db;
}
