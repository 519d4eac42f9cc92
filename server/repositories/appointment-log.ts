/**
 * The appointments' one writer (as client-log.ts is the clients'; decision 031): every write of an `appointments`
 * row and its entry in `appointment_changes`, in the caller's transaction, the row first and its entry after, so that
 * a later reader of the log in `seq` order (the live updates, issue 40's round 2) can rely on the order client-log.ts
 * keeps. The database refuses an overlap in the row's own statement (migration 0012): the caller's transaction ends,
 * and db/errors.ts's `bookRefusal` names it.
 */
import { sql, type SelectQueryBuilder, type Transaction } from 'kysely';
import type { AppointmentChangeKind } from '#contract/appointments';
import { ADVISORY_LOCKS, isPostgres } from '../db/engine.ts';
import { bookRefusal } from '../db/errors.ts';
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
export async function queueWriters(trx: Transaction<Database>, staffId: string): Promise<void> {
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
  /** Booked by a visitor on the landing page (issue 41). */
  online?: boolean;
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
      online: row.online ? 1 : 0,
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
 * next version, and its entry. The new version. `withClient`: a client's deletion cancels it (the deletion's time);
 * any other write forgets that mark.
 */
export async function change(
  trx: Transaction<Database>,
  id: string,
  kind: Exclude<AppointmentChangeKind, 'booked'>,
  writer: Writer,
  {
    version,
    before,
    after,
    staffId,
    withClient,
  }: { version: number; before: StoredState; after: StoredState; staffId?: string; withClient?: string },
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
      cancelled_with_client: withClient ?? null,
    })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirstOrThrow();
  await appendChange(trx, id, version + 1, kind, writer, before, after);
  return version + 1;
}

/** An appointment a client's deletion cancelled, or its undo booked again: its id and state (the audit trail's detail). */
export type ClientAppointment = { id: string; state: StoredState };

/** A client's appointments that start after `now`, under their locks (PostgreSQL), in start order. */
async function upcomingOf(trx: Transaction<Database>, clientId: string, now: Date, status: StoredState['status']) {
  const select = trx
    .selectFrom('appointments as a')
    .innerJoin('staff as m', 'm.id', 'a.staff_id')
    .select(['a.id', 'a.staff_id', 'a.version', 'a.start_ms', 'a.end_ms', 'a.cancelled_with_client', 'm.username'])
    .where('a.client_id', '=', clientId)
    .where('a.status', '=', status)
    .where('a.start_ms', '>', now.getTime())
    .orderBy('a.start_ms')
    .orderBy('a.id');
  const rows = await (isPostgres(trx) ? select.forUpdate('a') : select).execute();
  return rows.map((row) => ({
    ...row,
    state: { staff: row.username, start: Number(row.start_ms), end: Number(row.end_ms), status } satisfies StoredState,
  }));
}

/**
 * A client's deletion (client-log.ts, in its transaction): cancels their booked appointments that start after now, each
 * with its `cancelled` entry by the deleting member and marked as cancelled with the client, so that the deletion's
 * Undo books back these and no other. Which it cancelled, in start order.
 */
export async function cancelWithClient(trx: Transaction<Database>, clientId: string, writer: Writer): Promise<ClientAppointment[]> {
  const cancelled: ClientAppointment[] = [];
  for (const row of await upcomingOf(trx, clientId, writer.now, 'booked')) {
    const after = { ...row.state, status: 'cancelled' as const };
    await change(trx, row.id, 'cancelled', writer, {
      version: row.version,
      before: row.state,
      after,
      withClient: writer.now.toISOString(),
    });
    cancelled.push({ id: row.id, state: after });
  }
  return cancelled;
}

/**
 * A deleted client's restore (client-log.ts, in its transaction): books back the appointments their deletion cancelled
 * that still start after now, each with its `restored` entry. One whose time was taken meanwhile stays cancelled: its
 * write is undone alone (a savepoint), and the database's refusal does not end the restore. The marks are forgotten
 * either way. Which it booked back, in start order.
 */
