/**
 * Importing clients (issue 29, docs/decisions/028-imports.md): each import's summary, kept to list it and take it
 * back; the log's entries of one import (or of its undo) share a batch id, so that the live updates send them as
 * one `batch` event; and "imported" is a kind of change. SQLite cannot change a CHECK: the log is rebuilt, its
 * numbers kept (and AUTOINCREMENT's counter with them).
 */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../engine.ts';
import { replaceChangeKindsCheck } from './change-kinds-check.ts';

export async function up(db: Kysely<unknown>) {
  const postgres = isPostgres(db);
  await db.schema
    .createTable('imports')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('at', 'text', (column) => column.notNull())
    .addColumn('actor', 'text', (column) => column.notNull())
    .addColumn('file_name', 'text', (column) => column.notNull())
    .addColumn('existing', 'text', (column) => column.notNull().check(sql`existing IN ('skip', 'update')`))
    .addColumn('created', 'integer', (column) => column.notNull())
    .addColumn('updated', 'integer', (column) => column.notNull())
    .addColumn('skipped', 'integer', (column) => column.notNull())
    .addColumn('undone_at', 'text')
    .addColumn('undone_by', 'text')
    // JSON text: the clients the undo left as they were (ClientNamed[]).
    .addColumn('undone_left', 'text')
    // A retried import (Idempotency-Key): answered from here for 24 hours, with the request's hash to compare.
    .addColumn('idempotency_key', 'text')
    .addColumn('request_hash', 'text')
    .execute();
  await db.schema.createIndex('imports_at').on('imports').column('at').execute();
  await db.schema.createIndex('imports_actor_idempotency_key').on('imports').columns(['actor', 'idempotency_key']).unique().execute();

  // SQLite's rebuilt log comes with batch_id and its index; PostgreSQL adds both to the log it has.
  if (postgres) await db.schema.alterTable('client_changes').addColumn('batch_id', 'text').execute();
  await replaceChangeKindsCheck(db, sql`kind IN ('registered', 'updated', 'deleted', 'restored', 'erased', 'imported')`, {
    rebuiltAs: 'client_changes_0008',
    copied: ['seq', 'client_id', 'version', 'kind', 'actor', 'at', 'before', 'after'],
  });
  if (postgres) await db.schema.createIndex('client_changes_batch_id').on('client_changes').column('batch_id').execute();
}
