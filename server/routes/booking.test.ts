/**
 * Online booking on the landing page through the API (issue 41): the offer, the free days and times, holds (other
 * visitors' hidden, expiring, at most three, twenty visitors at once get one), booking a hold (the client matched by
 * email or registered, the same answer either way, details, online, history, audit; a time taken meanwhile; the field
 * a bot fills), the cancel link (SALON_CANCEL_HOURS), a client's details, the rate limits, and bad bodies (never a
 * 500). SQLite in `npm test`, PostgreSQL in `npm run test:postgres`; two instances: booking-race.postgres.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { Client } from '#contract/api';
import type { AppointmentChange } from '#contract/appointments';
import type { ClientExport } from '#contract/client-export';
import type { Appointment } from '#contract/book';
import {
  BOOKING_DAYS,
  BOOKING_RATE,
  HOLD_MINUTES,
  MAX_OPEN_HOLDS,
  type BookingDays,
  type BookingOffer,
  type BookingTimes,
  type Cancellation,
  type Hold,
} from '#contract/online-booking';
import { onlineBookingTexts } from '#contract/online-booking-texts';
import { apiPaths } from '#contract/paths';
import { asVisitor, bookingTest, oneHoldAtOnce, WEEKDAYS_9_TO_18 } from '../testing/book.ts';
import { asStaff, logIn, STAFF, type LoggedInApp } from '../testing/test-app.ts';

const ZONE = 'Europe/London';
/** A Monday in winter, 08:00 in London (UTC): the salon opens at 09:00. */
const NOW = '2026-11-30T08:00:00Z';
const TUESDAY = '2026-12-01';
const at = (time: string, date = TUESDAY) => `${date}T${time}:00+00:00`;
const MINUTE_MS = 60 * 1000;

const aVisitor = { firstName: 'Ana', lastName: 'Silva', email: 'ana@example.com', offers: false, website: '' };

const setUp = () => bookingTest({ timeZone: ZONE, now: NOW });

const times = async (test: LoggedInApp, date = TUESDAY, address?: string) =>
  (await asVisitor(test, 'GET', `${apiPaths.bookingTimes}?service=cut&date=${date}`, { address })).json<BookingTimes>().starts;

async function hold(test: LoggedInApp, time: string, address?: string, staff: string | null = STAFF.username) {
  return asVisitor(test, 'POST', apiPaths.bookingHolds, { payload: { serviceId: 'cut', staff, start: at(time) }, address });
}

async function heldToken(test: LoggedInApp, time: string, address?: string): Promise<string> {
  const response = await hold(test, time, address);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Hold>().token;
}

const bookOnline = (test: LoggedInApp, holdToken: string, visitor: object = aVisitor, address?: string) =>
  asVisitor(test, 'POST', apiPaths.bookingAppointments, { payload: { holdToken, ...visitor }, address });

const dayList = async (test: LoggedInApp) =>
  (await asStaff(test, 'GET', `${apiPaths.appointments}?from=${TUESDAY}&to=${TUESDAY}`)).json<Appointment[]>();

