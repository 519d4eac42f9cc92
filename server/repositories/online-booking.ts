/**
 * Online booking on the landing page (issue 41): what visitors may book (the offer, the free days and times), the
 * times they hold while they type, their bookings and the cancel links. The database keeps two open holds of a member
 * apart (migration 0015) as it keeps two appointments apart (0012): a hold is refused by its own insert, never by a
 * check before it; a booking is written through appointment-log.ts, so the appointments' rule refuses a time taken
 * meanwhile. A visitor is the connection's address; the rate limits count in the database, so that instances sharing
 * PostgreSQL share them. The server and the mock (sql.js) run this same code: no Node module here.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type {
  BookingDaysOutcome,
  BookingTimesOutcome,
  CancellationOutcome,
  HoldOutcome,
  OnlineBookingOutcome,
} from '#contract/booking-answers';
import { ONLINE_ACTOR } from '#contract/booking-answers';
import {
  addDays,
  dayInterval,
  freeStarts,
  overlaps,
  salonDate,
  salonDateTime,
  SERVICE_DURATION,
  type Interval,
  type MemberSchedule,
  type Service,
} from '#contract/book';
import {
  BOOKING_DAYS,
  BOOKING_RATE,
  HOLD_MINUTES,
  MAX_OPEN_HOLDS,
  type BookingOffer,
  type ClientDetails,
  type NewHold,
  type OnlineBooking,
} from '#contract/online-booking';
import { normalizeUsername } from '#contract/team';
import { isPostgres } from '../db/engine.ts';
import { bookingEmail } from '../email/booking-email.ts';
import { bookRefusal } from '../db/errors.ts';
import type { Database } from '../db/schema.ts';
import * as log from './appointment-log.ts';
import * as clientLog from './client-log.ts';
import { createOutboxRepository } from './outbox.ts';
import { createSchedulesRepository } from './schedules.ts';
import { createServicesRepository } from './services.ts';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
/** An appointment or hold that ends after an instant starts at most this long before it: one index range. */
const LONGEST_MS = SERVICE_DURATION.max * MINUTE_MS;

export type OnlineBookingOptions = {
  /** The salon's time zone. */
  zone: string;
  /** SALON_CANCEL_HOURS: a visitor cancels online up to this many hours before the start. */
  cancelHours: number;
  /** A new client's id (the server's random ones, the mock's numbered ones). */
  newClientId: () => string;
  /** The confirmation email's: the salon's address (SALON_ADDRESS) and the domain of its Message-ID (MAIL_FROM's). */
  email: { address: string; domain: string };
};

/** A new token: 32 random bytes, base64url (the browser's crypto too: the mock runs this). */
function newToken(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

/** What the database keeps of a token: its sha-256, hex. */
async function tokenHash(token: string): Promise<string> {
  const digest = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(token)));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** On PostgreSQL, queues this transaction behind any other holding `key` (until it ends); SQLite's one writer needs none. */
async function lockKey(trx: Transaction<Database>, key: string): Promise<void> {
  if (isPostgres(trx)) await sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
}

/** Of a table's rows with start_ms and end_ms, those that share a moment with `interval`: on the index of their starts. */
const sharing = (interval: Interval) =>
  [
    ['start_ms', '>', interval.start - LONGEST_MS],
    ['start_ms', '<', interval.end],
    ['end_ms', '>', interval.start],
  ] as const;

/** An offered member: their account's id and schedule. */
type Member = { id: string; schedule: MemberSchedule };

const hasHours = ({ hours }: MemberSchedule) => Object.values(hours).some((day) => day !== null);

