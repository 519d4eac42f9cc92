/**
 * Merging duplicates (issue 29, docs/decisions/029-merges.md): each merge, with what its undo needs to put both
 * clients back as they were (the kept one's values before, the other's row as it was: it leaves the clients table
 * while merged); "merged" and "unmerged" are kinds of change. SQLite cannot change a CHECK: the log is rebuilt
 * again, its numbers kept (and AUTOINCREMENT's counter with them).
 */
import { sql, type Kysely } from 'kysely';
import { replaceChangeKindsCheck } from './change-kinds-check.ts';

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

  await replaceChangeKindsCheck(
    db,
    sql`kind IN ('registered', 'updated', 'deleted', 'restored', 'erased', 'imported', 'merged', 'unmerged')`,
    {
      rebuiltAs: 'client_changes_0009',
      copied: ['seq', 'client_id', 'version', 'kind', 'actor', 'at', 'before', 'after', 'batch_id'],
    },
  );
}
