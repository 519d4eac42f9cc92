/**
 * The landing page's booking reads (issue 41) on the book's busy week (book.ts's seeding, shared in one run: 10
 * members, 2,000 appointments that week), on SQLite and on PostgreSQL, as a visitor asks them (no session):
 *
 * - `GET /api/booking/times?service=&date=` ("Anyone": all 10 members' free starts, their union) for each working day
 *   of the week in turn: p95 < 20 ms.
 * - `GET /api/booking/days?service=` ("Anyone"): the 28 bookable days, the busy week among them. No goal: reported.
 *
 * Timed as book.ts's figures are (its timeRequests: WARM_UP, then REQUESTS one after another); p50 and p95.
 */
import { addDays, salonDate } from '#contract/book';
import { BOOKING_DAYS, type BookingDays, type BookingTimes } from '#contract/online-booking';
import { apiPaths } from '#contract/paths';
import type { Build } from '../harness/build.ts';
import { BOOK, bookDays } from '../harness/seed-book.ts';
import { REQUESTS, seededBook, spread, timeRequests, WARM_UP } from './book.ts';
import { percentile, report, reportNotMeasured } from './lib/report.ts';
import { scratchDirectory, startServer } from './lib/server.ts';
import { join } from 'node:path';

const TIMES_GOAL_MS = 20;

/** The seeded week's days, each checked to be among the 28 a visitor may book today (else the answer would be empty). */
function bookableWeek(): string[] {
  const today = salonDate(Date.now(), BOOK.zone);
  const last = addDays(today, BOOKING_DAYS - 1);
  const days = bookDays();
  const outside = days.filter((date) => date < today || date > last);
  if (outside.length > 0) {
    throw new Error(`the seeded week (${days[0]}…) is not within the ${BOOKING_DAYS} bookable days from ${today}: move BOOK.monday`);
  }
  return days;
}

async function measure(build: Build, engine: string, database: string, serviceId: string): Promise<void> {
  const names = {
    times: `GET /api/booking/times for a day, "Anyone" of ${BOOK.members.length} members, a week of ${BOOK.appointments.toLocaleString('en')} appointments, ${engine}`,
    days: `GET /api/booking/days, the ${BOOKING_DAYS} days, "Anyone", ${engine}`,
  };
  console.info(`\nThe landing page's booking reads on ${engine}…`);
  const server = await startServer(build, database, { SALON_TIME_ZONE: BOOK.zone }, join(scratchDirectory(), 'server.log'));
  try {
    const week = bookableWeek();
    const timesPath = (turn: number) =>
      `${apiPaths.bookingTimes}?${new URLSearchParams({ service: serviceId, date: week[turn % week.length] as string })}`;
    let freeStarts = 0;
    const times = await timeRequests(server.origin, '', timesPath, (body, path) => {
      const { date, starts } = body as BookingTimes;
      if (!path.endsWith(`date=${date}`) || !Array.isArray(starts)) throw new Error(`GET ${path} answered ${JSON.stringify(body)}`);
      freeStarts += starts.length;
    });
    report({
      name: names.times,
      measured: spread(times),
      goal: `p95 < ${TIMES_GOAL_MS} ms`,
      pass: percentile(times, 0.95) < TIMES_GOAL_MS,
      detail: `${REQUESTS} requests one after another after ${WARM_UP}, each working day of the week in turn, a 15-minute service; ${(freeStarts / (WARM_UP + REQUESTS)).toFixed(1)} free starts an answer`,
    });
    const daysPath = `${apiPaths.bookingDays}?${new URLSearchParams({ service: serviceId })}`;
    const days = await timeRequests(
      server.origin,
      '',
      () => daysPath,
      (body) => {
        const answered = (body as BookingDays).days;
        if (answered.length !== BOOKING_DAYS || !answered.some(({ date }) => week.includes(date))) {
          throw new Error(`GET ${daysPath} answered ${answered.length} days, the busy week not among them`);
        }
      },
    );
    report({
      name: names.days,
      measured: spread(days),
      goal: 'none (reported)',
      pass: true,
      detail: `${REQUESTS} requests one after another after ${WARM_UP}, a 15-minute service`,
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    reportNotMeasured(names.times, `p95 < ${TIMES_GOAL_MS} ms`, reason);
    reportNotMeasured(names.days, 'none (reported)', reason);
  } finally {
    await server.stop();
  }
}

export async function runBookingBench(build: Build): Promise<void> {
  const { sqlite, postgres } = await seededBook();
  await measure(build, 'SQLite', sqlite.database, sqlite.serviceId);
  if (postgres === undefined) {
    console.info("SKIPPED  The booking's reads on PostgreSQL: PostgreSQL is not installed (apt-get install -y postgresql, or set PG_BIN).");
    return;
  }
  await measure(build, 'PostgreSQL', postgres.database, postgres.serviceId);
}
