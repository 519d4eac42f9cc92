/** The book's API answered from what a calendar test sets (the salon, the members' hours, the appointments). */
import { http, HttpResponse } from 'msw';
import { salonDate, type Appointment, type MemberSchedule } from '#contract/book';
import { server } from '#mocks/node.ts';
import { LONDON, workingEveryDay } from './sample-book.ts';

type Book = { zone?: string; schedules?: MemberSchedule[]; appointments?: Appointment[] };

/** The salon's settings, its members' hours and its appointments, as GET /api/salon, /schedules and /appointments answer. */
export function serveBook({
  zone = LONDON,
  schedules = [workingEveryDay('sam'), workingEveryDay('admin', '10:00', '12:00')],
  appointments = [],
}: Book) {
  const asked: string[] = [];
  server.use(
    http.get('*/api/salon', () => HttpResponse.json({ timeZone: zone, currency: 'EUR' })),
    http.get('*/api/schedules', () => HttpResponse.json(schedules)),
    http.get('*/api/appointments', ({ request }) => {
      const { searchParams } = new URL(request.url);
      const [from = '', to = ''] = [searchParams.get('from'), searchParams.get('to')];
      asked.push(from === to ? from : `${from}..${to}`);
      const onDays = appointments.filter(
        ({ start }) => from <= salonDate(Date.parse(start), zone) && salonDate(Date.parse(start), zone) <= to,
      );
      return HttpResponse.json(onDays);
    }),
  );
  return asked;
}