export async function restoreWithClient(trx: Transaction<Database>, clientId: string, writer: Writer): Promise<ClientAppointment[]> {
  const restored: ClientAppointment[] = [];
  for (const row of await upcomingOf(trx, clientId, writer.now, 'cancelled')) {
    if (row.cancelled_with_client === null) continue;
    const after = { ...row.state, status: 'booked' as const };
    await sql`SAVEPOINT restore_with_client`.execute(trx);
    try {
      await change(trx, row.id, 'restored', writer, { version: row.version, before: row.state, after, staffId: row.staff_id });
      restored.push({ id: row.id, state: after });
    } catch (error) {
      if (bookRefusal(error) !== 'double-booking') throw error;
      await sql`ROLLBACK TO SAVEPOINT restore_with_client`.execute(trx);
    }
    await sql`RELEASE SAVEPOINT restore_with_client`.execute(trx);
  }
  await trx
    .updateTable('appointments')
    .set({ cancelled_with_client: null })
    .where('client_id', '=', clientId)
    .where('cancelled_with_client', 'is not', null)
    .execute();
  return restored;
}

/**
 * Gives appointments (`which`, under their locks on PostgreSQL) the client `toClientId`, or none: each a new version and
 * its `client-changed` entry, its member, times and status as they were (nothing in an entry names a client), so that an
 * open calendar hears of it as of any other write. Which it changed, sorted.
 */
async function changeClient(
  trx: Transaction<Database>,
  which: (select: ReturnType<typeof clientRows>) => ReturnType<typeof clientRows>,
  toClientId: string | null,
  writer: Writer,
): Promise<string[]> {
  const select = which(clientRows(trx));
  const rows = await (isPostgres(trx) ? select.forUpdate('a') : select).execute();
  for (const row of rows) {
    const state: StoredState = { staff: row.username, start: Number(row.start_ms), end: Number(row.end_ms), status: row.status };
    await trx
      .updateTable('appointments')
      .set({ client_id: toClientId, version: row.version + 1, updated_at: writer.now.toISOString() })
      .where('id', '=', row.id)
      .execute();
    await appendChange(trx, row.id, row.version + 1, 'client-changed', writer, state, state);
  }
  return rows.map((row) => row.id).sort();
}

/** Appointments with what an entry records of them, in id order. */
const clientRows = (trx: Transaction<Database>) =>
  trx
    .selectFrom('appointments as a')
    .innerJoin('staff as m', 'm.id', 'a.staff_id')
    .select(['a.id', 'a.version', 'a.start_ms', 'a.end_ms', 'a.status', 'm.username'])
    .orderBy('a.id');

/**
 * A merge (client-log.ts, in its transaction, before the other client's row leaves): the other client's appointments
 * become the kept client's, each with its `client-changed` entry. Which it moved, for the merge to keep.
 */
export function moveToClient(trx: Transaction<Database>, fromClientId: string, toClientId: string, writer: Writer): Promise<string[]> {
  return changeClient(trx, (select) => select.where('a.client_id', '=', fromClientId), toClientId, writer);
}

/** A merge's undo: the appointments it moved (`ids`) that are still the kept client's go back to the other. */
export async function moveBack(trx: Transaction<Database>, ids: readonly string[], keptId: string, otherId: string, writer: Writer) {
  if (ids.length === 0) return;
  await changeClient(trx, (select) => select.where('a.id', 'in', [...ids]).where('a.client_id', '=', keptId), otherId, writer);
}

/**
 * A client's erasure, or the purge of deleted clients (client-log.ts, in its transaction, before their rows leave): their
 * appointments keep no client, each with its `client-changed` entry.
 */
export async function forgetClients(
  trx: Transaction<Database>,
  clientIds: SelectQueryBuilder<Database, 'clients', { id: string }>,
  writer: Writer,
): Promise<void> {
  await changeClient(trx, (select) => select.where('a.client_id', 'in', clientIds), null, writer);
}
