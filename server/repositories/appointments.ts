/**
 * The book's appointments (issue 40): the calendar's range, the free start times, a client's appointments, an
 * appointment and its history as read; and booking, moving, cancelling and its undo, each in its transaction (the
 * writes themselves are appointment-log.ts's). No check here keeps two appointments of a member apart: the database
 * refuses the overlap in the write itself (migration 0012), and `bookRefusal` (db/errors.ts) turns its refusal into the
 * outcome the contract answers 409 to. Times are instants (epoch ms); the API's RFC 3339 strings are made here, in
 * the salon's time zone `zone`. The server and the mock (sql.js) run this same code.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type {
  AppointmentChange,
  AppointmentEvent,
  AppointmentState,
  AvailabilityOutcome,
  BookingOutcome,
  CancelOutcome,
  MoveOutcome,
  RestoreOutcome,
} from '#contract/appointments';
import {
  dayInterval,
  fitsSchedule,
  freeStarts,
  salonDateTime,
  SERVICE_DURATION,
  type Appointment,
  type AppointmentMove,
  type Interval,
  type NewAppointment,
} from '#contract/book';
import { APPOINTMENT_EVENT } from '#contract/event-stream';
import { idempotencyKeysSince } from '#contract/idempotency-key';
import type { IfMatch } from '#contract/if-match';
import { normalizeUsername } from '#contract/team';
import { isPostgres } from '../db/engine.ts';
import { bookRefusal } from '../db/errors.ts';
import type { ChangeLog } from '../events/change-feed.ts';
import type { Database } from '../db/schema.ts';
import * as log from './appointment-log.ts';
import type { Writer } from './client-log.ts';
import { createSchedulesRepository } from './schedules.ts';
import { createServicesRepository } from './services.ts';

const MINUTE_MS = 60 * 1000;
/** An appointment that ends after an instant starts at most this long before it: the ranges read one index range. */
const LONGEST_MS = SERVICE_DURATION.max * MINUTE_MS;

/** The appointments with what the API names them by: the client's name, the service's, the member's username. */
function appointmentRows(db: Kysely<Database>) {
  return db
    .selectFrom('appointments as a')
    .leftJoin('clients as c', 'c.id', 'a.client_id')
    .innerJoin('services as s', 's.id', 'a.service_id')
    .innerJoin('staff as m', 'm.id', 'a.staff_id')
    .select([
      'a.id',
      'a.client_id',
      'c.first_name',
      'c.last_name',
      'a.service_id',
      's.name as service_name',
      'm.username',
      'a.start_ms',
      'a.end_ms',
      'a.status',
      'a.version',
      'a.online',
    ]);
}
type AppointmentRow = Awaited<ReturnType<ReturnType<typeof appointmentRows>['executeTakeFirstOrThrow']>>;

/** Of the appointments, those that share a moment with `interval`: on the index of their starts. */
function within(query: ReturnType<typeof appointmentRows>, { start, end }: Interval) {
  return query
    .where('a.start_ms', '>', start - LONGEST_MS)
    .where('a.start_ms', '<', end)
    .where('a.end_ms', '>', start);
}

