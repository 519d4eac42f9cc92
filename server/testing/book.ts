/**
 * The book's tests (issue 40): an app in a salon's time zone with a service ("cut", 60 minutes; "old", removed), the
 * STAFF account's working hours and a client; and twenty bookings of one slot sent at once.
 */
import type { HTTPMethods, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Client } from '#contract/api';
import { NO_HOURS, type WorkingHours } from '#contract/book';
import { apiPaths } from '#contract/paths';
import { normalizeUsername } from '#contract/team';
import type { EmailConfig } from '../config.ts';
import { asStaff, createClient, loggedIn, STAFF, type LoggedInApp, type TestApp } from './test-app.ts';

const NINE_TO_SIX = { from: '09:00', to: '18:00' };
/** Monday to Saturday, 09:00–18:00. */
export const WEEKDAYS_9_TO_18: WorkingHours = {
  ...NO_HOURS,
  monday: NINE_TO_SIX,
  tuesday: NINE_TO_SIX,
  wednesday: NINE_TO_SIX,
  thursday: NINE_TO_SIX,
  friday: NINE_TO_SIX,
  saturday: NINE_TO_SIX,
};

export type BookingTest = LoggedInApp & { hoursOf(username: string, hours: WorkingHours): Promise<void> };

/** Sets a member's working week, as PUT …/hours would. */
async function setHours(test: TestApp, username: string, hours: WorkingHours): Promise<void> {
  const { id } = await test.app.db
    .selectFrom('staff')
    .select('id')
    .where('username', '=', normalizeUsername(username))
    .executeTakeFirstOrThrow();
  const row = { staff_id: id, hours: JSON.stringify(hours), updated_at: new Date(test.clock.now).toISOString() };
  await test.app.db
    .insertInto('working_hours')
    .values(row)
    .onConflict((conflict) => conflict.column('staff_id').doUpdateSet({ hours: row.hours }))
    .execute();
}

/** The services ("cut", 60 minutes; "old", removed) and STAFF's `hours`, written as the setup's routes would. */
export async function furnish(test: TestApp, hours: WorkingHours = WEEKDAYS_9_TO_18): Promise<void> {
  const at = new Date(test.clock.now).toISOString();
  await test.app.db
    .insertInto('services')
    .values([
      { id: 'cut', name: 'Haircut and styling', duration_minutes: 60, price: 3500, created_at: at, removed_at: null },
      { id: 'old', name: 'Perm', duration_minutes: 90, price: null, created_at: at, removed_at: at },
    ])
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
  await setHours(test, STAFF.username, hours);
}

/** A logged-in app in `timeZone` (at `now`, if given) with the services, STAFF's `hours` and a client. */
export async function bookingTest({
  timeZone,
  now,
  hours = WEEKDAYS_9_TO_18,
  cancelHours,
  email,
}: {
  timeZone: string;
  now?: string;
  hours?: WorkingHours;
  /** SALON_CANCEL_HOURS (the default when absent). */
  cancelHours?: number;
  /** SMTP_URL, MAIL_FROM, SALON_ADDRESS (the defaults when absent). */
  email?: EmailConfig;
}): Promise<{ test: BookingTest; client: Client }> {
  const clock =
    now === undefined
      ? undefined
      : {
          now: Date.parse(now),
          advance(ms: number) {
            this.now += ms;
          },
        };
  const logged = await loggedIn({ ...(clock && { clock }), config: { salon: { timeZone, currency: 'EUR' }, cancelHours, email } });
  await furnish(logged, hours);
  const test = Object.assign(logged, { hoursOf: (username: string, week: WorkingHours) => setHours(logged, username, week) });
  return { test, client: await createClient(test) };
}

/** How many of `responses` got each status. */
function statusCounts(responses: readonly LightMyRequestResponse[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { statusCode } of responses) counts[statusCode] = (counts[statusCode] ?? 0) + 1;
  return counts;
}

/** Twenty bookings of `start` for `client` with STAFF sent at once, spread over `apps` (instances): how many got each status. */
export async function oneSlotAtOnce(apps: readonly LoggedInApp[], client: Client, start: string): Promise<Record<number, number>> {
  const body = { clientId: client._id, serviceId: 'cut', staff: STAFF.username, start };
  const responses = await Promise.all(
    Array.from({ length: 20 }, (_, n) => asStaff(apps[n % apps.length] as LoggedInApp, 'POST', apiPaths.appointments, { payload: body })),
  );
  return statusCounts(responses);
}

/** A visitor's request to the landing page's API from `address` (each visitor is their connection's address). */
export const asVisitor = (
  test: TestApp,
  method: HTTPMethods,
  url: string,
  { payload, address = '203.0.113.1' }: { payload?: InjectOptions['payload']; address?: string } = {},
): Promise<LightMyRequestResponse> =>
  test.app.inject({
    method,
    url,
    payload,
    remoteAddress: address,
    headers: payload === undefined ? {} : { 'content-type': 'application/json' },
  });

/** Twenty visitors, each from their own address, holding `start` with STAFF at once, spread over `apps`: how many got each status. */
export async function oneHoldAtOnce(apps: readonly TestApp[], start: string): Promise<Record<number, number>> {
  const payload = { serviceId: 'cut', staff: STAFF.username, start };
  const responses = await Promise.all(
    Array.from({ length: 20 }, (_, n) =>
      asVisitor(apps[n % apps.length] as TestApp, 'POST', apiPaths.bookingHolds, { payload, address: `198.51.100.${n + 1}` }),
    ),
  );
  return statusCounts(responses);
}
