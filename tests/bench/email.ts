/**
 * The booking's email (issue 41, docs/decisions/039-email-outbox.md), against a real SMTP server on 127.0.0.1
 * (server/testing/smtp.ts), on SQLite and on PostgreSQL:
 *
 * - from the commit of the transaction that writes the email to its arrival at the SMTP server: p95 < 2 s;
 * - from the SMTP server coming back after an outage (0.5 to 1.5 s long, the email written during it) to the
 *   email's arrival: p95 < 2 s.
 *
 * The server runs in this process (buildApp on the database, its outbox and its sender as in production): the
 * booking's route writes its email in round 2 of the issue; until then each email is written by the outbox's own
 * `enqueue` in a transaction, and the sender told of the commit with `wake()`, as the commit signal tells it of a
 * booking's.
 */
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp } from '#server/app.ts';
import { DEFAULT_POSTGRES_POOL } from '#server/config.ts';
import type { DatabaseConfig } from '#server/db/database.ts';
import { bookingEmail } from '#server/email/booking-email.ts';
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
    sent: `An email from its commit to the SMTP server, ${engine}`,
    back: `An email from the SMTP server's return after an outage to its arrival, ${engine}`,
  };
  const smtp = await startTestSmtpServer();
  const email = { smtpUrl: smtp.url, from: 'Your Beauty Salon <salon@salon.example>', address: 'Rua Augusta 1, Lisbon' };
  const app = await buildApp(inProcessConfig(database, { email }));
  try {
    await app.ready();
    const send = async (turn: number) => {
      const start = Date.now() + 86_400_000;
      const composed = bookingEmail({
        to: `visitor${turn}@example.com`,
        firstName: 'Ana',
        service: 'Haircut and styling',
        start,
        end: start + 3_600_000,
        timeZone: 'Europe/Lisbon',
        address: email.address,
        cancelUrl: `https://salon.example/?cancel=token${turn}`,
        appointmentId: `appointment-${turn}`,
        now: new Date(),
      });
      await app.db.transaction().execute((trx) => app.emailOutbox.enqueue(trx, composed));
      app.emailOutbox.wake();
    };
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
      detail: `${EMAILS} emails one after another, each with its .ics`,
    });
    const backTimes = await outages(smtp, send, EMAILS);
    report({
      name: names.back,
      measured: spread(backTimes),
      goal: `p95 < ${GOAL_MS} ms`,
      pass: percentile(backTimes, 0.95) < GOAL_MS,
      detail: `${OUTAGES} outages of 0.5 to 1.5 s, one email written during each`,
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

/** Runs `work`; the moment it finished (performance.now()). */
async function timed(work: () => Promise<void>): Promise<number> {
  await work();
  return performance.now();
}

/** Each outage: the server stops, an email is written, the server comes back; from its return to the email's arrival. */
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
