/**
 * Online booking in the conformance test (server/openapi/conformance.test.ts): every declared answer of the landing
 * page's operations and of a client's details brought about through the generated client, on the test's listening
 * server (one address: the limits of holds and bookings are met in turn).
 */
import type createClient from 'openapi-fetch';
import { aClient, type TestApp } from './test-app.ts';
import { furnish } from './book.ts';
import type { paths } from '../openapi/generated-client.d.ts';

type Client = ReturnType<typeof createClient<paths>>;

/** The writes' refusals before any handler: cross-site (403), too large (413), not JSON (415). */
const beforeHandlers = (session: { cookie: string }) => [
  { headers: { ...session, 'sec-fetch-site': 'cross-site' } },
  { headers: { ...session, 'content-type': 'application/json' }, body: { pad: 'x'.repeat(17 * 1024) }, bodySerializer: JSON.stringify },
  { headers: { ...session, 'content-type': 'text/plain' }, body: 'x', bodySerializer: String },
];

/** Drives every answer of the online booking's operations: `session` is an owner's cookie header. */
export async function driveBooking(client: Client, test: TestApp, session: { cookie: string }): Promise<void> {
  await furnish(test);
  const visitor = { firstName: 'Ana', lastName: 'Silva', email: 'ana@example.com', offers: true, website: '' };

  // What may be booked: the offer, the days (200, 404, 400), a day's times (200, 404, 400).
  await client.GET('/api/booking');
  const days = (await client.GET('/api/booking/days', { params: { query: { service: 'cut' } } })).data?.days ?? [];
  await client.GET('/api/booking/days', { params: { query: { service: 'none' } } });
  await client.GET('/api/booking/days', { params: { query: { service: '' } } });
  const [soonest, later] = days.filter(({ free }) => free).map(({ date }) => date);
  const timesOn = async (date = '') =>
    (await client.GET('/api/booking/times', { params: { query: { service: 'cut', date } } })).data?.starts ?? [];
  // An hour apart: one visitor's holds that overlap replace each other.
  const [first = '', second = '', third = '', fourth = '', fifth = ''] = (await timesOn(soonest)).filter((_, n) => n % 4 === 0);
  const [far = ''] = await timesOn(days.at(-1)?.free ? days.at(-1)?.date : later);
  await client.GET('/api/booking/times', { params: { query: { service: 'none', date: soonest ?? '' } } });
  await client.GET('/api/booking/times', { params: { query: { service: 'cut', date: 'today' } } });

  // Holds: 201; 409 (no one works then); 404; 400; 429 (a fourth open one); 403, 413, 415; released (204, 400).
  const hold = (start: string, serviceId = 'cut') => client.POST('/api/booking/holds', { body: { serviceId, staff: null, start } });
  const held = await hold(first);
  await hold(first.replace(/T\d\d:\d\d/, 'T03:00'));
  await hold(second, 'none');
  await hold('noon');
  const [, heldThird] = [await hold(second), await hold(third)];
  await hold(fourth);
  for (const init of beforeHandlers(session)) await client.POST('/api/booking/holds', init as never);
  const holdToken = { path: { holdToken: heldThird.data?.token ?? '' } };
  await client.DELETE('/api/booking/holds/{holdToken}', { params: holdToken });
  await client.DELETE('/api/booking/holds/{holdToken}', { params: { path: { holdToken: 'x'.repeat(129) } } });
  for (const init of beforeHandlers(session))
    await client.DELETE('/api/booking/holds/{holdToken}', { params: holdToken, ...init } as never);

  // Booking: 201; 400; 409 (no such hold); 403, 413, 415; 429 (the sixth booking of the hour).
  await client.POST('/api/booking/appointments', { body: { ...visitor, holdToken: held.data?.token ?? '' } });
  await client.POST('/api/booking/appointments', { body: { ...visitor, holdToken: 'none', email: 'not an email' } });
  for (const init of beforeHandlers(session)) await client.POST('/api/booking/appointments', init as never);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    await client.POST('/api/booking/appointments', { body: { ...visitor, holdToken: 'none' } });
  }

  // The cancel link (its token only the email carries: booked through the repository, from another address): shown
  // (200, 404, 400); cancelled (200), too late (409), used (404); 403, 413, 415.
  const { onlineBooking } = test.app;
  const linkOf = async (start: string) => {
    const outcome = await onlineBooking.hold({ serviceId: 'cut', staff: null, start }, '192.0.2.50', onlineBooking.now());
    const token = outcome.status === 'held' ? outcome.hold.token : '';
    const booked = await onlineBooking.book({ ...visitor, holdToken: token }, '192.0.2.50', onlineBooking.now(), 'http://localhost');
    return { path: { cancelToken: booked.status === 'booked' ? booked.cancelToken : '' } };
  };
  const [soon, notSoon] = [await linkOf(fifth), await linkOf(far)];
  await client.GET('/api/booking/cancellations/{cancelToken}', { params: notSoon });
  await client.GET('/api/booking/cancellations/{cancelToken}', { params: { path: { cancelToken: 'x'.repeat(129) } } });
  for (const init of beforeHandlers(session)) {
    await client.POST('/api/booking/cancellations/{cancelToken}', { params: notSoon, ...init } as never);
  }
  await client.POST('/api/booking/cancellations/{cancelToken}', { params: soon });
  await client.POST('/api/booking/cancellations/{cancelToken}', { params: notSoon });
  await client.POST('/api/booking/cancellations/{cancelToken}', { params: notSoon });
  await client.POST('/api/booking/cancellations/{cancelToken}', { params: { path: { cancelToken: 'x'.repeat(129) } } });
  await client.GET('/api/booking/cancellations/{cancelToken}', { params: notSoon });

  // A client's details: 401 without a session, 200, 404, 400.
  const registered = await client.POST('/api/clients', { body: { ...aClient, email: 'details@example.com' }, headers: session });
  const clientId = { path: { clientId: registered.data?._id ?? '' } };
  await client.GET('/api/clients/{clientId}/details', { params: clientId });
  await client.GET('/api/clients/{clientId}/details', { params: clientId, headers: session });
  await client.GET('/api/clients/{clientId}/details', { params: { path: { clientId: 'nobody' } }, headers: session });
  await client.GET('/api/clients/{clientId}/details', { params: { path: { clientId: 'not/an id' } }, headers: session });
}
