/**
 * The book's appointments in the conformance test (server/openapi/conformance.test.ts): every declared answer of
 * their operations brought about through the generated client, on the test's listening server.
 */
import type createClient from 'openapi-fetch';
import { aClient, type TestApp } from './test-app.ts';
import { furnish } from './book.ts';
import type { paths } from '../openapi/generated-client.d.ts';

type Client = ReturnType<typeof createClient<paths>>;

/** Drives every answer of the appointments' operations: `session` is an owner's cookie header. */
export async function driveAppointments(client: Client, test: TestApp, session: { cookie: string }): Promise<void> {
  await furnish(test);
  const registered = await client.POST('/api/clients', { body: { ...aClient, email: 'booked@example.com' }, headers: session });
  const clientId = registered.data?._id ?? '';
  const staff = 'nina';
  const booking = { clientId, serviceId: 'cut', staff, start: '2026-12-01T10:00:00+00:00' };
  const query = { from: '2026-12-01', to: '2026-12-01' };
  const availability = { service: 'cut', staff, date: '2026-12-01' };
  const none = { path: { appointmentId: 'none' } };

  // Without a session: 401.
  await client.GET('/api/appointments', { params: { query } });
  await client.POST('/api/appointments', { body: booking });
  await client.GET('/api/appointments/{appointmentId}', { params: none });
  await client.PUT('/api/appointments/{appointmentId}', { params: none, body: { staff, start: booking.start } });
  await client.DELETE('/api/appointments/{appointmentId}', { params: none });
  await client.POST('/api/appointments/{appointmentId}/restore', { params: none });
  await client.GET('/api/appointments/{appointmentId}/history', { params: none });
  await client.GET('/api/availability', { params: { query: availability } });
  await client.GET('/api/clients/{clientId}/appointments', { params: { path: { clientId } } });

  // Booking: 201; 400 (the body; what is not there); 409 (taken, not working, removed); 422 (a key reused); 403, 413, 415.
  const booked = await client.POST('/api/appointments', { body: booking, headers: { ...session, 'idempotency-key': 'b1' } });
  const id = { path: { appointmentId: booked.data?.id ?? '' } };
  await client.POST('/api/appointments', { body: { ...booking, start: '10:00' }, headers: session });
  await client.POST('/api/appointments', { body: { ...booking, serviceId: 'none' }, headers: session });
  await client.POST('/api/appointments', { body: booking, headers: session });
  await client.POST('/api/appointments', { body: { ...booking, serviceId: 'old' }, headers: session });
  await client.POST('/api/appointments', {
    body: { ...booking, start: '2026-12-01T13:00:00+00:00' },
    headers: { ...session, 'idempotency-key': 'b1' },
  });
  await client.POST('/api/appointments', { body: booking, headers: { ...session, 'idempotency-key': 'not a key' } });
  for (const headers of [{ 'sec-fetch-site': 'cross-site' }, { 'content-type': 'text/plain' }]) {
    await client.POST('/api/appointments', { body: booking, headers: { ...session, ...headers }, bodySerializer: JSON.stringify });
  }
  await client.POST('/api/appointments', { body: { ...booking, staff: 'x'.repeat(17 * 1024) }, headers: session });

  // Reading: the range, one (200, 404, 400), the free times (200, 400), a client's (200, 404, 400), the history.
  await client.GET('/api/appointments', { params: { query }, headers: session });
  await client.GET('/api/appointments', { params: { query: { ...query, from: 'today' } }, headers: session });
  await client.GET('/api/appointments/{appointmentId}', { params: id, headers: session });
  await client.GET('/api/appointments/{appointmentId}', { params: none, headers: session });
  await client.GET('/api/appointments/{appointmentId}', { params: { path: { appointmentId: 'x'.repeat(65) } }, headers: session });
  await client.GET('/api/availability', { params: { query: availability }, headers: session });
  await client.GET('/api/availability', { params: { query: { ...availability, service: 'none' } }, headers: session });
  await client.GET('/api/clients/{clientId}/appointments', { params: { path: { clientId } }, headers: session });
  await client.GET('/api/clients/{clientId}/appointments', { params: { path: { clientId: 'nobody' } }, headers: session });
  await client.GET('/api/clients/{clientId}/appointments', { params: { path: { clientId: 'not/an id' } }, headers: session });

  // Moving: 200; 412; 409; 404; 400; 403, 413, 415.
  const move = { staff, start: '2026-12-01T12:00:00+00:00' };
  await client.PUT('/api/appointments/{appointmentId}', { params: id, body: move, headers: { ...session, 'if-match': '"v1"' } });
  await client.PUT('/api/appointments/{appointmentId}', { params: id, body: move, headers: { ...session, 'if-match': '"v1"' } });
  await client.PUT('/api/appointments/{appointmentId}', {
    params: id,
    body: { staff, start: '2026-12-01T20:00:00+00:00' },
    headers: session,
  });
  await client.PUT('/api/appointments/{appointmentId}', { params: none, body: move, headers: session });
  await client.PUT('/api/appointments/{appointmentId}', { params: id, body: { staff, start: 'noon' }, headers: session });
  for (const headers of [{ 'sec-fetch-site': 'cross-site' }, { 'content-type': 'text/plain' }]) {
    await client.PUT('/api/appointments/{appointmentId}', {
      params: id,
      body: move,
      headers: { ...session, ...headers },
      bodySerializer: JSON.stringify,
    });
  }
  await client.PUT('/api/appointments/{appointmentId}', { params: id, body: { ...move, staff: 'x'.repeat(17 * 1024) }, headers: session });

  // Cancelling: 400 (If-Match), 412, 404, 403, 200; then its Undo (409 once the time was taken, 404, 200); the history.
  await client.DELETE('/api/appointments/{appointmentId}', { params: id, headers: { ...session, 'if-match': 'v2' } });
  await client.DELETE('/api/appointments/{appointmentId}', { params: id, headers: { ...session, 'if-match': '"v1"' } });
  await client.DELETE('/api/appointments/{appointmentId}', { params: none, headers: session });
  await client.DELETE('/api/appointments/{appointmentId}', { params: id, headers: { ...session, 'sec-fetch-site': 'cross-site' } });
  await client.DELETE('/api/appointments/{appointmentId}', { params: id, headers: session });
  const taker = await client.POST('/api/appointments', { body: { ...booking, start: move.start }, headers: session });
  await client.POST('/api/appointments/{appointmentId}/restore', { params: id, headers: session });
  await client.POST('/api/appointments/{appointmentId}/restore', { params: none, headers: session });
  await client.POST('/api/appointments/{appointmentId}/restore', { params: id, headers: { ...session, 'sec-fetch-site': 'cross-site' } });
  await client.DELETE('/api/appointments/{appointmentId}', { params: { path: { appointmentId: taker.data?.id ?? '' } }, headers: session });
  await client.POST('/api/appointments/{appointmentId}/restore', { params: id, headers: session });
  const bodies = [
    { headers: { ...session, 'content-type': 'text/plain' }, body: 'x' },
    { headers: { ...session, 'content-type': 'application/json' }, body: { pad: 'x'.repeat(17 * 1024) } },
  ];
  for (const init of bodies) {
    await client.DELETE('/api/appointments/{appointmentId}', { params: id, ...init, bodySerializer: JSON.stringify } as never);
    await client.POST('/api/appointments/{appointmentId}/restore', { params: id, ...init, bodySerializer: JSON.stringify } as never);
  }
  await client.GET('/api/appointments/{appointmentId}/history', { params: id, headers: session });
  await client.GET('/api/appointments/{appointmentId}/history', { params: none, headers: session });
  await client.GET('/api/appointments/{appointmentId}/history', { params: { path: { appointmentId: 'x'.repeat(65) } }, headers: session });
}
