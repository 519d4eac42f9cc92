/**
 * The book's appointments (issue 40, docs/decisions/038-the-book.md): each an instant range of one member, for one
 * client and service, booked or cancelled; and its own history, `appointment_changes` (repositories/appointment-log.ts
 * its one writer). No two appointments of a member that are not cancelled share a moment, held by the database
 * itself: an exclusion constraint on PostgreSQL (btree_gist), two triggers on SQLite, both refusing with the name
 * `appointments_no_double_booking` (db/errors.ts reads it).
 */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../engine.ts';

/** A service's longest duration (contract/book.ts SERVICE_DURATION.max), in ms: how far back SQLite's check looks. */
const LONGEST_MS = 480 * 60 * 1000;

export async function up(db: Kysely<unknown>) {
  const postgres = isPostgres(db);
  // Trusted since PostgreSQL 13: the database's owner creates it (docs/operations.md).
  if (postgres) await sql`CREATE EXTENSION IF NOT EXISTS btree_gist`.execute(db);
  await db.schema
    .createTable('appointments')
    .addColumn('id', 'text', (column) => column.primaryKey())
    // Null once the client is erased (or purged): the appointment keeps nothing that names them.
    .addColumn('client_id', 'text', (column) => column.references('clients.id').onDelete('set null'))
    // A service is never deleted, only marked removed: it stays on its appointments.
    .addColumn('service_id', 'text', (column) => column.notNull().references('services.id'))
    // The member's account (an id never changes, a username could be taken again after a removal): an account with
    // appointments cannot be removed, only disabled.
    .addColumn('staff_id', 'text', (column) => column.notNull().references('staff.id'))
    // Whole epoch milliseconds, from start (included) to end (excluded).
    .addColumn('start_ms', 'bigint', (column) => column.notNull())
    .addColumn('end_ms', 'bigint', (column) =>
      column.notNull().check(sql`end_ms > start_ms AND end_ms - start_ms <= ${sql.lit(LONGEST_MS)}`),
    )
    .addColumn('status', 'text', (column) => column.notNull().check(sql`status IN ('booked', 'cancelled')`))
    .addColumn('version', 'integer', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    // The booking's Idempotency-Key and who sent it (contract/idempotency-key.ts): kept 24 hours, then set null.
    .addColumn('booked_by', 'text', (column) => column.notNull())
    .addColumn('idempotency_key', 'text')
    .execute();
  await db.schema.createIndex('appointments_staff_id_start_ms').on('appointments').columns(['staff_id', 'start_ms']).execute();
  await db.schema.createIndex('appointments_start_ms').on('appointments').column('start_ms').execute();
  await db.schema.createIndex('appointments_client_id').on('appointments').column('client_id').execute();
  await db.schema
    .createIndex('appointments_idempotency_key')
    .on('appointments')
    .columns(['booked_by', 'idempotency_key'])
    .unique()
    .execute();

  if (postgres) {
    await sql`
      ALTER TABLE appointments ADD CONSTRAINT appointments_no_double_booking
        EXCLUDE USING gist (staff_id WITH =, int8range(start_ms, end_ms) WITH &&) WHERE (status <> 'cancelled')`.execute(db);
  } else {
    // SQLite has one writer at a time: the trigger's read and the row's write are one step under its write lock.
    const overlapping = (except: string) => `
        SELECT 1 FROM appointments
        WHERE staff_id = NEW.staff_id AND status <> 'cancelled'${except}
          AND start_ms > NEW.start_ms - ${LONGEST_MS} AND start_ms < NEW.end_ms AND end_ms > NEW.start_ms`;
    for (const [name, event, except] of [
      ['appointments_no_double_booking_insert', 'INSERT', ''],
      ['appointments_no_double_booking_update', 'UPDATE OF staff_id, start_ms, end_ms, status', ' AND id <> NEW.id'],
    ] as const) {
      await sql
        .raw(
          `
      CREATE TRIGGER ${name} BEFORE ${event} ON appointments
      WHEN NEW.status <> 'cancelled' AND EXISTS (${overlapping(except)})
      BEGIN
        SELECT RAISE(ABORT, 'appointments_no_double_booking');
      END`,
        )
        .execute(db);
    }
  }

  await db.schema
    .createTable('appointment_changes')
    .addColumn('seq', postgres ? 'bigint' : 'integer', (column) =>
      postgres ? column.primaryKey().generatedByDefaultAsIdentity() : column.primaryKey().autoIncrement(),
    )
    .addColumn('appointment_id', 'text', (column) => column.notNull().references('appointments.id').onDelete('cascade'))
    .addColumn('version', 'integer', (column) => column.notNull())
    .addColumn('kind', 'text', (column) => column.notNull().check(sql`kind IN ('booked', 'moved', 'cancelled', 'restored')`))
    .addColumn('actor', 'text', (column) => column.notNull())
    .addColumn('at', 'text', (column) => column.notNull())
    // JSON text: the appointment's member and times before and after the write (AppointmentState), no personal data.
    .addColumn('before', 'text')
    .addColumn('after', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('appointment_changes_appointment_id_seq')
    .on('appointment_changes')
    .columns(['appointment_id', 'seq'])
    .execute();
}
