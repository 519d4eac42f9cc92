/**
 * The book's appointments through the API (issue 40): booking, the refusals (another appointment, not working, what is
 * not there), move and cancel with If-Match, the Undo of a cancellation, history, availability, a client's
 * appointments, the Idempotency-Key, the audit trail, the salon's time on the days the clocks change, and twenty
 * bookings of one slot at once (one server on SQLite; two instances on PostgreSQL: appointments-race.postgres.test.ts).
 */
import { describe, expect, it } from 'vitest';
import type { Client } from '#contract/api';
import type { AppointmentChange, AppointmentPreconditionFailed } from '#contract/appointments';
import { bookTexts } from '#contract/book-texts';
import { NO_HOURS, type Appointment, type Availability } from '#contract/book';
import { apiPaths } from '#contract/paths';
import type { LoggedInApp } from '../testing/test-app.ts';
import { aClient, asStaff, asStaffMember, createClient, logIn, STAFF, STAFF_MEMBER, withCookie } from '../testing/test-app.ts';
import { bookingTest, oneSlotAtOnce, WEEKDAYS_9_TO_18 } from '../testing/book.ts';

const ZONE = 'Europe/London';
/** A Tuesday in winter: London is on UTC. */
const DAY = '2026-12-01';
const at = (time: string, date = DAY) => `${date}T${time}:00+00:00`;

const book = (test: LoggedInApp, body: object, headers?: Record<string, string>) =>
  asStaff(test, 'POST', apiPaths.appointments, { payload: body, headers });
const newAppointment = (client: Client, time: string, staff: string = STAFF.username) => ({
  clientId: client._id,
  serviceId: 'cut',
  staff,
  start: at(time),
});

