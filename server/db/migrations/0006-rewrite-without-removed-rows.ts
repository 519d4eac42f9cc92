/**
 * An erasure that erases: SQLite now zeroes what a write removes (secure_delete, sqlite.ts), but a file written
 * before kept removed rows, earlier values among them, in free pages and in the free space of pages. VACUUM, once,
 * rewrites the file from its live rows only; the checkpoint empties the write-ahead log of the pages it held
 * (docs/decisions/025-an-erasure-that-erases.md). PostgreSQL: nothing to do (its VACUUM: docs/operations.md).
 */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../engine.ts';

export async function up(db: Kysely<unknown>) {
  if (isPostgres(db)) return;
  await sql`VACUUM`.execute(db);
  await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
}
