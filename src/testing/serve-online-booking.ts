/**
 * The landing page's booking section in tests (issue 41), on the mock's own booking (mocks/handlers/booking.ts): a
 * salon in Helsinki (two hours ahead of UTC in December, so a time shown in the browser's zone would be wrong), on
 * Monday 30 November 2026, its members working Tuesday to Saturday from 09:00 (mocks/seed.ts).
 */
import { vi } from 'vitest';
import type { OnlineBooking } from '#contract/online-booking';
import { mockDb } from '#mocks/db.ts';

const MONDAY = Date.parse('2026-11-30T10:00:00Z');

/** The salon's zone and "now" as above. */
export function openBookingWeek(): void {
  vi.useFakeTimers({ toFake: ['Date'], now: MONDAY });
  mockDb.setSalon({ timeZone: 'Europe/Helsinki' });
}

/** What a visitor gives (Ana Silva, no phone, no offers, unless said) and the member chosen ("Anyone" unless said). */
type Visitor = Partial<Pick<OnlineBooking, 'firstName' | 'lastName' | 'email' | 'phone' | 'offers'>> & { staff?: string };

/** A visitor's booking of the haircut at `start`, made through the mock: its cancel link's token. */
export async function bookedOnline(start: string, { staff, ...visitor }: Visitor = {}): Promise<string> {
  const offer = await mockDb.bookingOffer();
  const service = offer.services.find(({ name }) => name === 'Haircut and styling');
  if (!service) throw new Error('The mock offers no haircut');
  const held = await mockDb.hold({ serviceId: service.id, staff: staff ?? null, start });
  if (held.status !== 'held') throw new Error(`Not held: ${held.status}`);
  const booked = await mockDb.bookOnline({
    holdToken: held.hold.token,
    firstName: 'Ana',
    lastName: 'Silva',
    email: 'ana@example.com',
    offers: false,
    ...visitor,
    website: '',
  });
  if (booked.status !== 'booked') throw new Error(`Not booked: ${booked.status}`);
  return booked.cancelToken;
}
