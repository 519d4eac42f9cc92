/**
 * Importing clients (issue 29, docs/decisions/028-imports.md): each import's summary, kept to list it and take it
 * back; the log's entries of one import (or of its undo) share a batch id, so that the live updates send them as
 * one `batch` event; and "imported" is a kind of change. SQLite cannot change a CHECK: the log is rebuilt, its
 * numbers kept (and AUTOINCREMENT's counter with them).
 */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../engine.ts';

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

  const kinds = sql`kind IN ('registered', 'updated', 'deleted', 'restored', 'erased', 'imported')`;
  if (postgres) {
    await db.schema.alterTable('client_changes').addColumn('batch_id', 'text').execute();
    await sql`ALTER TABLE client_changes DROP CONSTRAINT client_changes_kind_check`.execute(db);
    await sql`ALTER TABLE client_changes ADD CONSTRAINT client_changes_kind_check CHECK (${kinds})`.execute(db);
  } else {
    const counter = await sql<{ seq: number }>`SELECT seq FROM sqlite_sequence WHERE name = 'client_changes'`.execute(db);
    await db.schema
      .createTable('client_changes_0008')
      .addColumn('seq', 'integer', (column) => column.primaryKey().autoIncrement())
      .addColumn('client_id', 'text', (column) => column.notNull())
      .addColumn('version', 'integer', (column) => column.notNull())
      .addColumn('kind', 'text', (column) => column.notNull().check(kinds))
      .addColumn('actor', 'text', (column) => column.notNull())
      .addColumn('at', 'text', (column) => column.notNull())
      .addColumn('before', 'text')
      .addColumn('after', 'text')
      .addColumn('batch_id', 'text')
      .execute();
    await sql`
          INSERT INTO client_changes_0008 (seq, client_id, version, kind, actor, at, before, after)
          SELECT seq, client_id, version, kind, actor, at, before, after FROM client_changes ORDER BY seq`.execute(db);
    await db.schema.dropTable('client_changes').execute();
    await sql`ALTER TABLE client_changes_0008 RENAME TO client_changes`.execute(db);
    await db.schema.createIndex('client_changes_client_id_seq').on('client_changes').columns(['client_id', 'seq']).execute();
    const through = counter.rows[0]?.seq;
    if (through !== undefined) {
      await sql`UPDATE sqlite_sequence SET seq = max(seq, ${through}) WHERE name = 'client_changes'`.execute(db);
      await sql`INSERT INTO sqlite_sequence (name, seq) SELECT 'client_changes', ${through} WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'client_changes')`.execute(
        db,
      );
    }
  }
  await db.schema.createIndex('client_changes_batch_id').on('client_changes').column('batch_id').execute();
}
