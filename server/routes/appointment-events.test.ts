/**
 * The book in the live updates (issue 40): every booking, move, cancellation and its undo reaches an open event stream
 * as an `appointment` event within a second, without an `id:` (Last-Event-ID stays the clients' log position); so does
 * a change of its client (a merge, its undo, an erasure, the purge of a deleted client), on SQLite and on PostgreSQL (`npm run test:postgres`; two instances: several-instances.postgres.test.ts).
 */
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { Client } from '#contract/api';
import type { Appointment } from '#contract/book';
import { DAY_MS } from '#contract/time-windows';
import type { MergeSummary } from '#contract/merge';
import { APPOINTMENT_EVENT } from '#contract/event-stream';
import { apiPaths } from '#contract/paths';
import { bookingTest } from '../testing/book.ts';
import { openEventStream } from '../testing/event-stream.ts';
import { aClient, asStaff, createClient, STAFF, type LoggedInApp, type TestApp } from '../testing/test-app.ts';

/** The app listening on a port of its own, for a stream over a real socket. */
async function portOf({ app }: TestApp): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

describe('appointments in the event stream', () => {
  it('sends a booking, a move, a cancellation and its undo within a second each, without an id', async () => {
    const { test, client } = await bookingTest({ timeZone: 'Europe/London' });
    const port = await portOf(test);
    const stream = await openEventStream(port, test.cookie);
    const position = await stream.ready();
    const elapsed: number[] = [];
    /** A write, then its event: how long from its answer to the event's arrival. */
    async function told(count: number, write: () => Promise<{ statusCode: number }>) {
      const response = await write();
      expect(response.statusCode).toBeLessThan(300);
      const written = performance.now();
      const events = await stream.untilAppointments(count);
      elapsed.push(performance.now() - written);
      return events.at(-1);
    }

    const payload = { clientId: client._id, serviceId: 'cut', staff: STAFF.username, start: '2026-12-01T10:00:00+00:00' };
    let id = '';
    const booked = await told(1, async () => {
      const response = await asStaff(test, 'POST', apiPaths.appointments, { payload });
      id = response.json<Appointment>().id;
      return response;
    });
    expect(booked).toEqual({ appointmentId: id, kind: 'booked', by: STAFF.username, at: expect.any(String) });
    const moved = await told(2, () =>
      asStaff(test, 'PUT', apiPaths.appointment(id), {
        payload: { staff: STAFF.username, start: '2026-12-01T11:00:00+00:00' },
        headers: { 'if-match': '"v1"' },
      }),
    );
    const cancelled = await told(3, () => asStaff(test, 'DELETE', apiPaths.appointment(id)));
    const restored = await told(4, () => asStaff(test, 'POST', apiPaths.restoreAppointment(id)));
    expect([moved, cancelled, restored].map((event) => event?.kind)).toEqual(['moved', 'cancelled', 'restored']);
    expect(elapsed.every((ms) => ms < 1000)).toBe(true);

    const appointmentEvents = stream.messages.filter((message) => message.event === APPOINTMENT_EVENT);
    expect(appointmentEvents.map((message) => message.id)).toEqual([undefined, undefined, undefined, undefined]);
    // The clients' log did not move: a stream resuming from the position is told nothing of the book again.
    const resumed = await openEventStream(port, test.cookie, String(position));
    expect(await resumed.ready()).toBe(position);
    expect(resumed.messages.map((message) => message.event)).toEqual(['ready']);
  });

  it('sends a merge’s, its undo’s, an erasure’s and a purge’s change of client', async () => {
    const { test, client: kept } = await bookingTest({ timeZone: 'Europe/London', now: '2026-12-01T08:00:00Z' });
    const other = await createClient(test, { ...aClient, email: 'amelia@work.example', registrationDateTime: '2025-01-02T09:00' });
    const keptOwn = await book(test, kept, '2026-12-01T10:00:00+00:00');
    const theirs = await book(test, other, '2026-12-01T11:00:00+00:00');
    const stream = await openEventStream(await portOf(test), test.cookie);
    await stream.ready();

    const fields = { firstName: 'kept', lastName: 'kept', email: 'kept', registrationDateTime: 'kept' };
    const merge = await asStaff(test, 'POST', apiPaths.merges, {
      payload: { keepId: kept._id, otherId: other._id, keepVersion: 1, otherVersion: 1, fields },
    });
    expect(merge.statusCode, merge.body).toBe(201);
    await stream.untilAppointments(1);
    expect((await asStaff(test, 'POST', apiPaths.undoMerge(merge.json<MergeSummary>().id))).statusCode).toBe(200);
    await stream.untilAppointments(2);
    expect((await asStaff(test, 'POST', apiPaths.eraseClient(other._id))).statusCode).toBe(204);
    await stream.untilAppointments(3);
    // Deleted: the upcoming appointment is cancelled; purged 30 days on, it keeps no client.
    expect((await asStaff(test, 'DELETE', apiPaths.client(kept._id))).statusCode).toBe(204);
    test.clock.advance(31 * DAY_MS);
    expect(await test.app.clientStore.purgeDeleted(30)).toBe(1);

    const events = await stream.untilAppointments(5);
    const changed = (appointment: Appointment, by: string = STAFF.username) => ({
      appointmentId: appointment.id,
      kind: 'client-changed',
      by,
    });
    expect(events.map(({ appointmentId, kind, by }) => ({ appointmentId, kind, by }))).toEqual([
      changed(theirs),
      changed(theirs),
      changed(theirs),
      { appointmentId: keptOwn.id, kind: 'cancelled', by: STAFF.username },
      changed(keptOwn, 'system'),
    ]);
  });
});

async function book(test: LoggedInApp, client: Client, start: string): Promise<Appointment> {
  const payload = { clientId: client._id, serviceId: 'cut', staff: STAFF.username, start };
  const response = await asStaff(test, 'POST', apiPaths.appointments, { payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Appointment>();
}