describe('what a visitor may book', () => {
  it('offers the services not removed and the members with hours; nothing else', async () => {
    const { test } = await setUp();
    await test.app.staffAccounts.add('sam', 'sam’s own long password', 'staff');
    const response = await asVisitor(test, 'GET', apiPaths.booking);
    expect(response.statusCode).toBe(200);
    expect(response.json<BookingOffer>()).toEqual({
      timeZone: ZONE,
      currency: 'EUR',
      services: [{ id: 'cut', name: 'Haircut and styling', durationMinutes: 60, price: 3500 }],
      staff: [STAFF.username],
    });
  });

  it('lists today and the next 27 days, a day without free times not free', async () => {
    const { test } = await setUp();
    const response = await asVisitor(test, 'GET', `${apiPaths.bookingDays}?service=cut`);
    expect(response.statusCode).toBe(200);
    const { days } = response.json<BookingDays>();
    expect(days).toHaveLength(BOOKING_DAYS);
    expect(days[0]).toEqual({ date: '2026-11-30', free: true });
    expect(days.at(-1)?.date).toBe('2026-12-27');
    // Sundays: no hours.
    expect(days.filter(({ free }) => !free).map(({ date }) => date)).toEqual(['2026-12-06', '2026-12-13', '2026-12-20', '2026-12-27']);
    const named = await asVisitor(test, 'GET', `${apiPaths.bookingDays}?service=cut&staff=${STAFF.username}`);
    expect(named.json<BookingDays>()).toEqual({ days });
  });

  it('answers 404 for a service removed or unknown, or a member who takes no bookings', async () => {
    const { test } = await setUp();
    for (const query of ['service=old', 'service=nothing', 'service=cut&staff=nobody']) {
      const response = await asVisitor(test, 'GET', `${apiPaths.bookingDays}?${query}`);
      expect(response.statusCode, query).toBe(404);
      const timesResponse = await asVisitor(test, 'GET', `${apiPaths.bookingTimes}?${query}&date=${TUESDAY}`);
      expect(timesResponse.statusCode, query).toBe(404);
    }
    expect((await asVisitor(test, 'GET', `${apiPaths.bookingDays}?service=old`)).json()).toEqual({ message: 'Service not found' });
  });

  it('gives a day’s free starts every 15 minutes, without the past, the booked and days out of reach', async () => {
    const { test, client } = await setUp();
    const all = await times(test);
    expect(all).toHaveLength(33);
    expect([all[0], all[1], all.at(-1)]).toEqual([at('09:00'), at('09:15'), at('17:00')]);
    const booked = await asStaff(test, 'POST', apiPaths.appointments, {
      payload: { clientId: client._id, serviceId: 'cut', staff: STAFF.username, start: at('10:00') },
    });
    expect(booked.statusCode).toBe(201);
    expect(await times(test)).toEqual(all.filter((start) => start < at('09:15') || start >= at('11:00')));
    test.clock.advance(90 * MINUTE_MS);
    expect((await times(test, '2026-11-30'))[0]).toBe(at('09:45', '2026-11-30'));
    expect(await times(test, '2026-11-29')).toEqual([]);
    expect(await times(test, '2026-12-28')).toEqual([]);
  });
});

