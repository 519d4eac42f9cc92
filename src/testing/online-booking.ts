/**
 * A visitor's booking on the landing page (issue 41), through the mock's public API as the landing page sends it: a
 * hold on a time of Haircut and styling with sam on DAY, then Book. The mock's clock must be within BOOKING_DAYS of DAY
 * (`bookingWeek`).
 */
import { vi } from 'vitest';
import { instantAt } from '#contract/book';
import { Hold, OnlineBooked } from '#contract/online-booking';
import { apiPaths } from '#contract/paths';
import { mockDb } from '#mocks/db.ts';
import { apiRequest } from '../lib/api-client.ts';
import { DAY, serviceId, setUpBook, startAt } from './booking.ts';
import { nina } from './sample-clients.ts';

/** The book of booking.ts, on 25 May 2027 at 10:00 in London: a week before DAY, the clock stopped there. */
export async function bookingWeek(): Promise<void> {
  vi.useFakeTimers({ toFake: ['Date'], now: instantAt('2027-05-25', '10:00', 'Europe/London') });
  await setUpBook();
  mockDb.startSession();
}

type Visitor = { time: string; email?: string; phone?: string; offers?: boolean };

/** Books `time` as a visitor giving Nina's name and `email` (hers unless said: she is then matched, not registered). */
export async function bookOnline({ time, email = nina.email, phone, offers = false }: Visitor): Promise<OnlineBooked> {
  const hold = { serviceId: await serviceId('Haircut and styling'), staff: 'sam', start: startAt(time, DAY) };
  const { token } = await apiRequest(apiPaths.bookingHolds, { method: 'POST', body: hold, schema: Hold });
  const booking = { holdToken: token, firstName: nina.firstName, lastName: nina.lastName, email, phone, offers, website: '' };
  return apiRequest(apiPaths.bookingAppointments, { method: 'POST', body: booking, schema: OnlineBooked });
}
