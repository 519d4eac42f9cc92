/**
 * Online booking on the landing page (issue 41): an appointment says whether a visitor booked it (`online`); the
 * times visitors hold while they type (`booking_holds`), no two open holds of a member sharing a moment, held by the
 * database as the appointments' rule is (migration 0012): an exclusion constraint on PostgreSQL, a trigger on SQLite,
 * both refusing with the name `booking_holds_no_double_hold` (db/errors.ts reads it). A hold is open from
 * `held_from_ms` to `expires_ms`: two holds conflict only when their times and their open spans both overlap, so an
 * expired hold stands in nobody's way before the background task deletes it. Also the cancel links (a token's hash,
 * once), what an online booking keeps beside the client (`client_details`, erased with them), and the visitors'
 * requests the rate limits count (`booking_requests`, shared by instances of one PostgreSQL).
 */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../engine.ts';

/** A service's longest duration (contract/book.ts SERVICE_DURATION.max), in ms: how far back SQLite's check looks. */
const LONGEST_MS = 480 * 60 * 1000;

export async function up(db: Kysely<unknown>) {
  const postgres = isPostgres(db);
  await db.schema
    .alterTable('appointments')
    .addColumn('online', 'integer', (column) =>
      column
        .notNull()
        .defaultTo(0)
        .check(sql`online IN (0, 1)`),
    )
    .execute();
  // A visitor's email is matched to a client's whatever its case.
  await db.schema
    .createIndex('clients_email_lower')
    .on('clients')
    .expression(sql`lower(email)`)
    .execute();

  await db.schema
    .createTable('booking_holds')
    // sha-256 of the token (hex): the token itself is only the visitor's.
    .addColumn('token_hash', 'text', (column) => column.primaryKey())
    .addColumn('staff_id', 'text', (column) => column.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('service_id', 'text', (column) => column.notNull().references('services.id'))
    .addColumn('start_ms', 'bigint', (column) => column.notNull())
    .addColumn('end_ms', 'bigint', (column) =>
      column.notNull().check(sql`end_ms > start_ms AND end_ms - start_ms <= ${sql.lit(LONGEST_MS)}`),
    )
    .addColumn('held_from_ms', 'bigint', (column) => column.notNull())
    .addColumn('expires_ms', 'bigint', (column) => column.notNull().check(sql`expires_ms > held_from_ms`))
    // The visitor: the connection's address.
    .addColumn('visitor', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('booking_holds_staff_id_start_ms').on('booking_holds').columns(['staff_id', 'start_ms']).execute();
  await db.schema.createIndex('booking_holds_visitor').on('booking_holds').columns(['visitor', 'expires_ms']).execute();
  await db.schema.createIndex('booking_holds_expires_ms').on('booking_holds').column('expires_ms').execute();
  if (postgres) {
    await sql`
      ALTER TABLE booking_holds ADD CONSTRAINT booking_holds_no_double_hold
        EXCLUDE USING gist (staff_id WITH =, int8range(start_ms, end_ms) WITH &&, int8range(held_from_ms, expires_ms) WITH &&)`.execute(db);
  } else {
    // SQLite has one writer at a time: the trigger's read and the row's write are one step under its write lock.
    await sql
      .raw(
        `
      CREATE TRIGGER booking_holds_no_double_hold BEFORE INSERT ON booking_holds
      WHEN EXISTS (
        SELECT 1 FROM booking_holds
        WHERE staff_id = NEW.staff_id
          AND start_ms > NEW.start_ms - ${LONGEST_MS} AND start_ms < NEW.end_ms AND end_ms > NEW.start_ms
          AND held_from_ms < NEW.expires_ms AND expires_ms > NEW.held_from_ms)
      BEGIN
        SELECT RAISE(ABORT, 'booking_holds_no_double_hold');
      END`,
      )
      .execute(db);
  }

  await db.schema
    .createTable('booking_cancel_links')
    // sha-256 of the link's token (hex): unguessable, single-purpose, not the appointment's id.
    .addColumn('token_hash', 'text', (column) => column.primaryKey())
    .addColumn('appointment_id', 'text', (column) => column.notNull().unique().references('appointments.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('used_at', 'text')
    .execute();

  await db.schema
    .createTable('client_details')
    .addColumn('client_id', 'text', (column) => column.primaryKey().references('clients.id').onDelete('cascade'))
    .addColumn('phone', 'text')
    // "Email me about offers": when the consent was given, null without one.
    .addColumn('offers_consent_at', 'text')
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('booking_requests')
    .addColumn('id', 'text', (column) => column.primaryKey())
    // `booking:<address>` or `hold:<address>`.
    .addColumn('key', 'text', (column) => column.notNull())
    .addColumn('at_ms', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('booking_requests_key_at_ms').on('booking_requests').columns(['key', 'at_ms']).execute();
}
