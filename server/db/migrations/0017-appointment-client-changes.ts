/**
 * An appointment's client changed (issue 40): a merge gives the other client's appointments to the kept one, its undo
 * gives them back, and an erasure or the purge of a deleted client leaves them with none. Each such write is an entry of
 * its own in `appointment_changes` (kind `client-changed`, repositories/appointment-log.ts), so that it makes a new
 * version (the ETag) and reaches the open event streams as the other writes do. PostgreSQL swaps the CHECK of kinds;
 * SQLite cannot change a CHECK: the log is rebuilt under a temporary name, its entries copied with their numbers, and
 * AUTOINCREMENT's counter kept, so that no number is given twice (as change-kinds-check.ts does for the clients' log).
 */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../engine.ts';

const KINDS = sql`kind IN ('booked', 'moved', 'cancelled', 'restored', 'client-changed')`;
const COLUMNS = ['seq', 'appointment_id', 'version', 'kind', 'actor', 'at', 'before', 'after'];

export async function up(db: Kysely<unknown>) {
  if (isPostgres(db)) {
    await sql`ALTER TABLE appointment_changes DROP CONSTRAINT appointment_changes_kind_check`.execute(db);
    await sql`ALTER TABLE appointment_changes ADD CONSTRAINT appointment_changes_kind_check CHECK (${KINDS})`.execute(db);
    return;
  }
  const counter = await sql<{ seq: number }>`SELECT seq FROM sqlite_sequence WHERE name = 'appointment_changes'`.execute(db);
  await db.schema
    .createTable('appointment_changes_rebuilt')
    .addColumn('seq', 'integer', (column) => column.primaryKey().autoIncrement())
    .addColumn('appointment_id', 'text', (column) => column.notNull().references('appointments.id').onDelete('cascade'))
    .addColumn('version', 'integer', (column) => column.notNull())
    .addColumn('kind', 'text', (column) => column.notNull().check(KINDS))
    .addColumn('actor', 'text', (column) => column.notNull())
    .addColumn('at', 'text', (column) => column.notNull())
    .addColumn('before', 'text')
    .addColumn('after', 'text', (column) => column.notNull())
    .execute();
  const columns = sql.join(COLUMNS.map((name) => sql.ref(name)));
  await sql`INSERT INTO appointment_changes_rebuilt (${columns}) SELECT ${columns} FROM appointment_changes ORDER BY seq`.execute(db);
  await db.schema.dropTable('appointment_changes').execute();
  await sql`ALTER TABLE appointment_changes_rebuilt RENAME TO appointment_changes`.execute(db);
  await db.schema
    .createIndex('appointment_changes_appointment_id_seq')
    .on('appointment_changes')
    .columns(['appointment_id', 'seq'])
    .execute();
  const through = counter.rows[0]?.seq;
  if (through !== undefined) {
    await sql`UPDATE sqlite_sequence SET seq = max(seq, ${through}) WHERE name = 'appointment_changes'`.execute(db);
    await sql`INSERT INTO sqlite_sequence (name, seq) SELECT 'appointment_changes', ${through}
      WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'appointment_changes')`.execute(db);
  }
}