describe('holds', () => {
  it('holds a time for ten minutes: other visitors no longer see it, the visitor does; then it runs out', async () => {
    const { test } = await setUp();
    const response = await hold(test, '10:00');
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<Hold>()).toEqual({
      token: expect.stringMatching(/^[\w-]{43}$/),
      serviceId: 'cut',
      staff: STAFF.username,
      start: at('10:00'),
      end: at('11:00'),
      expiresAt: '2026-11-30T08:10:00+00:00',
    });
    expect(await times(test, TUESDAY, '192.0.2.9')).not.toContain(at('10:45'));
    expect(await times(test, TUESDAY, '192.0.2.9')).toContain(at('11:00'));
    expect(await times(test)).toContain(at('10:00'));
    const second = await hold(test, '10:30', '192.0.2.9');
    expect([second.statusCode, second.json()]).toEqual([409, { message: onlineBookingTexts.taken }]);
    test.clock.advance(HOLD_MINUTES * MINUTE_MS);
    expect(await times(test, TUESDAY, '192.0.2.9')).toContain(at('10:00'));
    expect((await hold(test, '10:30', '192.0.2.9')).statusCode).toBe(201);
  });

  it('with "Anyone", holds with the first member free then, in username order', async () => {
    const { test } = await setUp();
    await test.app.staffAccounts.add('amy', 'amy’s own long password', 'staff');
    await test.hoursOf('amy', WEEKDAYS_9_TO_18);
    expect((await hold(test, '10:00', '192.0.2.1', null)).json<Hold>().staff).toBe('amy');
    expect((await hold(test, '10:00', '192.0.2.2', null)).json<Hold>().staff).toBe(STAFF.username);
    expect((await hold(test, '10:00', '192.0.2.3', null)).statusCode).toBe(409);
  });

  it('releases a hold (an unknown token too), and the time is free again for others', async () => {
    const { test } = await setUp();
    const token = await heldToken(test, '10:00');
    expect((await asVisitor(test, 'DELETE', apiPaths.bookingHold(token))).statusCode).toBe(204);
    expect((await asVisitor(test, 'DELETE', apiPaths.bookingHold('unknown'))).statusCode).toBe(204);
    expect(await times(test, TUESDAY, '192.0.2.9')).toContain(at('10:00'));
  });

  it('keeps at most three open holds per visitor: the fourth is 429 until one runs out', async () => {
    const { test } = await setUp();
    for (const time of ['09:00', '11:00', '13:00'].slice(0, MAX_OPEN_HOLDS)) await heldToken(test, time);
    const fourth = await hold(test, '15:00');
    expect([fourth.statusCode, fourth.json(), fourth.headers['retry-after']]).toEqual([
      429,
      { message: onlineBookingTexts.tooMany },
      '600',
    ]);
    // Holding one of its own times again replaces that hold.
    expect((await hold(test, '09:00')).statusCode).toBe(201);
    test.clock.advance(HOLD_MINUTES * MINUTE_MS);
    expect((await hold(test, '15:00')).statusCode).toBe(201);
  });

  it('deletes the holds that ran out in the background task', async () => {
    const { test } = await setUp();
    await heldToken(test, '10:00');
    await heldToken(test, '12:00', '192.0.2.9');
    const count = async () => (await test.app.db.selectFrom('booking_holds').select('token_hash').execute()).length;
    await test.app.onlineBooking.expireHolds();
    expect(await count()).toBe(2);
    test.clock.advance(HOLD_MINUTES * MINUTE_MS);
    await test.app.onlineBooking.expireHolds();
    expect(await count()).toBe(0);
  });

  it('gives exactly one hold to twenty visitors holding one time at once', async () => {
    const { test } = await setUp();
    expect(await oneHoldAtOnce([test], at('10:00'))).toEqual({ 201: 1, 409: 19 });
    expect((await hold(test, '10:30', '192.0.2.77')).statusCode).toBe(409);
    expect(await oneHoldAtOnce([test], at('11:00'))).toEqual({ 201: 1, 409: 19 });
  });
});

