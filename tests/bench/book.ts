/**
 * The book's reads at a busy salon's size (issue 40): 10 members, 2,000 appointments in one week
 * (../harness/seed-book.ts, through the server's own repositories), on SQLite and on PostgreSQL.
 *
 * - `GET /api/appointments?from=&to=` for the whole week (all 2,000, checked each time): p95 < 50 ms.
 * - `GET /api/availability?service=&staff=&date=` for a day (the 15-minute service, each member and working day of
 *   the week in turn, every one of them a packed day): p95 < 20 ms.
 *
 * Each figure: WARM_UP requests, then REQUESTS one after another, each timed from sending it to its whole body, on
 * one signed-in connection's cookie; p50 and p95. The databases are seeded once per run (with --against both builds
 * read the same ones).
 */
import type { Appointment, Availability } from '#contract/book';
import { apiPaths } from '#contract/paths';
import type { Build } from '../harness/build.ts';
import { postgresBinDir, startPostgresCluster } from '../harness/postgres.ts';
import { onCleanup } from '../harness/processes.ts';
import { BOOK, bookDays, seedBook } from '../harness/seed-book.ts';
import { median, percentile, report, reportNotMeasured } from './lib/report.ts';
import { logIn, scratchDirectory, startServer } from './lib/server.ts';
import { join } from 'node:path';

export const WARM_UP = 20;
export const REQUESTS = 200;
const GOALS = { week: 50, day: 20 } as const;

type Seeded = { database: string; serviceId: string };
type Databases = { sqlite: Seeded; postgres: Seeded | undefined };

/** Seeded once per run: with --against, both builds read the same book; `booking` reads it too. */
let seeded: Promise<Databases> | undefined;

/** The book seeded on SQLite and (when installed) PostgreSQL, once per run; its shortest service's id. */
export function seededBook(): Promise<Databases> {
  seeded ??= seedDatabases();
  return seeded;
}

async function seedDatabases(): Promise<Databases> {
  const file = join(scratchDirectory(), 'salon.db');
  const took = async (engine: string, seeding: () => Promise<{ serviceIds: string[] }>) => {
    console.info(`Seeding the book on ${engine}: ${BOOK.members.length} members, ${BOOK.appointments.toLocaleString('en')} appointments…`);
    const started = performance.now();
    const { serviceIds } = await seeding();
    console.info(`  ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return serviceIds[0] as string;
  };
  const sqlite = { database: file, serviceId: await took('SQLite', () => seedBook({ kind: 'sqlite', file })) };
  if (postgresBinDir() === undefined) return { sqlite, postgres: undefined };
  const cluster = await startPostgresCluster();
  onCleanup(() => cluster.destroy());
  const config = { kind: 'postgres', url: cluster.url, poolSize: 10, connectTimeoutMs: 3000, statementTimeoutMs: 30_000 } as const;
  return { sqlite, postgres: { database: cluster.url, serviceId: await took('PostgreSQL', () => seedBook(config)) } };
}

/** Times `REQUESTS` requests made one after another after `WARM_UP`; each answer is checked by `check`. */
export async function timeRequests(
  origin: string,
  cookie: string,
  pathFor: (turn: number) => string,
  check: (body: unknown, path: string) => void,
): Promise<number[]> {
  const times: number[] = [];
  for (let turn = 0; turn < WARM_UP + REQUESTS; turn += 1) {
    const path = pathFor(turn);
    const started = performance.now();
    const response = await fetch(`${origin}${path}`, { headers: { cookie } });
    const text = await response.text();
    const ms = performance.now() - started;
    if (response.status !== 200) throw new Error(`GET ${path} responded ${response.status}: ${text.slice(0, 200)}`);
    check(JSON.parse(text), path);
    if (turn >= WARM_UP) times.push(ms);
  }
  return times;
}

export const spread = (times: number[]) => `p50 ${median(times).toFixed(1)} ms, p95 ${percentile(times, 0.95).toFixed(1)} ms`;

async function measure(build: Build, engine: string, { database, serviceId }: Seeded): Promise<void> {
  const names = {
    week: `GET /api/appointments for a week of ${BOOK.appointments.toLocaleString('en')} appointments, ${engine}`,
    day: `GET /api/availability for a day, ${BOOK.members.length} members' packed week, ${engine}`,
  };
  console.info(`\nThe book's reads on ${engine}…`);
  const server = await startServer(build, database, { SALON_TIME_ZONE: BOOK.zone }, join(scratchDirectory(), 'server.log'));
  try {
    const cookie = await logIn(server.origin);
    const days = bookDays();
    const week = `${apiPaths.appointments}?${new URLSearchParams({ from: days[0] as string, to: days.at(-1) as string })}`;
    const weekTimes = await timeRequests(
      server.origin,
      cookie,
      () => week,
      (body) => {
        const booked = (body as Appointment[]).filter(({ status }) => status === 'booked').length;
        if (booked !== BOOK.appointments) throw new Error(`GET ${week} answered ${booked} booked appointments`);
      },
    );
    report({
      name: names.week,
      measured: spread(weekTimes),
      goal: `p95 < ${GOALS.week} ms`,
      pass: percentile(weekTimes, 0.95) < GOALS.week,
      detail: `${REQUESTS} requests one after another after ${WARM_UP}, each from sending to its whole body; all ${BOOK.appointments.toLocaleString('en')} checked each time`,
    });
    const dayPath = (turn: number) =>
      `${apiPaths.availability}?${new URLSearchParams({
        service: serviceId,
        staff: BOOK.members[turn % BOOK.members.length] as string,
        date: days[Math.floor(turn / BOOK.members.length) % days.length] as string,
      })}`;
    const dayTimes = await timeRequests(server.origin, cookie, dayPath, (body, path) => {
      if (!Array.isArray((body as Availability).starts)) throw new Error(`GET ${path} answered no starts`);
    });
    report({
      name: names.day,
      measured: spread(dayTimes),
      goal: `p95 < ${GOALS.day} ms`,
      pass: percentile(dayTimes, 0.95) < GOALS.day,
      detail: `${REQUESTS} requests one after another after ${WARM_UP}, each member and working day in turn, a 15-minute service`,
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    reportNotMeasured(names.week, `p95 < ${GOALS.week} ms`, reason);
    reportNotMeasured(names.day, `p95 < ${GOALS.day} ms`, reason);
  } finally {
    await server.stop();
  }
}

export async function runBookBench(build: Build): Promise<void> {
  const { sqlite, postgres } = await seededBook();
  await measure(build, 'SQLite', sqlite);
  if (postgres === undefined) {
    console.info("SKIPPED  The book's reads on PostgreSQL: PostgreSQL is not installed (apt-get install -y postgresql, or set PG_BIN).");
    return;
  }
  await measure(build, 'PostgreSQL', postgres);
}
