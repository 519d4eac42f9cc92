/**
 * A client's life and their appointments (issue 40): a deletion cancels the upcoming ones and its Undo books them back
 * (a time taken meanwhile stays cancelled), an erasure leaves them naming nobody, a merge moves the other client's to
 * the kept one and its undo moves them back, the export includes them, and an import's undo leaves a client it created
 * who has an upcoming appointment.
 */
import { describe, expect, it } from 'vitest';
import type { Client } from '#contract/api';
import type { AppointmentChange } from '#contract/appointments';
import type { Appointment } from '#contract/book';
import type { ClientExport } from '#contract/client-export';
import type { ImportSummary } from '#contract/import';
import type { MergeSummary } from '#contract/merge';
import { apiPaths } from '#contract/paths';
import { bookingTest } from '../testing/book.ts';
import { aClient, asStaff, createClient, STAFF, type LoggedInApp } from '../testing/test-app.ts';

const otherClient = { ...aClient, firstName: 'Other', email: 'other@example.com' };
/** Alike to aClient (the same name), registered after: a merge keeps aClient. */
const ameliaAgain = { ...aClient, email: 'amelia@work.example', registrationDateTime: '2025-01-02T09:00' };

const ZONE = 'Europe/London';
/** A Tuesday in winter (London on UTC), at 12:30: the morning is past, the afternoon and the next days upcoming. */
const DAY = '2026-12-01';
const NOW = `${DAY}T12:30:00Z`;
const at = (time: string, date = DAY) => `${date}T${time}:00+00:00`;

async function book(test: LoggedInApp, client: Client, start: string): Promise<Appointment> {
  const body = { clientId: client._id, serviceId: 'cut', staff: STAFF.username, start };
  const response = await asStaff(test, 'POST', apiPaths.appointments, { payload: body });
  if (response.statusCode !== 201) throw new Error(`Booking failed with ${response.statusCode}: ${response.body}`);
  return response.json<Appointment>();
}

const appointmentsOf = async (test: LoggedInApp, client: Client) =>
  (await asStaff(test, 'GET', apiPaths.clientAppointments(client._id))).json<Appointment[]>();
const statusOf = async (test: LoggedInApp, id: string) => (await asStaff(test, 'GET', apiPaths.appointment(id))).json<Appointment>().status;
const historyOf = async (test: LoggedInApp, id: string) =>
  (await asStaff(test, 'GET', apiPaths.appointmentHistory(id))).json<AppointmentChange[]>();

/** The client's morning (past), afternoon and next day's (upcoming) appointments, and one cancelled before. */
async function aWeekOf(test: LoggedInApp, client: Client) {
  const past = await book(test, client, at('10:00'));
  const afternoon = await book(test, client, at('14:00'));
  const tomorrow = await book(test, client, at('10:00', '2026-12-02'));
  const cancelledBefore = await book(test, client, at('16:00'));
  expect((await asStaff(test, 'DELETE', apiPaths.appointment(cancelledBefore.id))).statusCode).toBe(200);
  return { past, afternoon, tomorrow, cancelledBefore };
}

const auditOf = async (test: LoggedInApp, kind: 'appointment-cancelled' | 'appointment-restored') =>
  (await test.app.auditEntries.all({ kind })).map(({ actor, subject, detail }) => ({ actor, subject, detail }));

