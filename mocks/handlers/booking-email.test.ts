/** The online booking's confirmation in the mock (issue 41): kept in the outbox by the server's booking transaction. */
import { describe, expect, it } from 'vitest';
import type { Client } from '#contract/api';
import type { BookingDays, BookingOffer, BookingTimes, Hold } from '#contract/online-booking';
import { apiPaths } from '#contract/paths';
import { call } from '../testing/call.ts';

const waiting = async () => ((await call('GET', apiPaths.outbox)).json as { waiting: number }).waiting;

/** Holds the first free time of the first service and books it as `email`: the answer's status. */
async function bookFirstFree(email: string, website = '') {
  const [service] = ((await call('GET', apiPaths.booking)).json as BookingOffer).services;
  const serviceId = service?.id ?? '';
  const { days } = (await call('GET', `${apiPaths.bookingDays}?service=${serviceId}`)).json as BookingDays;
  const date = days.find(({ free }) => free)?.date ?? '';
  const { starts } = (await call('GET', `${apiPaths.bookingTimes}?service=${serviceId}&date=${date}`)).json as BookingTimes;
  const held = (await call('POST', apiPaths.bookingHolds, { serviceId, staff: null, start: starts[0] })).json as Hold;
  const visitor = { firstName: 'Ana', lastName: 'Silva', email, offers: false, website };
  return (await call('POST', apiPaths.bookingAppointments, { holdToken: held.token, ...visitor })).status;
}

describe('mock: the online booking’s email', () => {
  it('is kept in the outbox with the booking, none for a dropped one, and erased with the client', async () => {
    await call('POST', '/login', { username: 'admin', password: 'admin' });
    const before = await waiting();
    expect(await bookFirstFree('bot@example.com', 'https://spam.example')).toBe(201);
    expect(await waiting()).toBe(before);
    expect(await bookFirstFree('ana.online@example.com')).toBe(201);
    expect(await waiting()).toBe(before + 1);

    const clients = (await call('GET', apiPaths.clients)).json as Client[];
    const ana = clients.find(({ email }) => email === 'ana.online@example.com');
    expect((await call('POST', apiPaths.eraseClient(ana?._id ?? ''))).status).toBe(204);
    expect(await waiting()).toBe(before);
  });
});
