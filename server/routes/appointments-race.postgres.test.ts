/**
 * No double booking across instances (issue 40): twenty bookings of one slot sent at once, ten to each of two server
 * instances on one PostgreSQL database, give exactly one 201; the exclusion constraint refuses the others (409).
 */
import { describe, expect, it } from 'vitest';
import { apiPaths } from '#contract/paths';
import { bookingTest, oneSlotAtOnce } from '../testing/book.ts';
import { asStaff, createTestApp, logIn, withCookie } from '../testing/test-app.ts';

describe('twenty bookings of one slot at once, on two instances of one PostgreSQL database', () => {
  it('one 201, nineteen 409; a slot five minutes on overlaps too, the next hour is free', async () => {
    const { test: a, client } = await bookingTest({ timeZone: 'Europe/London' });
    const second = await createTestApp({
      database: a.database,
      withStaff: false,
      clock: a.clock,
      config: { salon: { timeZone: 'Europe/London', currency: 'EUR' } },
    });
    const b = withCookie(second, await logIn(second.app));
    expect(await oneSlotAtOnce([a, b], client, '2026-12-01T10:00:00+00:00')).toEqual({ 201: 1, 409: 19 });
    expect(await oneSlotAtOnce([b, a], client, '2026-12-01T10:05:00+00:00')).toEqual({ 409: 20 });
    expect(await oneSlotAtOnce([b, a], client, '2026-12-01T11:00:00+00:00')).toEqual({ 201: 1, 409: 19 });
    const list = await asStaff(b, 'GET', `${apiPaths.appointments}?from=2026-12-01&to=2026-12-01`);
    expect(list.json<unknown[]>()).toHaveLength(2);
  });
});
