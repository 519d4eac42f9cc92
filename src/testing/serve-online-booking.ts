/**
 * The landing page's booking section in tests (issue 41): the API's answers for a salon in Helsinki (two hours ahead of
 * UTC in December, so a time shown in the browser's zone would be wrong), with what the section sent.
 */
import { http, HttpResponse } from 'msw';
import type { BookingOffer, NewHold, OnlineBooking } from '#contract/online-booking';
import { onlineBookingTexts } from '#contract/online-booking-texts';
import { server } from '#mocks/node.ts';

const OFFER: BookingOffer = {
  timeZone: 'Europe/Helsinki',
  currency: 'EUR',
  services: [
    { id: 'svc-cut', name: 'Haircut and styling', durationMinutes: 45, price: 3500 },
    { id: 'svc-bridal', name: 'Bridal make-up', durationMinutes: 90, price: null },
  ],
  staff: ['admin', 'sam'],
};

/** Tuesday 1 December 2026 onwards; Sunday 6 and Monday 7 have no free time. */
const DAYS = Array.from({ length: 28 }, (_, index) => {
  const date = new Date(Date.UTC(2026, 11, 1 + index)).toISOString().slice(0, 10);
  return { date, free: !['2026-12-06', '2026-12-07'].includes(date) };
});
/** 10:00, 10:15 and 11:00 in Helsinki. */
const startsOn = (date: string) => ['08:00', '08:15', '09:00'].map((time) => `${date}T${time}:00Z`);

export type ServedBooking = {
  holds: NewHold[];
  released: string[];
  bookings: OnlineBooking[];
  /** How many times each day's free times were asked for. */
  timesAsked: number;
};

/** Serves the section's API; returns what it was sent. */
export function serveOnlineBooking(): ServedBooking {
  const sent: ServedBooking = { holds: [], released: [], bookings: [], timesAsked: 0 };
  server.use(
    http.get('*/api/booking', () => HttpResponse.json(OFFER)),
    http.get('*/api/booking/days', () => HttpResponse.json({ days: DAYS })),
    http.get('*/api/booking/times', ({ request }) => {
      const date = new URL(request.url).searchParams.get('date') ?? '';
      sent.timesAsked += 1;
      return HttpResponse.json({ date, starts: startsOn(date) });
    }),
    http.post('*/api/booking/holds', async ({ request }) => {
      const hold = (await request.json()) as NewHold;
      sent.holds.push(hold);
      const start = Date.parse(hold.start);
      return HttpResponse.json(
        {
          token: `hold-${sent.holds.length}`,
          serviceId: hold.serviceId,
          staff: hold.staff ?? 'admin',
          start: hold.start,
          end: new Date(start + 45 * 60_000).toISOString(),
          expiresAt: new Date(start - 60 * 60_000).toISOString(),
        },
        { status: 201 },
      );
    }),
    http.delete('*/api/booking/holds/:token', ({ params }) => {
      sent.released.push(String(params.token));
      return new HttpResponse(null, { status: 204 });
    }),
    http.post('*/api/booking/appointments', async ({ request }) => {
      const booking = (await request.json()) as OnlineBooking;
      sent.bookings.push(booking);
      const held = sent.holds[Number(booking.holdToken.replace('hold-', '')) - 1];
      const service = OFFER.services.find(({ id }) => id === held?.serviceId);
      return HttpResponse.json({ service: service?.name, start: held?.start, email: booking.email.trim() }, { status: 201 });
    }),
  );
  return sent;
}

/** A cancel link's appointment: the haircut on Tuesday 1 December at 10:00 in Helsinki. */
const CANCELLATION = { service: 'Haircut and styling', start: '2026-12-01T08:00:00Z', cancellable: true };

type CancelAnswer = { status: 200 | 404 | 409; cancellable?: boolean };

/** Serves GET and POST /api/booking/cancellations/:token: what each answers; returns the tokens cancelled. */
export function serveCancellation(found: CancelAnswer, sent: CancelAnswer = { status: 200 }): string[] {
  const cancelled: string[] = [];
  const answer = ({ status, cancellable = true }: CancelAnswer) => {
    if (status === 404) return HttpResponse.json({ message: onlineBookingTexts.linkInvalid }, { status });
    if (status === 409) return HttpResponse.json({ message: onlineBookingTexts.tooLate }, { status });
    return HttpResponse.json({ ...CANCELLATION, cancellable });
  };
  server.use(
    http.get('*/api/booking', () => HttpResponse.json(OFFER)),
    http.get('*/api/booking/cancellations/:token', () => answer(found)),
    http.post('*/api/booking/cancellations/:token', ({ params }) => {
      if (sent.status === 200) cancelled.push(String(params.token));
      return answer({ ...sent, cancellable: false });
    }),
  );
  return cancelled;
}
