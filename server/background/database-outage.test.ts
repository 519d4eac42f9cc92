/**
 * Issue 26: while the database refuses every statement, no background task ends the process (an error thrown in a
 * timer would); each logs its failure once per outage and says when it works again; requests get 503 with Retry-After
 * in bounded time, /healthz says unavailable, open event streams stay open; once the database is back, everything
 * works without a restart and the streams get what was committed. On SQLite and, in `npm run test:postgres`, on
 * PostgreSQL.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { InjectOptions } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { EMPTYING_THE_LOG } from '../plugins/client-store.ts';
import { databaseWithOutage } from '../testing/database-outage.ts';
import { openEventStream } from '../testing/event-stream.ts';
import { freshTestDatabase } from '../testing/test-database.ts';
import { aClient, createClient, createTestApp, listeningTestApp, logIn } from '../testing/test-app.ts';

/** The SQLite busy time-out for this test: a request waits at most this long for the database, plus its own work. */
const BUSY_TIMEOUT_MS = 300;

type LogLine = { level: number; msg: string };

async function appOnFailingDatabase() {
  const fresh = await freshTestDatabase();
  const { database, outage } = await databaseWithOutage(fresh.kind === 'sqlite' ? { ...fresh, busyTimeoutMs: BUSY_TIMEOUT_MS } : fresh);
  const test = await listeningTestApp({
    database,
    // Every periodic task runs often, so that each meets the outage more than once.
    config: { events: { watchIntervalMs: 20, sessionCheckMs: 50, heartbeatMs: 50 } },
  });
  const cookie = await logIn(test.app);
  const lines = () => test.logs.map((line) => JSON.parse(line) as LogLine);
  return Object.assign(test, { cookie, outage, lines });
}

/** Each background task, run twice over, plus what runs on its own (the pollers, the streams' heartbeat). */
async function runEveryTask(app: Awaited<ReturnType<typeof appOnFailingDatabase>>['app']) {
  for (let round = 0; round < 2; round += 1) {
    for (const name of app.backgroundTasks.names()) await app.backgroundTasks.run(name);
    await app.changeFeed.wake();
  }
  await sleep(300);
}

/**
 * The tasks that touch the database whenever they run: not the emptying of SQLite's log, which has work only after an
 * erasure (and one cannot commit during the outage).
 */
function tasksWithWork(app: Awaited<ReturnType<typeof appOnFailingDatabase>>['app']) {
  return app.backgroundTasks.names().filter((name) => name !== EMPTYING_THE_LOG);
}

describe('a database that refuses every statement', () => {
  it(
    'ends no process, logs each task’s failure once, answers 503, keeps streams open, and recovers by itself',
    { timeout: 20_000 },
    async () => {
      const test = await appOnFailingDatabase();
      const { app, cookie } = test;
      const client = await createClient(test);
      const stream = await openEventStream(test.port, cookie);
      await stream.ready();
      const streamEnded = vi.fn();
      void stream.ended.then(streamEnded, streamEnded);
      expect(app.backgroundTasks.names().length).toBeGreaterThanOrEqual(2);

      await test.outage.begin();
      await runEveryTask(app);

      // Each answered within the busy time-out and its last retry's pause (and a loaded machine's slack), not held.
      const timed = async (request: InjectOptions) => {
        const started = performance.now();
        const response = await app.inject(request);
        expect(performance.now() - started, `${String(request.url)} answered in ms`).toBeLessThan(BUSY_TIMEOUT_MS + 2000);
        return response;
      };
      const read = await timed({ method: 'GET', url: `/api/clients/${client._id}`, headers: { cookie } });
      const write = await timed({ method: 'POST', url: '/api/clients', payload: aClient, headers: { cookie } });
      const health = await timed({ method: 'GET', url: '/healthz' });
      for (const response of [read, write]) {
        expect(response.statusCode, response.body).toBe(503);
        expect(response.headers['retry-after']).toMatch(/^\d+$/);
        expect(response.json()).toMatchObject({
          message: expect.stringMatching(/^The database is (busy|unavailable), try again shortly$/),
        });
      }
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({ status: 'unavailable' });
      expect(streamEnded).not.toHaveBeenCalled();

      // Each failing task said so once, however often it failed.
      const failures = test
        .lines()
        .filter((line) => line.level === 50)
        .map((line) => line.msg);
      expect(failures.length).toBeGreaterThan(0);
      expect(new Set(failures).size).toBe(failures.length);
      for (const name of tasksWithWork(app)) {
        expect(failures, `${name} failed and said so`).toContain(`${name} failed; retrying (logged again only once it has worked)`);
      }

      await test.outage.end();
      await vi.waitFor(
        async () => {
          const again = await app.inject({ method: 'GET', url: `/api/clients/${client._id}`, headers: { cookie } });
          expect(again.statusCode).toBe(200);
        },
        { timeout: 10_000, interval: 100 },
      );
      await runEveryTask(app);
      const recovered = test.lines().filter((line) => line.msg.endsWith(' works again'));
      for (const name of tasksWithWork(app)) {
        expect(
          recovered.map((line) => line.msg),
          name,
        ).toContain(`${name} works again`);
      }
      const health2 = await app.inject({ method: 'GET', url: '/healthz' });
      expect(health2.json()).toEqual({ status: 'ok' });

      // The stream that stayed open gets what is committed now, by this server and by another one on the database
      // (SQLite's data_version poll, PostgreSQL's LISTEN: each came back by itself).
      const created = await createClient(test, { ...aClient, firstName: 'After' });
      const other = await createTestApp({ database: test.database, withStaff: false });
      const elsewhere = await createClient(Object.assign(other, { cookie: await logIn(other.app) }), {
        ...aClient,
        firstName: 'Elsewhere',
      });
      const changes = await stream.untilChanges(2);
      expect(changes.map((change) => [change.clientId, change.kind])).toEqual([
        [created._id, 'registered'],
        [elsewhere._id, 'registered'],
      ]);
      expect(streamEnded).not.toHaveBeenCalled();
      if (test.database.kind === 'postgres') {
        const listen = 'Listening for other instances’ commits (PostgreSQL’s LISTEN)';
        expect(failures).toContain(`${listen} failed; retrying (logged again only once it has worked)`);
        expect(test.lines().map((line) => line.msg)).toContain(`${listen} works again`);
      }
    },
  );
});
