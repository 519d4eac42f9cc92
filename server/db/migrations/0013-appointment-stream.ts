/**
 * Live updates of the book (issue 40): on PostgreSQL, every write of appointments bumps a counter of its own, `book`
 * (not `clients`: a booking must not empty the clients' read model), and each new entry of `appointment_changes`
 * notifies the instances (LISTEN appointment_changes), as migrations 0002 and 0004 do for the clients. The counter's
 * row, taken by the statement that writes the appointment and held until the commit, also numbers the log's entries in
 * commit order (the row first, its entry after: repositories/appointment-log.ts), which the feed relies on. SQLite's
 * one writer numbers them so already, and its signal is the process's (db/sqlite.ts): nothing to do there.
 */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../engine.ts';
import { createNotifyFunction, notifyAfter } from './pg-notify.ts';

export async function up(db: Kysely<unknown>) {
  if (!isPostgres(db)) return;
  await sql`INSERT INTO data_versions (name, version) VALUES ('book', 0)`.execute(db);
  await sql`
    CREATE TRIGGER appointments_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON appointments
    FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('book')`.execute(db);
  await createNotifyFunction(db, 'notify_appointment_changes', 'appointment_changes', 4);
  await notifyAfter(db, 'appointment_changes_notify', 'INSERT', 'appointment_changes', 'notify_appointment_changes');
}
