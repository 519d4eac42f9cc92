/**
 * The appointments' one writer (as client-log.ts is the clients'; decision 031): every write of an `appointments`
 * row and its entry in `appointment_changes`, in the caller's transaction, the row first and its entry after, so that
 * a later reader of the log in `seq` order (the live updates, issue 40's round 2) can rely on the order client-log.ts
 * keeps. The database refuses an overlap in the row's own statement (migration 0012): the caller's transaction ends,
 * and db/errors.ts's `bookRefusal` names it.
 */
import { sql, type Transaction } from 'kysely';
import type { AppointmentChangeKind } from '#contract/appointments';
import { ADVISORY_LOCKS, isPostgres } from '../db/engine.ts';
import type { AppointmentsTable, Database } from '../db/schema.ts';
import type { Writer } from './client-log.ts';

/** What an entry records of an appointment: its member and times (epoch ms) and status; the API's AppointmentState. */
export type StoredState = { staff: string; start: number; end: number; status: AppointmentsTable['status'] };

/**
 * On PostgreSQL, queues the writers of one member's time (until the transaction ends). The exclusion constraint still
 * refuses the overlap; but concurrent inserts that overlap each find the other's row not yet committed and wait for
 * each other, and twenty at once made deadlock chains that PostgreSQL untied one a second (deadlock_timeout), past the
 * statement timeout: 19 answers of 503 instead of 409 in 1 run of 25. Queued, each writer meets the committed row
 * and is refused at once. SQLite's one writer at a time needs nothing.
 */
async function queueWriters(trx: Transaction<Database>, staffId: string): Promise<void> {
  if (isPostgres(trx)) await sql`SELECT pg_advisory_xact_lock(${ADVISORY_LOCKS.bookings}, hashtext(${staffId}))`.execute(trx);
}

const staffOf = async (trx: Transaction<Database>, id: string): Promise<string> =>
  (await trx.selectFrom('appointments').select('staff_id').where('id', '=', id).executeTakeFirstOrThrow()).staff_id;

/** Appends the entry of a write that made `version`. */
async function appendChange(
  trx: Transaction<Database>,
  id: string,
  version: number,
  kind: AppointmentChangeKind,
  { by, now }: Writer,
  before: StoredState | null,
  after: StoredState,
): Promise<void> {
  await trx
    .insertInto('appointment_changes')
    .values({
      appointment_id: id,
      version,
      kind,
      actor: by,
      at: now.toISOString(),
      before: before && JSON.stringify(before),
      after: JSON.stringify(after),
    })
    .execute();
}

export type NewRow = {
  id: string;
  clientId: string;
  serviceId: string;
  staffId: string;
  state: StoredState;
  idempotencyKey: string | undefined;
};

/** Books: the row at version 1, and its `booked` entry. */
export async function book(trx: Transaction<Database>, row: NewRow, writer: Writer): Promise<void> {
  const now = writer.now.toISOString();
  await queueWriters(trx, row.staffId);
  await trx
    .insertInto('appointments')
    .values({
      id: row.id,
      client_id: row.clientId,
      service_id: row.serviceId,
      staff_id: row.staffId,
      start_ms: row.state.start,
      end_ms: row.state.end,
      status: 'booked',
      version: 1,
      created_at: now,
      updated_at: now,
      booked_by: writer.by,
      idempotency_key: row.idempotencyKey ?? null,
    })
    .execute();
  await appendChange(trx, row.id, 1, 'booked', writer, null, row.state);
}

/** Forgets `by`'s Idempotency-Key `key` where it was sent before `since`: it may name a new booking. */
export async function forgetKey(trx: Transaction<Database>, by: string, key: string, since: string): Promise<void> {
  await trx
    .updateTable('appointments')
    .set({ idempotency_key: null })
    .where('booked_by', '=', by)
    .where('idempotency_key', '=', key)
    .where('created_at', '<', since)
    .execute();
}

/**
 * Writes an appointment read (under its lock, in this transaction) at `version` in state `before`: `after` and the
 * next version, and its entry. The new version.
 */
export async function change(
  trx: Transaction<Database>,
  id: string,
  kind: Exclude<AppointmentChangeKind, 'booked'>,
  writer: Writer,
  { version, before, after, staffId }: { version: number; before: StoredState; after: StoredState; staffId?: string },
): Promise<number> {
  // A cancellation frees time: it takes nobody's.
  if (after.status === 'booked') await queueWriters(trx, staffId ?? (await staffOf(trx, id)));
  await trx
    .updateTable('appointments')
    .set({
      ...(staffId === undefined ? {} : { staff_id: staffId }),
      start_ms: after.start,
      end_ms: after.end,
      status: after.status,
      updated_at: writer.now.toISOString(),
      version: version + 1,
    })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirstOrThrow();
  await appendChange(trx, id, version + 1, kind, writer, before, after);
  return version + 1;
}