describe('a client’s deletion and its Undo', () => {
  it('cancels the upcoming appointments (the past untouched) and books them back on restore', async () => {
    const { test, client } = await bookingTest({ timeZone: ZONE, now: NOW });
    const { past, afternoon, tomorrow, cancelledBefore } = await aWeekOf(test, client);

    expect((await asStaff(test, 'DELETE', apiPaths.client(client._id))).statusCode).toBe(204);
    expect((await appointmentsOf(test, client)).map(({ id, status }) => [id, status])).toEqual([
      [afternoon.id, 'cancelled'],
      [cancelledBefore.id, 'cancelled'],
      [tomorrow.id, 'cancelled'],
      [past.id, 'booked'],
    ]);
    expect((await historyOf(test, afternoon.id))[0]).toMatchObject({ kind: 'cancelled', by: STAFF.username, version: 2 });
    expect((await auditOf(test, 'appointment-cancelled')).slice(0, 2)).toEqual([
      { actor: STAFF.username, subject: tomorrow.id, detail: `${STAFF.username} ${at('10:00', '2026-12-02')}` },
      { actor: STAFF.username, subject: afternoon.id, detail: `${STAFF.username} ${at('14:00')}` },
    ]);
    // Their time is free for others.
    const other = await createClient(test, otherClient);
    expect((await asStaff(test, 'GET', `${apiPaths.availability}?service=cut&staff=${STAFF.username}&date=${DAY}`)).json()).toMatchObject({
      starts: expect.arrayContaining([at('14:00')]),
    });

    const restored = await asStaff(test, 'POST', apiPaths.restoreClient(client._id));
    expect(restored.statusCode).toBe(200);
    expect(await Promise.all([past, afternoon, tomorrow, cancelledBefore].map(({ id }) => statusOf(test, id)))).toEqual([
      'booked',
      'booked',
      'booked',
      // Cancelled by a member before the deletion: the Undo of the deletion leaves it so.
      'cancelled',
    ]);
    expect((await historyOf(test, afternoon.id)).map(({ kind, by }) => [kind, by])).toEqual([
      ['restored', STAFF.username],
      ['cancelled', STAFF.username],
      ['booked', STAFF.username],
    ]);
    expect(await auditOf(test, 'appointment-restored')).toEqual([
      { actor: STAFF.username, subject: tomorrow.id, detail: `${STAFF.username} ${at('10:00', '2026-12-02')}` },
      { actor: STAFF.username, subject: afternoon.id, detail: `${STAFF.username} ${at('14:00')}` },
    ]);
    expect(await appointmentsOf(test, other)).toEqual([]);
  });

  it('leaves cancelled one whose time was taken meanwhile, and restores the rest and the client', async () => {
    const { test, client } = await bookingTest({ timeZone: ZONE, now: NOW });
    const { afternoon, tomorrow } = await aWeekOf(test, client);
    expect((await asStaff(test, 'DELETE', apiPaths.client(client._id))).statusCode).toBe(204);
    const other = await createClient(test, otherClient);
    const taken = await book(test, other, at('14:30'));

    const restored = await asStaff(test, 'POST', apiPaths.restoreClient(client._id));
    expect([restored.statusCode, restored.json<Client>()._id]).toEqual([200, client._id]);
    expect([await statusOf(test, afternoon.id), await statusOf(test, tomorrow.id), await statusOf(test, taken.id)]).toEqual([
      'cancelled',
      'booked',
      'booked',
    ]);
    expect((await auditOf(test, 'appointment-restored')).map(({ subject }) => subject)).toEqual([tomorrow.id]);

    // Forgotten with the restore: the client's next deletion and Undo do not book it back either.
    expect((await asStaff(test, 'DELETE', apiPaths.appointment(taken.id))).statusCode).toBe(200);
    expect((await asStaff(test, 'DELETE', apiPaths.client(client._id))).statusCode).toBe(204);
    expect((await asStaff(test, 'POST', apiPaths.restoreClient(client._id))).statusCode).toBe(200);
    expect([await statusOf(test, afternoon.id), await statusOf(test, tomorrow.id)]).toEqual(['cancelled', 'booked']);
  });

  it('books back none whose time has passed by the Undo', async () => {
    const { test, client } = await bookingTest({ timeZone: ZONE, now: `${DAY}T13:45:00Z` });
    const afternoon = await book(test, client, at('14:00'));
    const tomorrow = await book(test, client, at('10:00', '2026-12-02'));
    expect((await asStaff(test, 'DELETE', apiPaths.client(client._id))).statusCode).toBe(204);
    // 14:10, within the session's idle time.
    test.clock.advance(25 * 60 * 1000);
    expect((await asStaff(test, 'POST', apiPaths.restoreClient(client._id))).statusCode).toBe(200);
    expect([await statusOf(test, afternoon.id), await statusOf(test, tomorrow.id)]).toEqual(['cancelled', 'booked']);
  });
});

describe('an erased client’s appointments', () => {
  it('answer client null, and nothing about them names the client', async () => {
    const { test, client } = await bookingTest({ timeZone: ZONE, now: NOW });
    const { past, afternoon } = await aWeekOf(test, client);
    expect((await asStaff(test, 'DELETE', apiPaths.client(client._id))).statusCode).toBe(204);
    expect((await asStaff(test, 'POST', apiPaths.restoreClient(client._id))).statusCode).toBe(200);
    expect((await asStaff(test, 'POST', apiPaths.eraseClient(client._id))).statusCode).toBe(204);

    const erased = (await asStaff(test, 'GET', apiPaths.appointment(past.id))).json<Appointment>();
    expect(erased).toMatchObject({ id: past.id, client: null, status: 'booked' });
    const day = (await asStaff(test, 'GET', `${apiPaths.appointments}?from=${DAY}&to=${DAY}`)).json<Appointment[]>();
    expect(day.map((appointment) => appointment.client)).toEqual([null, null, null]);
    expect((await asStaff(test, 'GET', apiPaths.clientAppointments(client._id))).statusCode).toBe(404);

    const { db } = test.app;
    const stored = JSON.stringify([
      await db.selectFrom('appointments').selectAll().execute(),
      await db.selectFrom('appointment_changes').selectAll().execute(),
      (await db.selectFrom('audit_entries').selectAll().execute()).filter(({ kind }) => kind.startsWith('appointment-')),
      await db.selectFrom('idempotency_keys').selectAll().execute(),
      await historyOf(test, afternoon.id),
    ]);
    for (const value of [client._id, client.firstName, client.lastName, client.email]) expect(stored).not.toContain(value);
  });
});