export function createOnlineBookingRepository(db: Kysely<Database>, { zone, cancelHours, newClientId, email }: OnlineBookingOptions) {
  const services = createServicesRepository(db);
  const schedules = createSchedulesRepository(db);

  /** The members visitors may book: active, with working hours, in username order. */
  async function offeredMembers(): Promise<Member[]> {
    const [all, accounts] = await Promise.all([
      schedules.schedules(),
      db.selectFrom('staff').select(['id', 'username']).where('disabled_at', 'is', null).execute(),
    ]);
    const ids = new Map(accounts.map(({ id, username }) => [username, id]));
    return all.filter(hasHours).map((schedule) => ({ id: ids.get(schedule.username) as string, schedule }));
  }

  /** The service and the members a request names (`staff` absent or null: anyone), or what is not offered. */
  async function offered(serviceId: string, staff: string | null | undefined) {
    const [service, members] = await Promise.all([services.find(serviceId), offeredMembers()]);
    if (!service || service.removed) return { status: 'unknown-service' as const };
    if (staff === null || staff === undefined) return { status: 'found' as const, service, members };
    const name = normalizeUsername(staff);
    const member = members.find(({ schedule }) => schedule.username === name);
    return member ? { status: 'found' as const, service, members: [member] } : { status: 'unknown-staff' as const };
  }

  /** The days a visitor may book on `now`: today (the salon's) and the next BOOKING_DAYS − 1. */
  const bookingDays = (now: number) => {
    const today = salonDate(now, zone);
    return Array.from({ length: BOOKING_DAYS }, (_, day) => addDays(today, day));
  };

  /**
   * Each member's free starts of a service on `dates`, after `now`: their appointments not cancelled and the open holds
   * of visitors other than `visitor` taken out. Read in two queries over the dates' span.
   */
  async function freeByMember(service: Service, members: readonly Member[], dates: readonly string[], visitor: string, now: number) {
    const span = { start: dayInterval(dates[0] as string, zone).start, end: dayInterval(dates.at(-1) as string, zone).end };
    const ids = members.map(({ id }) => id);
    if (ids.length === 0) return new Map<string, Map<string, number[]>>();
    let appointments = db.selectFrom('appointments').select(['staff_id', 'start_ms', 'end_ms']).where('staff_id', 'in', ids);
    let holds = db.selectFrom('booking_holds').select(['staff_id', 'start_ms', 'end_ms']).where('staff_id', 'in', ids);
    for (const [column, op, value] of sharing(span)) {
      appointments = appointments.where(column, op, value);
      holds = holds.where(column, op, value);
    }
    const [booked, held] = await Promise.all([
      appointments.where('status', '<>', 'cancelled').execute(),
      holds.where('held_from_ms', '<=', now).where('expires_ms', '>', now).where('visitor', '<>', visitor).execute(),
    ]);
    const blocked = [...booked, ...held].map((row) => ({ staffId: row.staff_id, start: Number(row.start_ms), end: Number(row.end_ms) }));
    return new Map(
      members.map(({ id, schedule }) => {
        const own = blocked.filter(({ staffId }) => staffId === id);
        const byDate = dates.map((date): [string, number[]] => {
          const day = dayInterval(date, zone);
          const blockedThatDay = own.filter((interval) => overlaps(interval, { start: day.start - LONGEST_MS, end: day.end + LONGEST_MS }));
          const starts = freeStarts(schedule, date, zone, service.durationMinutes, blockedThatDay).filter((start) => start > now);
          return [date, starts];
        });
        return [schedule.username, new Map(byDate)];
      }),
    );
  }

  /** The visitor's request within the hour's limit, counted; or when they may try again. */
  async function admit(kind: 'booking' | 'hold', visitor: string, now: number) {
    const key = `${kind}:${visitor}`;
    const limit = kind === 'booking' ? BOOKING_RATE.bookingsPerHour : BOOKING_RATE.holdsPerHour;
    return db.transaction().execute(async (trx) => {
      await lockKey(trx, `booking-rate:${key}`);
      const within = await trx
        .selectFrom('booking_requests')
        .select((eb) => [eb.fn.countAll<number | string>().as('count'), eb.fn.min('at_ms').as('oldest')])
        .where('key', '=', key)
        .where('at_ms', '>', now - HOUR_MS)
        .executeTakeFirstOrThrow();
      if (Number(within.count) >= limit) {
        return { status: 'too-many' as const, retryAfterSeconds: Math.max(1, Math.ceil((Number(within.oldest) + HOUR_MS - now) / 1000)) };
      }
      await trx.insertInto('booking_requests').values({ id: globalThis.crypto.randomUUID(), key, at_ms: now }).execute();
      return undefined;
    });
  }

  /** Holds `interval` with `member` for `visitor` (their own holds of that time replaced); false when another's open hold has it. */
  async function tryHold(member: Member, service: Service, interval: Interval, visitor: string, now: number, hash: string) {
    try {
      return await db.transaction().execute(async (trx) => {
        await lockKey(trx, `booking-holds:${visitor}`);
        let own = trx.deleteFrom('booking_holds').where('visitor', '=', visitor).where('staff_id', '=', member.id);
        for (const [column, op, value] of sharing(interval)) own = own.where(column, op, value);
        await own.execute();
        const open = await trx
          .selectFrom('booking_holds')
          .select((eb) => [eb.fn.countAll<number | string>().as('count'), eb.fn.min('expires_ms').as('first')])
          .where('visitor', '=', visitor)
          .where('held_from_ms', '<=', now)
          .where('expires_ms', '>', now)
          .executeTakeFirstOrThrow();
        if (Number(open.count) >= MAX_OPEN_HOLDS) {
          return { status: 'too-many' as const, retryAfterSeconds: Math.max(1, Math.ceil((Number(open.first) - now) / 1000)) };
        }
        await log.queueWriters(trx, member.id);
        await trx
          .insertInto('booking_holds')
          .values({
            token_hash: hash,
            staff_id: member.id,
            service_id: service.id,
            start_ms: interval.start,
            end_ms: interval.end,
            held_from_ms: now,
            expires_ms: now + HOLD_MINUTES * MINUTE_MS,
            visitor,
          })
          .execute();
        return { status: 'held' as const };
      });
    } catch (error) {
      if (bookRefusal(error) === 'double-hold') return { status: 'taken' as const };
      throw error;
    }
  }

  /** The client a visitor's email names (trimmed, any case), live; else registered now, by "online". Never a duplicate. */
  async function clientFor(trx: Transaction<Database>, request: OnlineBooking, writer: clientLog.Writer): Promise<string> {
    const email = request.email.toLowerCase();
    await lockKey(trx, `booking-client:${email}`);
    const existing = await trx
      .selectFrom('clients')
      .select('id')
      .where(sql<string>`lower(email)`, '=', email)
      .where('deleted_at', 'is', null)
      .orderBy('registration_date_time')
      .orderBy('id')
      .executeTakeFirst();
    if (existing) return existing.id;
    const { firstName, lastName } = request;
    const registered = await clientLog.register(
      trx,
      newClientId(),
      { firstName, lastName, email: request.email, registrationDateTime: writer.now.toISOString() },
      writer,
    );
    return registered.client._id;
  }

  /** Keeps the phone (when given) and the offers consent (when given now, unless given before) beside the client. */
  async function keepDetails(trx: Transaction<Database>, clientId: string, { phone, offers }: OnlineBooking, at: string) {
    const given = phone !== undefined && phone !== '' ? phone : null;
    if (given === null && !offers) return;
    await trx
      .insertInto('client_details')
      .values({ client_id: clientId, phone: given, offers_consent_at: offers ? at : null, updated_at: at })
      .onConflict((conflict) =>
        conflict.column('client_id').doUpdateSet({
          phone: sql<string | null>`coalesce(excluded.phone, client_details.phone)`,
          offers_consent_at: sql<string | null>`coalesce(client_details.offers_consent_at, excluded.offers_consent_at)`,
          updated_at: at,
        }),
      )
      .execute();
  }

  /** The hold a token names, with its service's and member's names; undefined for none. */
  async function holdOf(db: Kysely<Database>, hash: string) {
    return db
      .selectFrom('booking_holds as h')
      .innerJoin('services as s', 's.id', 'h.service_id')
      .innerJoin('staff as m', 'm.id', 'h.staff_id')
      .select(['h.token_hash', 'h.staff_id', 'h.service_id', 'h.start_ms', 'h.end_ms', 'h.expires_ms', 'h.visitor', 's.name', 'm.username'])
      .where('h.token_hash', '=', hash)
      .executeTakeFirst();
  }
  type HeldTime = NonNullable<Awaited<ReturnType<typeof holdOf>>>;

  /**
   * The booking's transaction: the hold taken, the client matched or registered, their details, the appointment
   * (online, by "online"; the database refuses a time taken meanwhile), its cancel link (`${origin}/?cancel=token`)
   * and its confirmation email in the outbox, all or nothing: no booking is kept without its email, nor an email sent
   * for a booking not kept. The sender is woken by the commit (the book's signal).
   */
  async function writeOnlineBooking(
    trx: Transaction<Database>,
    hold: HeldTime,
    request: OnlineBooking,
    writer: clientLog.Writer,
    origin: string,
  ) {
    const now = writer.now.getTime();
    await log.queueWriters(trx, hold.staff_id);
    const taken = await trx.deleteFrom('booking_holds').where('token_hash', '=', hold.token_hash).executeTakeFirst();
    if (Number(taken.numDeletedRows) === 0) return undefined;
    const interval = { start: Number(hold.start_ms), end: Number(hold.end_ms) };
    if (Number(hold.expires_ms) <= now) {
      // The hold ran out: booked only if still free of other visitors' open holds (appointments: the database refuses).
      let others = trx
        .selectFrom('booking_holds')
        .select('token_hash')
        .where('staff_id', '=', hold.staff_id)
        .where('visitor', '<>', hold.visitor)
        .where('held_from_ms', '<=', now)
        .where('expires_ms', '>', now);
      for (const [column, op, value] of sharing(interval)) others = others.where(column, op, value);
      if (await others.executeTakeFirst()) return undefined;
    }
    const clientId = await clientFor(trx, request, writer);
    await keepDetails(trx, clientId, request, writer.now.toISOString());
    const id = globalThis.crypto.randomUUID();
    const state = { staff: hold.username, ...interval, status: 'booked' as const };
    const row = { id, clientId, serviceId: hold.service_id, staffId: hold.staff_id, state, idempotencyKey: undefined, online: true };
    await log.book(trx, row, writer);
    const cancelToken = newToken();
    await trx
      .insertInto('booking_cancel_links')
      .values({ token_hash: await tokenHash(cancelToken), appointment_id: id, created_at: writer.now.toISOString() })
      .execute();
    const confirmation = bookingEmail({
      to: request.email,
      firstName: request.firstName,
      service: hold.name,
      ...interval,
      timeZone: zone,
      address: email.address,
      cancelUrl: `${origin}/?cancel=${cancelToken}`,
      appointmentId: id,
      now: writer.now,
    });
    // Due at once on the sender's clock, the process's (tests move the booking's).
    await createOutboxRepository(trx).enqueue(confirmation, new Date(), email.domain, clientId);
    return { id, cancelToken };
  }

  /** A cancel link's appointment; undefined when the link is unknown, used, or its appointment no longer booked. */
  async function linked(db: Kysely<Database>, token: string) {
    const select = db
      .selectFrom('booking_cancel_links as l')
      .innerJoin('appointments as a', 'a.id', 'l.appointment_id')
      .innerJoin('services as s', 's.id', 'a.service_id')
      .innerJoin('staff as m', 'm.id', 'a.staff_id')
      .select(['l.token_hash', 'l.used_at', 'a.id', 'a.status', 'a.version', 'a.start_ms', 'a.end_ms', 's.name', 'm.username'])
      .where('l.token_hash', '=', await tokenHash(token));
    const row = await (isPostgres(db) ? select.forUpdate('a') : select).executeTakeFirst();
    return row && row.used_at === null && row.status === 'booked' ? row : undefined;
  }

  return {
    /** GET /api/booking: the offered services (name order) and the members with hours. */
    async offer(currency: string): Promise<BookingOffer> {
      const [all, members] = await Promise.all([services.list(), offeredMembers()]);
      return {
        timeZone: zone,
        currency,
        services: all
          .filter(({ removed }) => !removed)
          .map(({ id, name, durationMinutes, price }) => ({ id, name, durationMinutes, price })),
        staff: members.map(({ schedule }) => schedule.username),
      };
    },

    /** The bookable days, each with whether it has a free time for the service with the member (or anyone). */
    async days(serviceId: string, staff: string | undefined, visitor: string, now: Date): Promise<BookingDaysOutcome> {
      const found = await offered(serviceId, staff);
      if (found.status !== 'found') return found;
      const dates = bookingDays(now.getTime());
      const free = await freeByMember(found.service, found.members, dates, visitor, now.getTime());
      const days = dates.map((date) => ({ date, free: [...free.values()].some((byDate) => (byDate.get(date) ?? []).length > 0) }));
      return { status: 'found', days };
    },

    /** A day's free start times for the service, with the member or anyone (the union), soonest first. */
    async times(serviceId: string, staff: string | undefined, date: string, visitor: string, now: Date): Promise<BookingTimesOutcome> {
      const found = await offered(serviceId, staff);
      if (found.status !== 'found') return found;
      if (!bookingDays(now.getTime()).includes(date)) return { status: 'found', times: { date, starts: [] } };
      const free = await freeByMember(found.service, found.members, [date], visitor, now.getTime());
      const starts = [...new Set([...free.values()].flatMap((byDate) => byDate.get(date) ?? []))].sort((a, b) => a - b);
      return { status: 'found', times: { date, starts: starts.map((start) => salonDateTime(start, zone)) } };
    },

    /**
     * Holds a time for HOLD_MINUTES for `visitor`: with the member named, or ("Anyone") the first in username order
     * that has it free. Refused (`taken`) when no member has it, or another visitor's hold won it.
     */
    async hold(request: NewHold, visitor: string, now: Date): Promise<HoldOutcome> {
      const at = now.getTime();
      const tooMany = await admit('hold', visitor, at);
      if (tooMany) return tooMany;
      const found = await offered(request.serviceId, request.staff);
      if (found.status !== 'found') return found;
      const start = Date.parse(request.start);
      const date = salonDate(start, zone);
      if (!bookingDays(at).includes(date)) return { status: 'taken' };
      const free = await freeByMember(found.service, found.members, [date], visitor, at);
      const interval = { start, end: start + found.service.durationMinutes * MINUTE_MS };
      for (const member of found.members) {
        if (!free.get(member.schedule.username)?.get(date)?.includes(start)) continue;
        const token = newToken();
        const outcome = await tryHold(member, found.service, interval, visitor, at, await tokenHash(token));
        if (outcome.status === 'too-many') return outcome;
        if (outcome.status === 'held') {
          const hold = {
            token,
            serviceId: found.service.id,
            staff: member.schedule.username,
            start: salonDateTime(interval.start, zone),
            end: salonDateTime(interval.end, zone),
            expiresAt: salonDateTime(at + HOLD_MINUTES * MINUTE_MS, zone),
          };
          return { status: 'held', hold };
        }
      }
      return { status: 'taken' };
    },

    /** Releases a hold (an unknown or expired token: nothing to do). */
    async release(token: string): Promise<void> {
      await db
        .deleteFrom('booking_holds')
        .where('token_hash', '=', await tokenHash(token))
        .execute();
    },

    /**
     * Books the held time for the visitor (the hold ran out: if still free), its email's cancel link on `origin`
     * (PUBLIC_ORIGIN, else the request's). The hidden field filled: answered as booked, nothing kept, nothing sent.
     * The answer is the same whether the email was a client's or not.
     */
    async book(request: OnlineBooking, visitor: string, now: Date, origin: string): Promise<OnlineBookingOutcome> {
      const tooMany = await admit('booking', visitor, now.getTime());
      if (tooMany) return tooMany;
      const hold = await holdOf(db, await tokenHash(request.holdToken));
      if (!hold) return { status: 'taken' };
      const booked = { service: hold.name, start: salonDateTime(Number(hold.start_ms), zone), email: request.email };
      if (request.website !== '') return { status: 'dropped', booked };
      const writer = { by: ONLINE_ACTOR, now };
      try {
        const written = await db.transaction().execute((trx) => writeOnlineBooking(trx, hold, request, writer, origin));
        if (!written) return { status: 'taken' };
        const appointment = { id: written.id, staff: hold.username, start: booked.start };
        return { status: 'booked', booked, appointment, cancelToken: written.cancelToken };
      } catch (error) {
        if (bookRefusal(error) === 'double-booking') return { status: 'taken' };
        throw error;
      }
    },

    /** GET /api/booking/cancellations/{token}: the appointment, and whether it may still be cancelled online. */
    async cancellation(token: string, now: Date): Promise<CancellationOutcome> {
      const row = await linked(db, token);
      if (!row) return { status: 'invalid' };
      const start = Number(row.start_ms);
      return {
        status: 'found',
        cancellation: { service: row.name, start: salonDateTime(start, zone), cancellable: start - now.getTime() > cancelHours * HOUR_MS },
      };
    },

    /** POST /api/booking/cancellations/{token}: cancels (by "online") and uses the link up; too late within cancelHours. */
    cancel(token: string, now: Date): Promise<CancellationOutcome> {
      return db.transaction().execute(async (trx): Promise<CancellationOutcome> => {
        const row = await linked(trx, token);
        if (!row) return { status: 'invalid' };
        const before = { staff: row.username, start: Number(row.start_ms), end: Number(row.end_ms), status: row.status };
        if (before.start - now.getTime() <= cancelHours * HOUR_MS) return { status: 'too-late' };
        const writer = { by: ONLINE_ACTOR, now };
        await log.change(trx, row.id, 'cancelled', writer, { version: row.version, before, after: { ...before, status: 'cancelled' } });
        await trx
          .updateTable('booking_cancel_links')
          .set({ used_at: now.toISOString() })
          .where('token_hash', '=', row.token_hash)
          .execute();
        const start = salonDateTime(before.start, zone);
        return {
          status: 'cancelled',
          cancellation: { service: row.name, start, cancellable: false },
          appointment: { id: row.id, staff: row.username, start },
        };
      });
    },

    /** A client's phone and offers consent (nulls when none); undefined for a client that is not there. */
    async clientDetails(clientId: string): Promise<ClientDetails | undefined> {
      const row = await db
        .selectFrom('clients as c')
        .leftJoin('client_details as d', 'd.client_id', 'c.id')
        .select(['c.id', 'd.phone', 'd.offers_consent_at'])
        .where('c.id', '=', clientId)
        .executeTakeFirst();
      return row && { phone: row.phone ?? null, offersConsentAt: row.offers_consent_at ?? null };
    },

    /** The background task's work: deletes the holds that ran out and the requests past the rate limits' hour. */
    async expire(now: Date): Promise<{ holds: number }> {
      const at = now.getTime();
      const holds = await db.deleteFrom('booking_holds').where('expires_ms', '<=', at).executeTakeFirst();
      await db
        .deleteFrom('booking_requests')
        .where('at_ms', '<=', at - HOUR_MS)
        .execute();
      return { holds: Number(holds.numDeletedRows) };
    },
  };
}

export type OnlineBookingRepository = ReturnType<typeof createOnlineBookingRepository>;
