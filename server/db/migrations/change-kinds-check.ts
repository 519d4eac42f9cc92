/**
 * What migrations 0008 and 0009 share: each adds kinds of change, so the change log's CHECK of kinds is replaced.
 * PostgreSQL swaps the constraint. SQLite cannot change a CHECK: the log is rebuilt (its columns as of 0008, batch_id
 * among them) under a temporary name, its entries copied with their numbers, the old one dropped, the new one renamed
 * and its indexes made again, and AUTOINCREMENT's counter kept, so that no number is ever given twice.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { isPostgres } from '../engine.ts';

export async function replaceChangeKindsCheck(
  db: Kysely<unknown>,
  /** The new CHECK: `kind IN (…)`. */
  kinds: RawBuilder<unknown>,
  /** SQLite: the rebuilt log's temporary name, and the old log's columns to copy (the ones it has). */
  sqlite: { rebuiltAs: string; copied: readonly string[] },
): Promise<void> {
  if (isPostgres(db)) {
    await sql`ALTER TABLE client_changes DROP CONSTRAINT client_changes_kind_check`.execute(db);
    await sql`ALTER TABLE client_changes ADD CONSTRAINT client_changes_kind_check CHECK (${kinds})`.execute(db);
    return;
  }
  const counter = await sql<{ seq: number }>`SELECT seq FROM sqlite_sequence WHERE name = 'client_changes'`.execute(db);
  await db.schema
    .createTable(sqlite.rebuiltAs)
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
  const columns = sql.join(sqlite.copied.map((name) => sql.ref(name)));
  await sql`
    INSERT INTO ${sql.table(sqlite.rebuiltAs)} (${columns})
    SELECT ${columns} FROM client_changes ORDER BY seq`.execute(db);
  await db.schema.dropTable('client_changes').execute();
  await sql`ALTER TABLE ${sql.table(sqlite.rebuiltAs)} RENAME TO client_changes`.execute(db);
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