describe('a merge and its undo', () => {
  it('moves the other client’s appointments to the kept one, and back', async () => {
    const { test, client: kept } = await bookingTest({ timeZone: ZONE, now: NOW });
    const other = await createClient(test, ameliaAgain);
    const keptOwn = await book(test, kept, at('09:00'));
    const { past, afternoon } = await aWeekOf(test, other);
    const fields = { firstName: 'kept', lastName: 'kept', email: 'other', registrationDateTime: 'kept' };
    const payload = { keepId: kept._id, otherId: other._id, keepVersion: 1, otherVersion: 1, fields };
    const merge = await asStaff(test, 'POST', apiPaths.merges, { payload });
    expect(merge.statusCode, merge.body).toBe(201);

    const afterMerge = await appointmentsOf(test, kept);
    expect(afterMerge).toHaveLength(5);
    expect(afterMerge.find(({ id }) => id === afternoon.id)?.client).toEqual({ id: kept._id, firstName: 'Amelia', lastName: 'Hart' });
    // Its member, times and status unchanged: a new version for its new client, nothing else in its history.
    const [moved] = await historyOf(test, past.id);
    expect(moved).toMatchObject({ version: 2, kind: 'client-changed', by: STAFF.username });
    expect(moved?.after).toEqual(moved?.before);

    const undo = await asStaff(test, 'POST', apiPaths.undoMerge(merge.json<MergeSummary>().id));
    expect(undo.statusCode, undo.body).toBe(200);
    expect((await appointmentsOf(test, kept)).map(({ id }) => id)).toEqual([keptOwn.id]);
    expect((await appointmentsOf(test, other)).map(({ id }) => id).sort()).toEqual(
      afterMerge
        .map(({ id }) => id)
        .filter((id) => id !== keptOwn.id)
        .sort(),
    );
  });

  it('takes the moved appointments along when the kept client is erased: client null', async () => {
    const { test, client: kept } = await bookingTest({ timeZone: ZONE, now: NOW });
    const other = await createClient(test, ameliaAgain);
    const theirs = await book(test, other, at('14:00'));
    const fields = { firstName: 'kept', lastName: 'kept', email: 'kept', registrationDateTime: 'kept' };
    const payload = { keepId: kept._id, otherId: other._id, keepVersion: 1, otherVersion: 1, fields };
    expect((await asStaff(test, 'POST', apiPaths.merges, { payload })).statusCode).toBe(201);
    expect((await asStaff(test, 'POST', apiPaths.eraseClient(kept._id))).statusCode).toBe(204);
    expect((await asStaff(test, 'GET', apiPaths.appointment(theirs.id))).json<Appointment>().client).toBeNull();
  });
});

describe('the GDPR export', () => {
  it('includes the client’s appointments in the salon’s time, with service, member and status', async () => {
    const { test, client } = await bookingTest({ timeZone: 'Europe/Berlin', now: NOW });
    const booked = await book(test, client, '2026-12-01T15:00:00+01:00');
    expect((await asStaff(test, 'DELETE', apiPaths.appointment(booked.id))).statusCode).toBe(200);
    const exported = (await asStaff(test, 'GET', apiPaths.clientExport(client._id))).json<ClientExport>();
    expect(exported.appointments).toEqual([
      {
        id: booked.id,
        service: { id: 'cut', name: 'Haircut and styling' },
        staff: STAFF.username,
        start: '2026-12-01T15:00:00+01:00',
        end: '2026-12-01T16:00:00+01:00',
        status: 'cancelled',
        online: false,
      },
    ]);
  });
});

describe('an import’s undo', () => {
  it('leaves a client it created who has an upcoming appointment, and names them; one with past ones only goes', async () => {
    const { test } = await bookingTest({ timeZone: ZONE, now: NOW });
    const row = (firstName: string) => ({
      firstName,
      lastName: 'Imported',
      email: `${firstName.toLowerCase()}@example.com`,
      registrationDateTime: '2024-06-01T09:00',
    });
    const imported = await asStaff(test, 'POST', '/api/imports', {
      payload: { fileName: 'clients.csv', existing: 'skip', rows: [row('Ann'), row('Bea')] },
    });
    const summary = imported.json<ImportSummary>();
    const clients = (await asStaff(test, 'GET', apiPaths.clients)).json<Client[]>();
    const [ann, bea] = ['Ann', 'Bea'].map((name) => clients.find((client) => client.firstName === name) as Client);
    const upcoming = await book(test, ann as Client, at('14:00'));
    await book(test, bea as Client, at('10:00'));

    const undo = await asStaff(test, 'POST', `/api/imports/${summary.id}/undo`);
    expect(undo.json<ImportSummary>().undone?.leftAsChanged).toEqual([{ clientId: ann?._id, firstName: 'Ann', lastName: 'Imported' }]);
    expect(await statusOf(test, upcoming.id)).toBe('booked');
    const deleted = (await asStaff(test, 'GET', '/api/deleted-clients')).json<Client[]>();
    expect(deleted.map((client) => client._id)).toEqual([bea?._id]);
  });
});
