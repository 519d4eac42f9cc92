/**
 * The book in the mock (issue 40): the server's repository on sql.js, so SQLite's triggers refuse a double booking
 * there too, and the same function (db/errors.ts's bookRefusal) reads sql.js's error as node:sqlite's.
 */
import { describe, expect, it } from 'vitest';
import { bookTexts } from '#contract/book-texts';
import { addDays, salonDate, salonDateTime, instantAt, type Appointment } from '#contract/book';
import { APPOINTMENT_EVENT } from '#contract/event-stream';
import { apiPaths } from '#contract/paths';
import { mockDb } from '../db.ts';
import { openMockStream } from '../testing/replayed-events.ts';

const ZONE = mockDb.salon().timeZone;
const DAY = '2030-01-01';
const at = (time: string) => salonDateTime(instantAt(DAY, time, ZONE), ZONE);

async function send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`http://localhost${path}`, {
    method,
    headers: body === undefined ? headers : { 'Content-Type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, etag: response.headers.get('ETag'), json: (await response.json()) as unknown };
}

/** A client of admin's, with the seeded "Haircut and styling" (60 minutes) and admin's seeded hours (Tuesday to Saturday). */
async function setUp() {
  mockDb.startSession('admin');
  const client = await mockDb.createClient({
    firstName: 'Ada',
    lastName: 'Byron',
    email: 'ada@example.com',
    registrationDateTime: '2024-01-01T10:00',
  });
  const services = (await (await fetch(`http://localhost${apiPaths.services}`)).json()) as Array<{ id: string; name: string }>;
  const haircut = services.find(({ name }) => name === 'Haircut and styling');
  if (!haircut) throw new Error('The mock seeds no "Haircut and styling"');
  return { clientId: client.client._id, serviceId: haircut.id, staff: 'admin' };
}

describe('appointments in the mock', () => {
  it('refuses a double booking with the server’s 409, cancels, and undoes with 409 once the time was taken', async () => {
    const base = await setUp();
    const first = await send('POST', apiPaths.appointments, { ...base, start: at('10:00') });
    expect([first.status, first.etag]).toEqual([201, '"v1"']);
    const overlap = await send('POST', apiPaths.appointments, { ...base, start: at('10:30') });
    expect(overlap).toMatchObject({ status: 409, json: { message: bookTexts.alreadyBooked('admin') } });
    const early = await send('POST', apiPaths.appointments, { ...base, start: at('08:00') });
    expect(early).toMatchObject({ status: 409, json: { message: bookTexts.notWorking('admin') } });

    const { id } = first.json as Appointment;
    const cancelled = await send('DELETE', apiPaths.appointment(id), undefined, { 'If-Match': '"v1"' });
    expect(cancelled).toMatchObject({ status: 200, etag: '"v2"', json: { status: 'cancelled' } });
    expect((await send('POST', apiPaths.appointments, { ...base, start: at('10:30') })).status).toBe(201);
    const undo = await send('POST', apiPaths.restoreAppointment(id));
    expect(undo).toMatchObject({ status: 409, json: { message: bookTexts.alreadyBooked('admin') } });
    const history = await send('GET', apiPaths.appointmentHistory(id));
    expect((history.json as Array<{ kind: string }>).map(({ kind }) => kind)).toEqual(['cancelled', 'booked']);
    expect((await mockDb.auditEntries({ kind: 'appointment-booked' })).length).toBe(2);
  });

  it('tells its event streams of each booking, move and cancellation: an `appointment` event, without an id', async () => {
    const base = await setUp();
    const stream = await openMockStream();
    await stream.until('ready', 1);
    const { id } = (await send('POST', apiPaths.appointments, { ...base, start: at('10:00') })).json as Appointment;
    await send('PUT', apiPaths.appointment(id), { staff: 'admin', start: at('11:00') }, { 'If-Match': '"v1"' });
    await send('DELETE', apiPaths.appointment(id));
    const told = await stream.until(APPOINTMENT_EVENT, 3);
    expect(told.map((message) => [message.id, JSON.parse(message.data)])).toEqual(
      ['booked', 'moved', 'cancelled'].map((kind) => [undefined, { appointmentId: id, kind, by: 'admin', at: expect.any(String) }]),
    );
  });

  it('seeds a few appointments this week, for admin and sam, on the seeded services', async () => {
    mockDb.startSession('admin');
    const today = salonDate(Date.now(), ZONE);
    const week = await send('GET', `${apiPaths.appointments}?from=${addDays(today, -7)}&to=${addDays(today, 7)}`);
    const seeded = week.json as Appointment[];
    expect(seeded).toHaveLength(7);
    expect(new Set(seeded.map(({ staff }) => staff))).toEqual(new Set(['admin', 'sam']));
    expect(seeded.every(({ status, client }) => status === 'booked' && client !== null)).toBe(true);
    expect(new Set(seeded.map(({ service }) => service.name)).size).toBe(4);
  });
});