describe('booking', () => {
  it('books the held time: the client registered, online, by "online", in the audit trail, the hold gone', async () => {
    const { test } = await setUp();
    const token = await heldToken(test, '10:00');
    const response = await bookOnline(test, token, { ...aVisitor, email: '  Ana@Example.com ', phone: '+351 912 345 678', offers: true });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ service: 'Haircut and styling', start: at('10:00'), email: 'Ana@Example.com' });
    const [appointment] = await dayList(test);
    expect(appointment).toMatchObject({ staff: STAFF.username, start: at('10:00'), online: true, status: 'booked' });
    const registered = (await asStaff(test, 'GET', apiPaths.client(appointment!.client!.id))).json<Client>();
    expect(registered).toMatchObject({ firstName: 'Ana', lastName: 'Silva', email: 'Ana@Example.com' });
    expect(registered.registrationDateTime).toBe('2026-11-30T08:00:00.000Z');
    const details = await asStaff(test, 'GET', apiPaths.clientDetails(registered._id));
    expect(details.json()).toEqual({ phone: '+351 912 345 678', offersConsentAt: '2026-11-30T08:00:00.000Z' });
    const history = (await asStaff(test, 'GET', apiPaths.appointmentHistory(appointment!.id))).json<AppointmentChange[]>();
    expect(history.map(({ kind, by }) => [kind, by])).toEqual([['booked', 'online']]);
    const audit = await test.app.auditEntries.all({ kind: 'appointment-booked-online' });
    expect(audit.map(({ actor, subject, detail, ip }) => ({ actor, subject, detail, ip }))).toEqual([
      { actor: 'online', subject: appointment!.id, detail: `${STAFF.username} ${at('10:00')}`, ip: '203.0.113.1' },
    ]);
    expect(await test.app.db.selectFrom('booking_holds').select('token_hash').execute()).toEqual([]);
    // The hold is used up.
    expect((await bookOnline(test, token)).statusCode).toBe(409);
  });

  it('matches the email to a live client whatever its case, answering as for a new one; keeps the first consent', async () => {
    const { test, client } = await setUp();
    const first = await bookOnline(test, await heldToken(test, '10:00'), { ...aVisitor, email: client.email.toUpperCase(), offers: true });
    test.clock.advance(MINUTE_MS);
    const second = await bookOnline(test, await heldToken(test, '12:00'), { ...aVisitor, email: client.email, phone: '123' });
    const fresh = await bookOnline(test, await heldToken(test, '14:00'));
    expect([first.statusCode, second.statusCode, fresh.statusCode]).toEqual([201, 201, 201]);
    expect(Object.keys(first.json())).toEqual(Object.keys(fresh.json()));
    const clients = (await asStaff(test, 'GET', apiPaths.clients)).json<Client[]>();
    expect(clients.map(({ email }) => email).sort()).toEqual(['amelia.hart@example.com', 'ana@example.com']);
    const appointments = await dayList(test);
    expect(appointments.map(({ client: who }) => who?.id)).toEqual([client._id, client._id, expect.not.stringMatching(client._id)]);
    const details = await asStaff(test, 'GET', apiPaths.clientDetails(client._id));
    expect(details.json()).toEqual({ phone: '123', offersConsentAt: '2026-11-30T08:00:00.000Z' });
  });

  it('answers 409 when a member booked the held time at the desk, keeping nothing', async () => {
    const { test, client } = await setUp();
    const token = await heldToken(test, '10:00');
    const desk = await asStaff(test, 'POST', apiPaths.appointments, {
      payload: { clientId: client._id, serviceId: 'cut', staff: STAFF.username, start: at('10:30') },
    });
    expect(desk.statusCode).toBe(201);
    const response = await bookOnline(test, token);
    expect([response.statusCode, response.json()]).toEqual([409, { message: onlineBookingTexts.taken }]);
    expect((await asStaff(test, 'GET', apiPaths.clients)).json<Client[]>()).toHaveLength(1);
  });

  it('books a hold that ran out while the time is free, and refuses it once another visitor holds it', async () => {
    const { test } = await setUp();
    const late = await heldToken(test, '10:00');
    const beaten = await heldToken(test, '12:00');
    test.clock.advance(HOLD_MINUTES * MINUTE_MS);
    expect((await bookOnline(test, late)).statusCode).toBe(201);
    await heldToken(test, '12:00', '192.0.2.9');
    expect((await bookOnline(test, beaten)).statusCode).toBe(409);
  });

  it('drops a booking whose hidden field is filled: answered as booked, nothing kept', async () => {
    const { test } = await setUp();
    const response = await bookOnline(test, await heldToken(test, '10:00'), { ...aVisitor, website: 'http://spam.example' });
    expect([response.statusCode, response.json()]).toEqual([
      201,
      { service: 'Haircut and styling', start: at('10:00'), email: aVisitor.email },
    ]);
    expect(await dayList(test)).toEqual([]);
    expect((await asStaff(test, 'GET', apiPaths.clients)).json<Client[]>()).toHaveLength(1);
  });

  it('answers 400, never 500, to bodies out of the contract', async () => {
    const { test } = await setUp();
    const token = await heldToken(test, '10:00');
    const bodies: unknown[] = [
      {},
      { holdToken: token },
      { ...aVisitor, holdToken: token, email: 'not an email' },
      { ...aVisitor, holdToken: token, offers: 'yes' },
      { ...aVisitor, holdToken: token, extra: 1 },
      { ...aVisitor, holdToken: '' },
      { ...aVisitor, holdToken: 'x'.repeat(500) },
      { ...aVisitor, holdToken: token, phone: '1'.repeat(41) },
      [],
      'text',
      null,
    ];
    for (const payload of bodies) {
      const response = await asVisitor(test, 'POST', apiPaths.bookingAppointments, {
        payload: JSON.stringify(payload),
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const holds: unknown[] = [{}, { serviceId: 'cut', staff: null, start: 'tomorrow' }, { serviceId: '', staff: null, start: at('10:00') }];
    for (const payload of holds) {
      expect((await asVisitor(test, 'POST', apiPaths.bookingHolds, { payload: JSON.stringify(payload) })).statusCode).toBe(400);
    }
    const queries = ['', 'service=', `service=cut&date=tomorrow`, `service=cut&date=2026-02-30`, `service=${'x'.repeat(65)}`];
    for (const query of queries) {
      expect((await asVisitor(test, 'GET', `${apiPaths.bookingTimes}?${query}`)).statusCode, query).toBe(400);
    }
    expect((await asVisitor(test, 'GET', apiPaths.bookingCancellation('x'.repeat(200)))).statusCode).toBe(400);
    expect(
      (await asVisitor(test, 'POST', apiPaths.bookingHolds, { payload: { serviceId: 'cut', staff: null, start: at('10:07') } })).statusCode,
    ).toBe(409);
    expect((await bookOnline(test, token)).statusCode).toBe(201);
  });

  it('limits each address to 5 bookings and 20 holds an hour: 429 with Retry-After', async () => {
    const { test } = await setUp();
    for (let n = 0; n < BOOKING_RATE.bookingsPerHour; n += 1) {
      expect((await bookOnline(test, await heldToken(test, `${10 + n}:00`))).statusCode).toBe(201);
      test.clock.advance(MINUTE_MS);
    }
    const token = await heldToken(test, '16:00');
    const refused = await bookOnline(test, token);
    expect([refused.statusCode, refused.json(), refused.headers['retry-after']]).toEqual([
      429,
      { message: onlineBookingTexts.tooMany },
      String(60 * 60 - 5 * 60),
    ]);
    expect((await bookOnline(test, token, aVisitor, '192.0.2.9')).statusCode).toBe(201);
    // Holds: 6 so far from this address; 14 more, released as they go, then the 21st is refused.
    for (let n = 0; n < BOOKING_RATE.holdsPerHour - 6; n += 1) {
      await asVisitor(test, 'DELETE', apiPaths.bookingHold(await heldToken(test, '17:00')));
    }
    const twentyFirst = await hold(test, '17:00');
    expect([twentyFirst.statusCode, twentyFirst.headers['retry-after']]).toEqual([429, String(60 * 60 - 5 * 60)]);
    test.clock.advance(60 * MINUTE_MS);
    expect((await hold(test, '17:00')).statusCode).toBe(201);
  });
});

describe('the cancel link', () => {
  /** A booking through the repository: its answer to the route leaves the link's token out (the email carries it). */
  async function bookedWithLink(test: LoggedInApp, time: string) {
    const token = await heldToken(test, time);
    const outcome = await test.app.onlineBooking.book(
      { holdToken: token, ...aVisitor },
      '203.0.113.1',
      test.app.onlineBooking.now(),
      'http://localhost',
    );
    if (outcome.status !== 'booked') throw new Error(`Not booked: ${outcome.status}`);
    return outcome;
  }

  it('shows the appointment, cancels it once (its time free, by "online", audited); then the link is no longer valid', async () => {
    const { test } = await setUp();
    const { cancelToken, appointment } = await bookedWithLink(test, '10:00');
    expect(cancelToken).toMatch(/^[\w-]{43}$/);
    expect(cancelToken).not.toBe(appointment.id);
    const link = apiPaths.bookingCancellation(cancelToken);
    const shown = await asVisitor(test, 'GET', link);
    expect([shown.statusCode, shown.json<Cancellation>()]).toEqual([
      200,
      { service: 'Haircut and styling', start: at('10:00'), cancellable: true },
    ]);
    const cancelled = await asVisitor(test, 'POST', link);
    expect([cancelled.statusCode, cancelled.json()]).toEqual([
      200,
      { service: 'Haircut and styling', start: at('10:00'), cancellable: false },
    ]);
    expect((await dayList(test)).map(({ status }) => status)).toEqual(['cancelled']);
    expect(await times(test, TUESDAY, '192.0.2.9')).toContain(at('10:00'));
    const history = (await asStaff(test, 'GET', apiPaths.appointmentHistory(appointment.id))).json<AppointmentChange[]>();
    expect(history.map(({ kind, by }) => [kind, by])).toEqual([
      ['cancelled', 'online'],
      ['booked', 'online'],
    ]);
    const audit = await test.app.auditEntries.all({ kind: 'appointment-cancelled-online' });
    expect(audit.map(({ actor, subject }) => [actor, subject])).toEqual([['online', appointment.id]]);
    for (const method of ['GET', 'POST'] as const) {
      const again = await asVisitor(test, method, link);
      expect([again.statusCode, again.json()]).toEqual([404, { message: onlineBookingTexts.linkInvalid }]);
    }
    expect((await asVisitor(test, 'GET', apiPaths.bookingCancellation('unknown'))).statusCode).toBe(404);
  });

  it('refuses within 24 hours of the start, and once staff cancelled it', async () => {
    const { test } = await setUp();
    const { cancelToken } = await bookedWithLink(test, '10:00');
    test.clock.advance(2 * 60 * MINUTE_MS);
    test.cookie = await logIn(test.app);
    const link = apiPaths.bookingCancellation(cancelToken);
    expect((await asVisitor(test, 'GET', link)).json<Cancellation>().cancellable).toBe(false);
    const late = await asVisitor(test, 'POST', link);
    expect([late.statusCode, late.json()]).toEqual([409, { message: onlineBookingTexts.tooLate }]);
    expect((await dayList(test)).map(({ status }) => status)).toEqual(['booked']);

    const later = await bookedWithLink(test, '14:00');
    const [, booked] = await dayList(test);
    expect((await asStaff(test, 'DELETE', apiPaths.appointment(booked!.id))).statusCode).toBe(200);
    expect((await asVisitor(test, 'GET', apiPaths.bookingCancellation(later.cancelToken))).statusCode).toBe(404);
  });

  it('follows SALON_CANCEL_HOURS', async () => {
    const { test } = await bookingTest({ timeZone: ZONE, now: NOW, cancelHours: 48 });
    const { cancelToken } = await bookedWithLink(test, '10:00');
    const refused = await asVisitor(test, 'POST', apiPaths.bookingCancellation(cancelToken));
    expect([refused.statusCode, refused.json()]).toEqual([409, { message: onlineBookingTexts.tooLate }]);
  });
});

describe('a client’s details', () => {
  it('are in the GDPR export, and erased with the client', async () => {
    const { test, client } = await setUp();
    await bookOnline(test, await heldToken(test, '10:00'), { ...aVisitor, email: client.email, phone: '555 0100', offers: true });
    const exported = (await asStaff(test, 'GET', apiPaths.clientExport(client._id))).json<ClientExport>();
    expect(exported.details).toEqual({ phone: '555 0100', offersConsentAt: '2026-11-30T08:00:00.000Z' });
    expect((await asStaff(test, 'POST', apiPaths.eraseClient(client._id))).statusCode).toBe(204);
    expect(await test.app.db.selectFrom('client_details').selectAll().execute()).toEqual([]);
  });

  it('are nulls without an online booking; 404 for no such client; staff only', async () => {
    const { test, client } = await setUp();
    expect((await asStaff(test, 'GET', apiPaths.clientDetails(client._id))).json()).toEqual({ phone: null, offersConsentAt: null });
    expect((await asStaff(test, 'GET', apiPaths.clientDetails('nobody'))).statusCode).toBe(404);
    expect((await asVisitor(test, 'GET', apiPaths.clientDetails(client._id))).statusCode).toBe(401);
  });
});
