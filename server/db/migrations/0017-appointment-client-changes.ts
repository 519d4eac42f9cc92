/**
 * An appointment's client changed (issue 40): a merge gives the other client's appointments to the kept one, its undo
 * gives them back, and an erasure or the purge of a deleted client leaves them with none. Each such write is an entry of
 * its own in `appointment_changes` (kind `client-changed`, repositories/appointment-log.ts), so that it makes a new
 * version (the ETag) and reaches the open event streams as the other writes do. PostgreSQL swaps the CHECK of kinds;
 * SQLite cannot change a CHECK: the log is rebuilt under a temporary name, its entries copied with their numbers, and
 * AUTOINCREMENT's counter kept, so that no number is given twice (change-kinds-check.ts, as for the clients' log).
 */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../engine.ts';
import { counterOf, keepCounter, swapKindsCheck } from './change-kinds-check.ts';

const KINDS = sql`kind IN ('booked', 'moved', 'cancelled', 'restored', 'client-changed')`;
const COLUMNS = ['seq', 'appointment_id', 'version', 'kind', 'actor', 'at', 'before', 'after'];

export async function up(db: Kysely<unknown>) {
  if (isPostgres(db)) return swapKindsCheck(db, 'appointment_changes', KINDS);
  const through = await counterOf(db, 'appointment_changes');
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
  await keepCounter(db, 'appointment_changes', through);
}
