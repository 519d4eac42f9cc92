/**
 * A calendar test's book: the salon's time zone and the members' hours in the mock (seeded: admin and sam, Tuesday to
 * Saturday, 09:00–18:00); the appointments answered from the test's own list.
 */
import { http, HttpResponse } from 'msw';
import { salonDate, type Appointment, type NewTimeOff, type WorkingHours } from '#contract/book';
import { mockDb } from '#mocks/db.ts';
import { server } from '#mocks/node.ts';
import { LONDON } from './sample-book.ts';

type Member = 'admin' | 'sam';
type Book = {
  zone?: string;
  hours?: Partial<Record<Member, WorkingHours>>;
  timeOff?: Partial<Record<Member, NewTimeOff>>;
  appointments?: Appointment[];
};

/** Sets the book up; returns the days whose appointments were asked for, in order. */
export async function serveBook({ zone = LONDON, hours = {}, timeOff = {}, appointments = [] }: Book): Promise<string[]> {
  mockDb.setSalon({ timeZone: zone });
  await mockDb.writeBook(async (setup) => {
    for (const [member, week] of Object.entries(hours)) await setup.setHours('admin', member, week);
    for (const [member, days] of Object.entries(timeOff)) await setup.addTimeOff('admin', member, days);
  });
  const asked: string[] = [];
  // GET /api/appointments?from=&to= answers the test's own list: an erased client, a cancelled one, any time, as the
  // API shapes them, without booking, cancelling and erasing through the mock first (src/testing/booking.ts does that).
  server.use(
    http.get('*/api/appointments', ({ request }) => {
      const { searchParams } = new URL(request.url);
      const [from, to] = [searchParams.get('from') ?? '', searchParams.get('to') ?? ''];
      asked.push(from === to ? from : `${from}..${to}`);
      const onDays = appointments.filter(
        ({ start }) => from <= salonDate(Date.parse(start), zone) && salonDate(Date.parse(start), zone) <= to,
      );
      return HttpResponse.json(onDays);
    }),
  );
  return asked;
}
