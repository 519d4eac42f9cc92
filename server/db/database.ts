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
  try {
    await migrateToLatest(db as Kysely<unknown>);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}