describe('the book', () => {
  it('books: 201 with the appointment, its ETag and Location, in the list, by id, in the audit trail', async () => {
    const { test, client } = await bookingTest({ timeZone: ZONE });
    const response = await book(test, newAppointment(client, '10:00'));
    expect(response.statusCode, response.body).toBe(201);
    const booked = response.json<Appointment>();
    expect(booked).toEqual({
      id: expect.any(String),
      client: { id: client._id, firstName: client.firstName, lastName: client.lastName },
      service: { id: 'cut', name: 'Haircut and styling' },
      staff: STAFF.username,
      start: at('10:00'),
      end: at('11:00'),
      status: 'booked',
      version: 1,
      online: false,
    });
    expect(response.headers.etag).toBe('"v1"');
    expect(response.headers.location).toBe(apiPaths.appointment(booked.id));

    const list = await asStaff(test, 'GET', `${apiPaths.appointments}?from=${DAY}&to=${DAY}`);
    expect(list.json()).toEqual([booked]);
    expect((await asStaff(test, 'GET', `${apiPaths.appointments}?from=2026-12-02&to=2026-12-02`)).json()).toEqual([]);
    const one = await asStaff(test, 'GET', apiPaths.appointment(booked.id));
    expect([one.statusCode, one.headers.etag, one.json()]).toEqual([200, '"v1"', booked]);
    expect((await asStaff(test, 'GET', apiPaths.appointment('nope'))).statusCode).toBe(404);

    const audit = await test.app.auditEntries.all({ kind: 'appointment-booked' });
    expect(audit.map(({ actor, subject, detail }) => ({ actor, subject, detail }))).toEqual([
      { actor: STAFF.username, subject: booked.id, detail: `${STAFF.username} ${at('10:00')}` },
    ]);
  });

  it('refuses an overlap (409, the member named), a time outside the hours, and what is not there', async () => {
    const { test, client } = await bookingTest({ timeZone: ZONE });
    expect((await book(test, newAppointment(client, '10:00'))).statusCode).toBe(201);
    for (const time of ['10:00', '09:15', '10:45']) {
      const refused = await book(test, newAppointment(client, time));
      expect([refused.statusCode, refused.json()]).toEqual([409, { message: bookTexts.alreadyBooked(STAFF.username) }]);
    }
    // Touching ends are no overlap.
    expect((await book(test, newAppointment(client, '09:00'))).statusCode).toBe(201);
    expect((await book(test, newAppointment(client, '11:00'))).statusCode).toBe(201);

    for (const time of ['08:00', '17:30']) {
      const refused = await book(test, newAppointment(client, time));
      expect([refused.statusCode, refused.json()]).toEqual([409, { message: bookTexts.notWorking(STAFF.username) }]);
    }
    const sunday = await book(test, { ...newAppointment(client, '10:00'), start: at('10:00', '2026-12-06') });
    expect(sunday.json()).toEqual({ message: bookTexts.notWorking(STAFF.username) });

    const cases: Array<[object, number, string]> = [
      [{ clientId: 'nobody' }, 400, 'Client not found'],
      [{ serviceId: 'nothing' }, 400, 'Service not found'],
      [{ staff: 'nobody' }, 400, 'Staff member not found'],
      [{ serviceId: 'old' }, 409, 'This service is no longer offered.'],
    ];
    for (const [change, status, message] of cases) {
      const refused = await book(test, { ...newAppointment(client, '14:00'), ...change });
      expect([refused.statusCode, refused.json()]).toEqual([status, { message }]);
    }
    expect((await book(test, { ...newAppointment(client, '14:00'), start: 'tomorrow' })).statusCode).toBe(400);
  });

  it('moves with If-Match (412 with the appointment as it is), cancels, and undoes a cancellation unless the time was taken', async () => {
    const { test, client } = await bookingTest({ timeZone: ZONE });
    const first = (await book(test, newAppointment(client, '10:00'))).json<Appointment>();
    const moved = await asStaff(test, 'PUT', apiPaths.appointment(first.id), {
      payload: { staff: STAFF.username, start: at('12:00') },
      headers: { 'if-match': '"v1"' },
    });
    expect([moved.statusCode, moved.headers.etag]).toEqual([200, '"v2"']);
    expect(moved.json()).toMatchObject({ start: at('12:00'), end: at('13:00'), version: 2 });

    const stale = await asStaff(test, 'PUT', apiPaths.appointment(first.id), {
      payload: { staff: STAFF.username, start: at('15:00') },
      headers: { 'if-match': '"v1"' },
    });
    expect(stale.statusCode).toBe(412);
    expect(stale.json<AppointmentPreconditionFailed>()).toEqual({
      message: 'The appointment was changed since you read it',
      current: { appointment: moved.json(), version: 2, kind: 'moved', changedBy: STAFF.username, changedAt: expect.any(String) },
    });

    const second = (await book(test, newAppointment(client, '14:00'))).json<Appointment>();
    const onto = await asStaff(test, 'PUT', apiPaths.appointment(second.id), { payload: { staff: STAFF.username, start: at('12:30') } });
    expect([onto.statusCode, onto.json()]).toEqual([409, { message: bookTexts.alreadyBooked(STAFF.username) }]);
    const late = await asStaff(test, 'PUT', apiPaths.appointment(second.id), { payload: { staff: STAFF.username, start: at('17:30') } });
    expect([late.statusCode, late.json()]).toEqual([409, { message: bookTexts.notWorking(STAFF.username) }]);

    const cancelled = await asStaff(test, 'DELETE', apiPaths.appointment(first.id), { headers: { 'if-match': '"v2"' } });
    expect([cancelled.statusCode, cancelled.headers.etag, cancelled.json<Appointment>().status]).toEqual([200, '"v3"', 'cancelled']);
    expect((await asStaff(test, 'DELETE', apiPaths.appointment(first.id), { headers: { 'if-match': '"v2"' } })).statusCode).toBe(412);
    const noMove = await asStaff(test, 'PUT', apiPaths.appointment(first.id), { payload: { staff: STAFF.username, start: at('09:00') } });
    expect([noMove.statusCode, noMove.json()]).toEqual([409, { message: 'A cancelled appointment cannot be moved.' }]);

    // Its time is free: another booking takes it, and the Undo is refused.
    const taker = (await book(test, newAppointment(client, '12:30'))).json<Appointment>();
    const undo = await asStaff(test, 'POST', apiPaths.restoreAppointment(first.id));
    expect([undo.statusCode, undo.json()]).toEqual([409, { message: bookTexts.alreadyBooked(STAFF.username) }]);
    expect((await asStaff(test, 'DELETE', apiPaths.appointment(taker.id))).statusCode).toBe(200);
    const restored = await asStaff(test, 'POST', apiPaths.restoreAppointment(first.id));
    expect([restored.statusCode, restored.headers.etag, restored.json<Appointment>().status]).toEqual([200, '"v4"', 'booked']);
    expect((await asStaff(test, 'POST', apiPaths.restoreAppointment('nope'))).statusCode).toBe(404);

    const history = (await asStaff(test, 'GET', apiPaths.appointmentHistory(first.id))).json<AppointmentChange[]>();
    expect(history.map(({ kind, version, by, before, after }) => [kind, version, by, before?.status ?? null, after.start])).toEqual([
      ['restored', 4, STAFF.username, 'cancelled', at('12:00')],
      ['cancelled', 3, STAFF.username, 'booked', at('12:00')],
      ['moved', 2, STAFF.username, 'booked', at('12:00')],
      ['booked', 1, STAFF.username, null, at('10:00')],
    ]);
    expect((await asStaff(test, 'GET', apiPaths.appointmentHistory('nope'))).statusCode).toBe(404);
    const kinds = ['appointment-booked', 'appointment-moved', 'appointment-cancelled', 'appointment-restored'] as const;
    const counts = await Promise.all(kinds.map(async (kind) => (await test.app.auditEntries.all({ kind })).length));
    expect(counts).toEqual([3, 1, 2, 1]);
  });

  it('moves to a colleague, and answers the free start times around the appointments (except the one moved)', async () => {
    const { test, client } = await bookingTest({ timeZone: ZONE });
    const sam = await asStaffMember(test);
    const first = (await book(test, newAppointment(client, '10:00'))).json<Appointment>();
    const availability = async (query: string) =>
      (await asStaff(test, 'GET', `${apiPaths.availability}?service=cut&date=${DAY}&${query}`)).json<Availability>();
    const mine = await availability(`staff=${STAFF.username}`);
    expect(mine.date).toBe(DAY);
    expect(mine.starts).toHaveLength(33 - 7);
    expect(mine.starts).toContain(at('09:00'));
    expect(mine.starts).not.toContain(at('09:15'));
    expect(mine.starts).toContain(at('11:00'));
    expect(mine.starts.at(-1)).toBe(at('17:00'));
    expect((await availability(`staff=${STAFF.username}&except=${first.id}`)).starts).toHaveLength(33);
    // Sam has no hours.
    expect((await availability(`staff=${STAFF_MEMBER.username}`)).starts).toEqual([]);
    const unknown = await asStaff(test, 'GET', `${apiPaths.availability}?service=none&date=${DAY}&staff=${STAFF.username}`);
    expect([unknown.statusCode, unknown.json()]).toEqual([400, { message: 'Service not found' }]);

    const toSam = await asStaff(sam, 'PUT', apiPaths.appointment(first.id), {
      payload: { staff: STAFF_MEMBER.username, start: at('10:00') },
    });
    expect([toSam.statusCode, toSam.json()]).toEqual([409, { message: bookTexts.notWorking(STAFF_MEMBER.username) }]);
    await test.hoursOf(STAFF_MEMBER.username, WEEKDAYS_9_TO_18);
    const moved = await asStaff(sam, 'PUT', apiPaths.appointment(first.id), {
      payload: { staff: STAFF_MEMBER.username, start: at('10:00') },
    });
    expect(moved.json()).toMatchObject({ staff: STAFF_MEMBER.username, version: 2 });
    // The same time is another member's: both booked.
    expect((await book(test, newAppointment(client, '10:00'))).statusCode).toBe(201);
    const list = await asStaff(test, 'GET', `${apiPaths.appointments}?from=${DAY}&to=${DAY}&staff=${STAFF_MEMBER.username}`);
    expect(list.json<Appointment[]>().map(({ id }) => id)).toEqual([first.id]);
  });

  it("answers a client's appointments, upcoming first (soonest first), then past (newest first)", async () => {
    const { test, client } = await bookingTest({ timeZone: ZONE, now: `${DAY}T12:30:00Z` });
    const other = await createClient(test, { ...aClient, email: 'other@example.com' });
    const ids: Record<string, string> = {};
    for (const time of ['14:00', '09:00', '16:00', '11:00', '12:00'])
      ids[time] = (await book(test, newAppointment(client, time))).json<Appointment>().id;
    await book(test, { ...newAppointment(other, '15:00') });
    const list = await asStaff(test, 'GET', apiPaths.clientAppointments(client._id));
    expect(list.json<Appointment[]>().map(({ id }) => id)).toEqual(['12:00', '14:00', '16:00', '11:00', '09:00'].map((time) => ids[time]));
    expect((await asStaff(test, 'GET', apiPaths.clientAppointments('nobody'))).statusCode).toBe(404);
  });

  it('honours an Idempotency-Key: the same booking again answers the first; another with it is 422', async () => {
    const { test, client } = await bookingTest({ timeZone: ZONE });
    const key = { 'idempotency-key': 'booking-1' };
    const first = await book(test, newAppointment(client, '10:00'), key);
    const again = await book(test, newAppointment(client, '10:00'), key);
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.json()).toEqual(first.json());
    expect(again.headers.location).toBe(first.headers.location);
    const other = await book(test, newAppointment(client, '12:00'), key);
    expect([other.statusCode, other.json()]).toEqual([422, { message: 'This Idempotency-Key was sent before with another appointment' }]);
    expect((await book(test, newAppointment(client, '12:00'), { 'idempotency-key': 'a b' })).statusCode).toBe(400);
    expect(await test.app.auditEntries.all({ kind: 'appointment-booked' })).toHaveLength(1);
    // After 24 hours the key may name a new booking.
    test.clock.advance(24 * 60 * 60 * 1000 + 1);
    const later = withCookie(test, await logIn(test.app));
    expect((await book(later, newAppointment(client, '12:00'), key)).statusCode).toBe(201);
  });

  it('keeps the salon’s wall time on the days the clocks change (Europe/London): stored at the right instant, answered with the offset', async () => {
    const { test, client } = await bookingTest({ timeZone: ZONE, hours: { ...NO_HOURS, sunday: { from: '09:00', to: '18:00' } } });
    // 29 March 2026: 01:00 GMT becomes 02:00 BST; 25 October 2026: 02:00 BST becomes 01:00 GMT.
    for (const [date, offset, utc] of [
      ['2026-03-29', '+01:00', '2026-03-29T08:00:00.000Z'],
      ['2026-10-25', '+00:00', '2026-10-25T09:00:00.000Z'],
    ] as const) {
      const response = await book(test, { ...newAppointment(client, '09:00'), start: `${date}T09:00:00${offset}` });
      expect(response.statusCode, response.body).toBe(201);
      const booked = response.json<Appointment>();
      expect([booked.start, booked.end]).toEqual([`${date}T09:00:00${offset}`, `${date}T10:00:00${offset}`]);
      const row = await test.app.db.selectFrom('appointments').select('start_ms').where('id', '=', booked.id).executeTakeFirstOrThrow();
      expect(new Date(Number(row.start_ms)).toISOString()).toBe(utc);
      // The same instant written with another offset is the same appointment's time.
      const again = await book(test, { ...newAppointment(client, '09:00'), start: utc });
      expect(again.json()).toEqual({ message: bookTexts.alreadyBooked(STAFF.username) });
      const day = await asStaff(test, 'GET', `${apiPaths.appointments}?from=${date}&to=${date}`);
      expect(day.json<Appointment[]>().map(({ id }) => id)).toEqual([booked.id]);
      const free = (
        await asStaff(test, 'GET', `${apiPaths.availability}?service=cut&staff=${STAFF.username}&date=${date}`)
      ).json<Availability>();
      expect(free.starts[0]).toBe(`${date}T10:00:00${offset}`);
    }
  });

  it('gives one of twenty bookings of one slot at once a 201, and the others 409', async () => {
    const { test, client } = await bookingTest({ timeZone: ZONE });
    const statuses = await oneSlotAtOnce([test], client, at('10:00'));
    expect(statuses).toEqual({ 201: 1, 409: 19 });
    expect(await test.app.db.selectFrom('appointments').select('id').execute()).toHaveLength(1);
  });
});
