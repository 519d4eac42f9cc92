/**
 * Merging duplicates (issue 29, docs/decisions/029-merges.md): each merge, with what its undo needs to put both
 * clients back as they were (the kept one's values before, the other's row as it was: it leaves the clients table
 * while merged); "merged" and "unmerged" are kinds of change. SQLite cannot change a CHECK: the log is rebuilt
 * again, its numbers kept (and AUTOINCREMENT's counter with them).
 */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../engine.ts';

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('merges')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('at', 'text', (column) => column.notNull())
    .addColumn('actor', 'text', (column) => column.notNull())
    .addColumn('kept_id', 'text', (column) => column.notNull())
    .addColumn('other_id', 'text', (column) => column.notNull())
    // The version the merge gave the kept client: an undo finds it unchanged only at this version.
    .addColumn('kept_version', 'integer', (column) => column.notNull())
    // JSON text: the kept client's fields before and after (ClientFields), the choices (MergeChoices).
    .addColumn('kept_before', 'text', (column) => column.notNull())
    .addColumn('kept_after', 'text', (column) => column.notNull())
    .addColumn('fields', 'text', (column) => column.notNull())
    // JSON text: the other client's row as it was, every column (an undo inserts it again).
    .addColumn('other_row', 'text', (column) => column.notNull())
    .addColumn('undone_at', 'text')
    .addColumn('undone_by', 'text')
    .execute();
  await db.schema.createIndex('merges_kept_id').on('merges').column('kept_id').execute();
  await db.schema.createIndex('merges_other_id').on('merges').column('other_id').execute();

  const kinds = sql`kind IN ('registered', 'updated', 'deleted', 'restored', 'erased', 'imported', 'merged', 'unmerged')`;
  if (isPostgres(db)) {
    await sql`ALTER TABLE client_changes DROP CONSTRAINT client_changes_kind_check`.execute(db);
    await sql`ALTER TABLE client_changes ADD CONSTRAINT client_changes_kind_check CHECK (${kinds})`.execute(db);
    return;
  }
  const counter = await sql<{ seq: number }>`SELECT seq FROM sqlite_sequence WHERE name = 'client_changes'`.execute(db);
  await db.schema
    .createTable('client_changes_0009')
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
        INSERT INTO client_changes_0009 (seq, client_id, version, kind, actor, at, before, after, batch_id)
        SELECT seq, client_id, version, kind, actor, at, before, after, batch_id FROM client_changes ORDER BY seq`.execute(db);
  await db.schema.dropTable('client_changes').execute();
  await sql`ALTER TABLE client_changes_0009 RENAME TO client_changes`.execute(db);
  await db.schema.createIndex('client_changes_client_id_seq').on('client_changes').columns(['client_id', 'seq']).execute();
  await db.schema.createIndex('client_changes_batch_id').on('client_changes').column('batch_id').execute();
  const through = counter.rows[0]?.seq;
  if (through !== undefined) {
    await sql`UPDATE sqlite_sequence SET seq = max(seq, ${through}) WHERE name = 'client_changes'`.execute(db);
    await sql`INSERT INTO sqlite_sequence (name, seq) SELECT 'client_changes', ${through} WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'client_changes')`.execute(
      db,
    );
  }
}
