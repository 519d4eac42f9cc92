/**
 * What migrations 0008 and 0009 share (and 0017 the swap and the counter, for the appointments' log): each adds kinds of change, so the change log's CHECK of kinds is replaced.
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
  if (isPostgres(db)) return swapKindsCheck(db, 'client_changes', kinds);
  const through = await counterOf(db, 'client_changes');
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
  await keepCounter(db, 'client_changes', through);
}

type Log = 'client_changes' | 'appointment_changes';

/** PostgreSQL: a log's CHECK of kinds replaced. */
export async function swapKindsCheck(db: Kysely<unknown>, log: Log, kinds: RawBuilder<unknown>): Promise<void> {
  await sql`ALTER TABLE ${sql.table(log)} DROP CONSTRAINT ${sql.ref(`${log}_kind_check`)}`.execute(db);
  await sql`ALTER TABLE ${sql.table(log)} ADD CONSTRAINT ${sql.ref(`${log}_kind_check`)} CHECK (${kinds})`.execute(db);
}

/** SQLite: the last number AUTOINCREMENT gave a log's entries, before the log is rebuilt. */
export async function counterOf(db: Kysely<unknown>, log: Log): Promise<number | undefined> {
  return (await sql<{ seq: number }>`SELECT seq FROM sqlite_sequence WHERE name = ${log}`.execute(db)).rows[0]?.seq;
}

/** SQLite: the rebuilt log's counter at least `through`, so that no number is ever given twice. */
export async function keepCounter(db: Kysely<unknown>, log: Log, through: number | undefined): Promise<void> {
  if (through === undefined) return;
  await sql`UPDATE sqlite_sequence SET seq = max(seq, ${through}) WHERE name = ${log}`.execute(db);
  await sql`INSERT INTO sqlite_sequence (name, seq) SELECT ${log}, ${through} WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = ${log})`.execute(
    db,
  );
}
