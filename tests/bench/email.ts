/**
 * The booking's email (issue 41, docs/decisions/039-email-outbox.md), against a real SMTP server on 127.0.0.1
 * (server/testing/smtp.ts), on SQLite and on PostgreSQL:
 *
 * - from a visitor's booking (`POST /api/booking/appointments` answered 201) to its confirmation's arrival at the
 *   SMTP server: p95 < 2 s;
 * - from the SMTP server coming back after an outage (0.5 to 1.5 s long, a booking made during it) to the
 *   confirmation's arrival: p95 < 2 s.
 *
 * The server runs in this process (buildApp on the database, its outbox and its sender as in production, requests
 * through `inject`): each booking holds a free time, then books it, from an address of its own (the rate limits are
 * per address); the booking's transaction writes the email and its commit wakes the sender, nothing else does.
 */
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { NO_HOURS } from '#contract/book';
import type { BookingTimes, Hold } from '#contract/online-booking';
import { apiPaths } from '#contract/paths';
import { buildApp, type App } from '#server/app.ts';
import { DEFAULT_POSTGRES_POOL } from '#server/config.ts';
import type { DatabaseConfig } from '#server/db/database.ts';
import { startTestSmtpServer, type TestSmtpServer } from '#server/testing/smtp.ts';
import { inProcessConfig } from '#server/testing/in-process-config.ts';
import { postgresBinDir, startPostgresCluster } from '../harness/postgres.ts';
import { onCleanup } from '../harness/processes.ts';
import { median, percentile, report, reportNotMeasured } from './lib/report.ts';
import { scratchDirectory } from './lib/server.ts';

const EMAILS = 100;
const OUTAGES = 20;
const GOAL_MS = 2000;

const spread = (times: number[]) => `p50 ${median(times).toFixed(0)} ms, p95 ${percentile(times, 0.95).toFixed(0)} ms`;

async function measure(engine: string, database: DatabaseConfig): Promise<void> {
  const names = {
    sent: `A booking's email from POST /api/booking/appointments to the SMTP server, ${engine}`,
    back: `A booking's email from the SMTP server's return after an outage to its arrival, ${engine}`,
  };
  const smtp = await startTestSmtpServer();
  const email = { smtpUrl: smtp.url, from: 'Your Beauty Salon <salon@salon.example>', address: 'Rua Augusta 1, Lisbon' };
  const app = await buildApp(inProcessConfig(database, { email }));
  try {
    await app.ready();
    const send = await bookings(app);
    const sentTimes: number[] = [];
    for (let turn = 0; turn < EMAILS; turn += 1) {
      const committed = await timed(() => send(turn));
      await smtp.arrived(turn + 1, 10_000);
      sentTimes.push((smtp.received.at(-1)?.at ?? NaN) - committed);
    }
    report({
      name: names.sent,
      measured: spread(sentTimes),
      goal: `p95 < ${GOAL_MS} ms`,
      pass: percentile(sentTimes, 0.95) < GOAL_MS,
      detail: `${EMAILS} online bookings one after another, each email with its .ics`,
    });
    const backTimes = await outages(smtp, send, EMAILS);
    report({
      name: names.back,
      measured: spread(backTimes),
      goal: `p95 < ${GOAL_MS} ms`,
      pass: percentile(backTimes, 0.95) < GOAL_MS,
      detail: `${OUTAGES} outages of 0.5 to 1.5 s, one booking during each`,
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    reportNotMeasured(names.sent, `p95 < ${GOAL_MS} ms`, reason);
    reportNotMeasured(names.back, `p95 < ${GOAL_MS} ms`, reason);
  } finally {
    await app.close();
    await smtp.stop();
  }
}

/** The salon's member, with hours every day, and the service visitors book (15 minutes, so that days hold many). */
async function furnish(app: App): Promise<void> {
  await app.staffAccounts.add('nina', 'nina’s long bench password', 'owner');
  const { id } = await app.db.selectFrom('staff').select('id').where('username', '=', 'nina').executeTakeFirstOrThrow();
  const day = { from: '06:00', to: '22:00' };
  const hours = Object.fromEntries(Object.keys(NO_HOURS).map((weekday) => [weekday, day]));
  const at = new Date().toISOString();
  await app.db
    .insertInto('working_hours')
    .values({ staff_id: id, hours: JSON.stringify(hours), updated_at: at })
    .execute();
  await app.db
    .insertInto('services')
    .values({ id: 'trim', name: 'Fringe trim', duration_minutes: 15, price: 1000, created_at: at, removed_at: null })
    .execute();
}

/** A visitor's booking of the next free time, from an address of its own each turn, answered 201. */
async function bookings(app: App): Promise<(turn: number) => Promise<void>> {
  await furnish(app);
  const free: string[] = [];
  let day = 1;
  const nextFree = async (): Promise<string> => {
    while (free.length === 0) {
      const date = new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10);
      const times = await app.inject({ method: 'GET', url: `${apiPaths.bookingTimes}?service=trim&date=${date}` });
      free.push(...times.json<BookingTimes>().starts);
      day += 1;
    }
    return free.shift() as string;
  };
  return async (turn) => {
    const remoteAddress = `198.18.${Math.floor(turn / 250)}.${(turn % 250) + 1}`;
    const request = (url: string, payload: object) =>
      app.inject({ method: 'POST', url, payload, remoteAddress, headers: { 'content-type': 'application/json' } });
    const held = await request(apiPaths.bookingHolds, { serviceId: 'trim', staff: null, start: await nextFree() });
    if (held.statusCode !== 201) throw new Error(`POST ${apiPaths.bookingHolds} responded ${held.statusCode}: ${held.body}`);
    const visitor = { firstName: 'Ana', lastName: 'Silva', email: `visitor${turn}@example.com`, offers: false, website: '' };
    const booked = await request(apiPaths.bookingAppointments, { holdToken: held.json<Hold>().token, ...visitor });
    if (booked.statusCode !== 201) throw new Error(`POST ${apiPaths.bookingAppointments} responded ${booked.statusCode}: ${booked.body}`);
  };
}

/** Runs `work`; the moment it finished (performance.now()). */
async function timed(work: () => Promise<void>): Promise<number> {
  await work();
  return performance.now();
}

/** Each outage: the server stops, a booking is made, the server comes back; from its return to the email's arrival. */
async function outages(smtp: TestSmtpServer, send: (turn: number) => Promise<void>, sentBefore: number): Promise<number[]> {
  const times: number[] = [];
  for (let outage = 0; outage < OUTAGES; outage += 1) {
    await smtp.stop();
    await send(sentBefore + outage);
    await sleep(500 + (1000 * outage) / OUTAGES);
    await smtp.start();
    const back = performance.now();
    await smtp.arrived(sentBefore + outage + 1, 10_000);
    times.push((smtp.received.at(-1)?.at ?? NaN) - back);
  }
  return times;
}

export async function runEmailBench(): Promise<void> {
  console.info('\nThe booking’s email on SQLite…');
  await measure('SQLite', { kind: 'sqlite', file: join(scratchDirectory(), 'salon.db') });
  if (postgresBinDir() === undefined) {
    console.info("SKIPPED  The booking's email on PostgreSQL: PostgreSQL is not installed (apt-get install -y postgresql, or set PG_BIN).");
    return;
  }
  console.info('\nThe booking’s email on PostgreSQL…');
  const cluster = await startPostgresCluster();
  onCleanup(() => cluster.destroy());
  await measure('PostgreSQL', { kind: 'postgres', url: cluster.url, ...DEFAULT_POSTGRES_POOL });
}