const inTransaction = <T>(db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> =>
  db.transaction().execute(work);

export function createAppointmentsRepository(db: Kysely<Database>, zone: string) {
  const services = createServicesRepository(db);
  const schedules = createSchedulesRepository(db);

  const toAppointment = (row: AppointmentRow): Appointment => ({
    id: row.id,
    client: row.client_id === null ? null : { id: row.client_id, firstName: row.first_name ?? '', lastName: row.last_name ?? '' },
    service: { id: row.service_id, name: row.service_name },
    staff: row.username,
    start: salonDateTime(Number(row.start_ms), zone),
    end: salonDateTime(Number(row.end_ms), zone),
    status: row.status,
    version: row.version,
    online: row.online === 1,
  });
  const toState = ({ staff, start, end, status }: log.StoredState): AppointmentState => ({
    staff,
    start: salonDateTime(start, zone),
    end: salonDateTime(end, zone),
    status,
  });

  async function find(trx: Kysely<Database>, id: string): Promise<Appointment | undefined> {
    const row = await appointmentRows(trx).where('a.id', '=', id).executeTakeFirst();
    return row && toAppointment(row);
  }

  /** An active member's account id and schedule; undefined for an unknown or disabled account. */
  async function member(username: string) {
    const name = normalizeUsername(username);
    const [account, schedule] = await Promise.all([
      db.selectFrom('staff').select('id').where('username', '=', name).where('disabled_at', 'is', null).executeTakeFirst(),
      schedules.scheduleOf(name),
    ]);
    return account && schedule && { id: account.id, username: name, schedule };
  }

  /** The appointment's row under a lock for this transaction (PostgreSQL; SQLite's transaction holds the write lock). */
  async function locked(trx: Transaction<Database>, id: string) {
    const select = trx
      .selectFrom('appointments as a')
      .innerJoin('staff as m', 'm.id', 'a.staff_id')
      .select(['a.version', 'a.status', 'a.start_ms', 'a.end_ms', 'm.username'])
      .where('a.id', '=', id);
    const row = await (isPostgres(trx) ? select.forUpdate('a') : select).executeTakeFirst();
    return (
      row && {
        version: row.version,
        state: { staff: row.username, start: Number(row.start_ms), end: Number(row.end_ms), status: row.status } satisfies log.StoredState,
      }
    );
  }

  /** The 412's current state: the appointment as it is and its last change. */
  async function stale(trx: Transaction<Database>, id: string): Promise<Extract<MoveOutcome, { status: 'stale' }>> {
    const latest = await trx
      .selectFrom('appointment_changes')
      .select(['version', 'kind', 'actor', 'at'])
      .where('appointment_id', '=', id)
      .orderBy('seq', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    const appointment = (await find(trx, id)) as Appointment;
    return {
      status: 'stale',
      current: { appointment, version: latest.version, kind: latest.kind, changedBy: latest.actor, changedAt: latest.at },
    };
  }

  const meets = (ifMatch: IfMatch, version: number) => ifMatch === undefined || ifMatch === '*' || ifMatch.includes(version);

  /** Runs a write; the database's refusal of an overlap (the transaction rolled back) is `taken` for `staff`. */
  async function refusable<T>(staff: string, work: () => Promise<T>): Promise<T | { status: 'taken'; staff: string }> {
    try {
      return await work();
    } catch (error) {
      if (bookRefusal(error) === 'double-booking') return { status: 'taken', staff };
      throw error;
    }
  }

  /** A booking sent before with `key` by `by` (within 24 hours): answered again with the same request, else refused. */
  async function replayOf(request: NewAppointment, by: string, key: string, now: Date): Promise<BookingOutcome | undefined> {
    const first = await db
      .selectFrom('appointments as a')
      .innerJoin('appointment_changes as ch', (join) => join.onRef('ch.appointment_id', '=', 'a.id').on('ch.kind', '=', 'booked'))
      .select(['a.id', 'a.client_id', 'a.service_id', 'ch.after'])
      .where('a.booked_by', '=', by)
      .where('a.idempotency_key', '=', key)
      .where('a.created_at', '>=', idempotencyKeysSince(now))
      .executeTakeFirst();
    if (!first) return undefined;
    const booked = JSON.parse(first.after) as log.StoredState;
    const same =
      first.client_id === request.clientId &&
      first.service_id === request.serviceId &&
      booked.staff === normalizeUsername(request.staff) &&
      booked.start === Date.parse(request.start);
    const appointment = await find(db, first.id);
    return same && appointment ? { status: 'replayed', appointment } : { status: 'key-reused' };
  }

  return {
    /** The appointments of the salon's days `from` to `to` (both included), cancelled ones too, in start order. */
    async list(from: string, to: string, staff?: string): Promise<Appointment[]> {
      let query = within(appointmentRows(db), { start: dayInterval(from, zone).start, end: dayInterval(to, zone).end });
      if (staff !== undefined) query = query.where('m.username', '=', normalizeUsername(staff));
      const rows = await query.orderBy('a.start_ms').orderBy('m.username').orderBy('a.id').execute();
      return rows.map(toAppointment);
    },

    find: (id: string) => find(db, id),

    /** A service's free start times with a member on a date (without the appointment `except`, for "Move"). */
    async availability(serviceId: string, staff: string, date: string, except?: string): Promise<AvailabilityOutcome> {
      const [service, found] = await Promise.all([services.find(serviceId), member(staff)]);
      if (!service) return { status: 'unknown-service' };
      if (!found) return { status: 'unknown-staff' };
      if (service.removed) return { status: 'found', date, starts: [] };
      let taken = within(appointmentRows(db), dayInterval(date, zone))
        .where('a.staff_id', '=', found.id)
        .where('a.status', '<>', 'cancelled');
      if (except !== undefined) taken = taken.where('a.id', '<>', except);
      const blocked = (await taken.execute()).map((row) => ({ start: Number(row.start_ms), end: Number(row.end_ms) }));
      const starts = freeStarts(found.schedule, date, zone, service.durationMinutes, blocked);
      return { status: 'found', date, starts: starts.map((start) => salonDateTime(start, zone)) };
    },

    /**
     * Books, when the client, the service and the member are there and the member works then; the database refuses a
     * time the member has taken. With an Idempotency-Key, a booking sent before with it is answered again.
     */
    async book(request: NewAppointment, writer: Writer, key?: string): Promise<BookingOutcome> {
      if (key !== undefined) {
        const replayed = await replayOf(request, writer.by, key, writer.now);
        if (replayed) return replayed;
      }
      const [service, found, client] = await Promise.all([
        services.find(request.serviceId),
        member(request.staff),
        db.selectFrom('clients').select('id').where('id', '=', request.clientId).where('deleted_at', 'is', null).executeTakeFirst(),
      ]);
      if (!client) return { status: 'unknown-client' };
      if (!service) return { status: 'unknown-service' };
      if (!found) return { status: 'unknown-staff' };
      if (service.removed) return { status: 'service-removed' };
      const start = Date.parse(request.start);
      const interval = { start, end: start + service.durationMinutes * MINUTE_MS };
      if (!fitsSchedule(interval, found.schedule, zone)) return { status: 'not-working', staff: found.username };
      const id = globalThis.crypto.randomUUID();
      const state = { staff: found.username, ...interval, status: 'booked' as const };
      try {
        return await inTransaction(db, async (trx) => {
          if (key !== undefined) await log.forgetKey(trx, writer.by, key, idempotencyKeysSince(writer.now));
          await log.book(trx, { id, clientId: client.id, serviceId: service.id, staffId: found.id, state, idempotencyKey: key }, writer);
          return { status: 'booked' as const, appointment: (await find(trx, id)) as Appointment };
        });
      } catch (error) {
        const refusal = bookRefusal(error);
        if (refusal === undefined) throw error;
        // Another request with the same key may have booked first (this very time, or holding the key): its booking.
        const replayed = key === undefined ? undefined : await replayOf(request, writer.by, key, writer.now);
        if (replayed) return replayed;
        if (refusal === 'key-taken') throw error;
        return { status: 'taken', staff: found.username };
      }
    },

    /** "Move": to another time or member, keeping its length; If-Match as a client's edit. */
    async move(id: string, request: AppointmentMove, writer: Writer, ifMatch: IfMatch): Promise<MoveOutcome> {
      const found = await member(request.staff);
      return refusable(normalizeUsername(request.staff), () =>
        inTransaction(db, async (trx): Promise<MoveOutcome> => {
          const row = await locked(trx, id);
          if (!row) return { status: 'not-found' };
          if (!meets(ifMatch, row.version)) return stale(trx, id);
          if (row.state.status === 'cancelled') return { status: 'was-cancelled' };
          if (!found) return { status: 'unknown-staff' };
          const start = Date.parse(request.start);
          const after = { ...row.state, staff: found.username, start, end: start + (row.state.end - row.state.start) };
          if (!fitsSchedule(after, found.schedule, zone)) return { status: 'not-working', staff: found.username };
          await log.change(trx, id, 'moved', writer, { version: row.version, before: row.state, after, staffId: found.id });
          return { status: 'moved', appointment: (await find(trx, id)) as Appointment };
        }),
      );
    },

    /** Cancels (its time is free again); If-Match as a client's deletion. Already cancelled: as it is. */
    cancel(id: string, writer: Writer, ifMatch: IfMatch): Promise<CancelOutcome> {
      return inTransaction(db, async (trx): Promise<CancelOutcome> => {
        const row = await locked(trx, id);
        if (!row) return { status: 'not-found' };
        if (!meets(ifMatch, row.version)) return stale(trx, id);
        if (row.state.status === 'cancelled') return { status: 'unchanged', appointment: (await find(trx, id)) as Appointment };
        await log.change(trx, id, 'cancelled', writer, {
          version: row.version,
          before: row.state,
          after: { ...row.state, status: 'cancelled' },
        });
        return { status: 'cancelled', appointment: (await find(trx, id)) as Appointment };
      });
    },

    /** "Undo" of a cancellation: booked again, unless its time was taken meanwhile. Already booked: as it is. */
    async restore(id: string, writer: Writer): Promise<RestoreOutcome> {
      const staff = await db
        .selectFrom('appointments as a')
        .innerJoin('staff as m', 'm.id', 'a.staff_id')
        .select('m.username')
        .where('a.id', '=', id)
        .executeTakeFirst();
      if (!staff) return { status: 'not-found' };
      return refusable(staff.username, () =>
        inTransaction(db, async (trx): Promise<RestoreOutcome> => {
          const row = await locked(trx, id);
          if (!row) return { status: 'not-found' };
          if (row.state.status === 'booked') return { status: 'unchanged', appointment: (await find(trx, id)) as Appointment };
          await log.change(trx, id, 'restored', writer, {
            version: row.version,
            before: row.state,
            after: { ...row.state, status: 'booked' },
          });
          return { status: 'restored', appointment: (await find(trx, id)) as Appointment };
        }),
      );
    },

    /** An appointment's changes, newest first; undefined when there is no such appointment. */
    async history(id: string): Promise<AppointmentChange[] | undefined> {
      const rows = await db.selectFrom('appointment_changes').selectAll().where('appointment_id', '=', id).orderBy('seq', 'desc').execute();
      if (rows.length === 0) return undefined;
      return rows.map((row) => ({
        seq: Number(row.seq),
        appointmentId: row.appointment_id,
        version: row.version,
        kind: row.kind,
        by: row.actor,
        at: row.at,
        before: row.before === null ? null : toState(JSON.parse(row.before) as log.StoredState),
        after: toState(JSON.parse(row.after) as log.StoredState),
      }));
    },

    /** A live or deleted client's appointments: upcoming (not yet ended at `now`) first, soonest first; then past, newest first. */
    async forClient(clientId: string, now: Date): Promise<Appointment[] | undefined> {
      const client = await db.selectFrom('clients').select('id').where('id', '=', clientId).executeTakeFirst();
      if (!client) return undefined;
      const at = now.getTime();
      const upcoming = sql<number>`CASE WHEN a.end_ms > ${at} THEN 0 ELSE 1 END`;
      const order = sql<number>`CASE WHEN a.end_ms > ${at} THEN a.start_ms ELSE -a.start_ms END`;
      const rows = await appointmentRows(db).where('a.client_id', '=', clientId).orderBy(upcoming).orderBy(order).orderBy('a.id').execute();
      return rows.map(toAppointment);
    },
  };
}

export type AppointmentsRepository = ReturnType<typeof createAppointmentsRepository>;

/**
 * The appointments' log as the event streams read it (events/change-feed.ts): each entry an `appointment` event, its
 * seq the feed's position. Live only: nothing purges it, and no stream replays it (its events carry no `id:`).
 */
export function appointmentFeedLog(db: Kysely<Database>): ChangeLog {
  return {
    async logPosition() {
      const row = await db
        .selectFrom('appointment_changes')
        .select((eb) => eb.fn.max('seq').as('head'))
        .executeTakeFirst();
      return { head: Number(row?.head ?? 0), purgedThrough: 0 };
    },
    async changesAfter(seq, limit) {
      const rows = await db
        .selectFrom('appointment_changes')
        .select(['seq', 'appointment_id', 'kind', 'actor', 'at'])
        .where('seq', '>', seq)
        .orderBy('seq')
        .limit(limit)
        .execute();
      return rows.map((row) => {
        const event: AppointmentEvent = { appointmentId: row.appointment_id, kind: row.kind, by: row.actor, at: row.at };
        return { seq: Number(row.seq), event: APPOINTMENT_EVENT, json: JSON.stringify(event) };
      });
    },
  };
}
