/**
 * The schema's migrations, one a file (`NNNN-purpose.ts`, exporting its `up`), listed here for Kysely's Migrator,
 * which runs them on every start in name order. A name below is what the kysely_migration table of every database
 * records, so it is never changed (migrations.test.ts); a released migration is never edited, only followed, down to
 * the indentation inside its SQL text (the databases keep a trigger's or function's text as written). Written with
 * Kysely's schema builder, so that they run on PostgreSQL too.
 */
import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { up as initial } from './0001-initial.ts';
import { up as sharedState } from './0002-shared-state.ts';
import { up as clientChanges } from './0003-client-changes.ts';
import { up as changeStream } from './0004-change-stream.ts';
import { up as idempotencyKeys } from './0005-idempotency-keys.ts';
import { up as rewriteWithoutRemovedRows } from './0006-rewrite-without-removed-rows.ts';
import { up as team } from './0007-team.ts';
import { up as imports } from './0008-imports.ts';
import { up as merges } from './0009-merges.ts';
import { up as passkeys } from './0010-passkeys.ts';
import { up as servicesAndHours } from './0011-services-and-hours.ts';
import { up as appointments } from './0012-appointments.ts';
import { up as appointmentStream } from './0013-appointment-stream.ts';
import { up as appointmentsFollowTheirClient } from './0014-appointments-follow-their-client.ts';
import { up as onlineBooking } from './0015-online-booking.ts';
import { up as outbox } from './0016-outbox.ts';
import { up as appointmentClientChanges } from './0017-appointment-client-changes.ts';
import { up as outboxClient } from './0018-outbox-client.ts';

export const migrations: Record<string, Migration> = {
  '0001_initial': { up: initial },
  '0002_shared_state': { up: sharedState },
  '0003_client_changes': { up: clientChanges },
  '0004_change_stream': { up: changeStream },
  '0005_idempotency_keys': { up: idempotencyKeys },
  '0006_rewrite_without_removed_rows': { up: rewriteWithoutRemovedRows },
  '0007_team': { up: team },
  '0008_imports': { up: imports },
  '0009_merges': { up: merges },
  '0010_passkeys': { up: passkeys },
  '0011_services_and_hours': { up: servicesAndHours },
  '0012_appointments': { up: appointments },
  '0013_appointment_stream': { up: appointmentStream },
  '0014_appointments_follow_their_client': { up: appointmentsFollowTheirClient },
  '0015_online_booking': { up: onlineBooking },
  '0016_outbox': { up: outbox },
  '0017_appointment_client_changes': { up: appointmentClientChanges },
  '0018_outbox_client': { up: outboxClient },
};

/** What Kysely's Migrator reads the migrations from. */
export const migrationProvider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations) };

/** Brings the schema up to date; throws (and the server does not start) if a migration fails. */
export async function migrateToLatest(db: Kysely<unknown>): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const which = failed ? ` ${failed.migrationName}` : '';
    throw new Error(`Database migration${which} failed`, { cause: error });
  }
}
