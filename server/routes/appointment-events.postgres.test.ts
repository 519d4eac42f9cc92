/**
 * The book in the live updates across instances (issue 40): bookings on two instances of one PostgreSQL database, at
 * once, each reach a stream on one of them as an `appointment` event within a second, each once (the `book` counter
 * numbers the log in commit order, migration 0013), and the clients' ids go on from where they were.
 */
import { describe, expect, it } from 'vitest';
import type { Appointment } from '#contract/book';
import { APPOINTMENT_EVENT } from '#contract/event-stream';
import { apiPaths } from '#contract/paths';
import { bookingTest } from '../testing/book.ts';
import { openEventStream } from '../testing/event-stream.ts';
import { aClient, asStaff, createClient, listeningTestApp, STAFF, withCookie, type LoggedInApp } from '../testing/test-app.ts';

describe('appointments in the event streams of two instances on one PostgreSQL database', () => {
  it('tells B’s stream of eight bookings made at once on A and B within a second, each once, without an id', async () => {
    const { test: a, client } = await bookingTest({ timeZone: 'Europe/London' });
    const b = await listeningTestApp({ database: a.database, withStaff: false, clock: a.clock });
    const stream = await openEventStream(b.port, a.cookie);
    const position = await stream.ready();

    const instances: LoggedInApp[] = [a, withCookie(b, a.cookie)];
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, hour) =>
        asStaff(instances[hour % 2] as LoggedInApp, 'POST', apiPaths.appointments, {
          payload: { clientId: client._id, serviceId: 'cut', staff: STAFF.username, start: `2026-12-01T${10 + hour}:00:00+00:00` },
        }),
      ),
    );
    const written = performance.now();
    expect(responses.map((response) => response.statusCode)).toEqual(Array(8).fill(201));
    const events = await stream.untilAppointments(8);
    const elapsed = performance.now() - written;
    expect(elapsed).toBeLessThan(1000);
    expect(events.map((event) => event.appointmentId).sort()).toEqual(responses.map((response) => response.json<Appointment>().id).sort());
    expect(events.every((event) => event.kind === 'booked' && event.by === STAFF.username)).toBe(true);

    // A client's change comes next in the clients' log, as though no booking had been made.
    await createClient(a, { ...aClient, firstName: 'After' });
    const [change] = await stream.untilChanges(1);
    expect(change?.seq).toBe(position + 1);
    const told = stream.messages.filter((message) => message.event === APPOINTMENT_EVENT);
    expect(told.map((message) => message.id)).toEqual(Array(8).fill(undefined));
  });
});
