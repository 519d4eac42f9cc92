/**
 * The book in the live updates (issue 40): every booking, move, cancellation and its undo reaches an open event stream
 * as an `appointment` event within a second, without an `id:` (Last-Event-ID stays the clients' log position), on
 * SQLite and on PostgreSQL (`npm run test:postgres`; two instances: several-instances.postgres.test.ts).
 */
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { Appointment } from '#contract/book';
import { APPOINTMENT_EVENT } from '#contract/event-stream';
import { apiPaths } from '#contract/paths';
import { bookingTest } from '../testing/book.ts';
import { openEventStream } from '../testing/event-stream.ts';
import { asStaff, STAFF, type TestApp } from '../testing/test-app.ts';

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
});
