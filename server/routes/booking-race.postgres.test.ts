/**
 * Online booking across instances (issue 41): twenty visitors holding one time at once, ten through each of two server
 * instances on one PostgreSQL database, get exactly one hold (the exclusion constraint refuses the others: 409); and
 * one address's holds count on both instances alike (the rate limit is kept in the database).
 */
import { describe, expect, it } from 'vitest';
import { BOOKING_RATE } from '#contract/online-booking';
import { apiPaths } from '#contract/paths';
import { asVisitor, bookingTest, oneHoldAtOnce } from '../testing/book.ts';
import { createTestApp } from '../testing/test-app.ts';

/** Two instances of one salon on one database, at Monday 30 November 2026, 08:00 in London. */
async function twoInstances() {
  const { test: a } = await bookingTest({ timeZone: 'Europe/London', now: '2026-11-30T08:00:00Z' });
  const b = await createTestApp({
    database: a.database,
    withStaff: false,
    clock: a.clock,
    config: { salon: { timeZone: 'Europe/London', currency: 'EUR' } },
  });
  return [a, b] as const;
}

describe('online booking on two instances of one PostgreSQL database', () => {
  it('gives twenty visitors holding one time at once one hold (nineteen 409); an hour later, again one', async () => {
    const [a, b] = await twoInstances();
    expect(await oneHoldAtOnce([a, b], '2026-12-01T10:00:00+00:00')).toEqual({ 201: 1, 409: 19 });
    expect(await oneHoldAtOnce([b, a], '2026-12-01T11:00:00+00:00')).toEqual({ 201: 1, 409: 19 });
    expect(await a.app.db.selectFrom('booking_holds').select('start_ms').execute()).toHaveLength(2);
  });

  it('counts an address’s holds on both: the 21st of the hour is refused on either', async () => {
    const [a, b] = await twoInstances();
    const payload = { serviceId: 'cut', staff: null, start: '2026-12-01T10:00:00+00:00' };
    for (let n = 0; n < BOOKING_RATE.holdsPerHour; n += 1) {
      expect((await asVisitor(n % 2 === 0 ? a : b, 'POST', apiPaths.bookingHolds, { payload })).statusCode).toBe(201);
    }
    for (const instance of [a, b]) {
      expect((await asVisitor(instance, 'POST', apiPaths.bookingHolds, { payload })).statusCode).toBe(429);
    }
  });
});
