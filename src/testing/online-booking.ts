/**
 * The staff side of online booking in tests (issue 41): Nina, a client already, books on the landing page in the book
 * of booking.ts (London, sam and admin on DAY), through the mock's own booking (serve-online-booking.ts).
 */
import { vi } from 'vitest';
import { instantAt } from '#contract/book';
import { mockDb } from '#mocks/db.ts';
import { DAY, setUpBook, startAt } from './booking.ts';
import { nina } from './sample-clients.ts';
import { bookedOnline } from './serve-online-booking.ts';

/** The book of booking.ts on 25 May 2027 at 10:00 in London, a week before DAY, the clock stopped there. */
export async function bookingWeek(): Promise<void> {
  vi.useFakeTimers({ toFake: ['Date'], now: instantAt('2027-05-25', '10:00', 'Europe/London') });
  await setUpBook();
  mockDb.startSession();
}

type Details = { phone?: string; offers?: boolean };

/** Nina books the haircut with sam at `time` on DAY, with her email: she is matched to the client, not registered again. */
export const bookOnline = ({ time, ...details }: Details & { time: string }) =>
  bookedOnline(startAt(time, DAY), { firstName: nina.firstName, lastName: nina.lastName, email: nina.email, staff: 'sam', ...details });
