/**
 * PostgreSQL: the real server on a throwaway cluster (harness/postgres.ts), several instances
 * on one database. Two instances starting at once on an empty database create one staff
 * account; one of two instances SIGKILLed again and again under writes that alternate between
 * them loses and duplicates nothing (read back with `pg`); the database stopped and started
 * under load gives only 503 with Retry-After while it is down, and 2xx again by itself after;
 * sessions, the client list and failed logins are shared between instances at once.
 * Without PostgreSQL's binaries every check fails, saying how to install them.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { postgresBinDir, startPostgresCluster, type PostgresCluster } from '../../harness/postgres.ts';
import { ADMIN, type RealServer } from '../../harness/real-server.ts';
import { clientBody, countBy, formatInt, type Context, type Group, type Report } from '../lib/context.ts';
import { HttpClient, jsonHeaders, logIn, type HttpResponse } from '../lib/http.ts';
import { startRealServer } from '../lib/server.ts';
import { compareStored, newLedger, percentile, storedProblems } from './shared.ts';

const START_CHECK = 'postgres: two instances start at once';
const KILL_CHECK = 'postgres: SIGKILL of one of two instances under writes';
const RESTART_CHECK = 'postgres: database restart under load';
const SHARED_CHECK = 'postgres: sessions, list and login failures across instances';

/** An answer slower than this counts as a hang. */
const ANSWER_GOAL_MS = 5000;
/** After the database is back, the server answers 2xx within this. */
const RECOVERY_GOAL_MS = 5000;

type Stored = { id: string; last_name: string; email: string };

/** A fresh database on the cluster; its URL. */
async function createDatabase(cluster: PostgresCluster, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return cluster.url.replace(/\/[^/]+$/, `/${name}`);
}

async function query<T>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

const readClients = (url: string) => query<Stored>(url, 'SELECT id, last_name, email FROM clients');

/** Duplicated emails (each marker has its own). */
function duplicateEmails(rows: Stored[]): string[] {
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(row.email, (counts.get(row.email) ?? 0) + 1);
  return [...counts].filter(([, count]) => count > 1).map(([email]) => email);
}

const startOn = (context: Context, name: string, databaseUrl: string, options: { port?: number; env?: Record<string, string> } = {}) =>
  startRealServer({ name, dir: context.workDir, databaseUrl, ...options });

async function killAll(servers: Array<RealServer | undefined>): Promise<void> {
  await Promise.all(servers.map((server) => server?.kill()));
}

async function startAtOnce(context: Context, cluster: PostgresCluster, report: Report): Promise<void> {
  const url = await createDatabase(cluster, 'start_at_once');
  const problems: string[] = [];
  const started = await Promise.allSettled([startOn(context, 'postgres-start-a', url), startOn(context, 'postgres-start-b', url)]);
  const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  try {
    for (const result of started)
      if (result.status === 'rejected') problems.push(`an instance did not start: ${String(result.reason).split('\n')[0]}`);
    const staff = await query<{ username: string }>(url, 'SELECT username FROM staff');
    if (staff.length !== 1) problems.push(`${staff.length} staff accounts, expected exactly 1`);
    const logins: number[] = [];
    for (const server of servers) {
      const client = new HttpClient(server.origin, { recorder: context.recorder, source: 'postgres' });
      try {
        await logIn(client, ADMIN.username, ADMIN.password);
        logins.push(200);
      } catch (error) {
        problems.push(`login on ${server.origin}: ${error instanceof Error ? error.message : String(error)}`);
      } finally {
        client.close();
      }
    }
    report(START_CHECK, {
      figure:
        `${servers.length}/2 started (${servers.map((server) => `${Math.round(server.startMs)} ms`).join(', ')}) on one empty database: ` +
        `${staff.length} staff account (${staff.map((row) => row.username).join(', ')}); the admin logs in on ${logins.length}/2`,
      problems,
    });
  } finally {
    await killAll(servers);
  }
}

async function killUnderWrites(context: Context, cluster: PostgresCluster, report: Report): Promise<void> {
  const url = await createDatabase(cluster, 'kill_under_writes');
  const kills = context.quick ? 3 : 10;
  const writers = 4;
  const problems: string[] = [];
  const steady = await startOn(context, 'postgres-kill-a', url);
  let victim = await startOn(context, 'postgres-kill-b', url);
  const clients = { a: new HttpClient(steady.origin, { recorder: context.recorder, source: 'postgres', maxSockets: writers }) };
  let victimClient = new HttpClient(victim.origin, { recorder: context.recorder, source: 'postgres', maxSockets: writers });
  const ledger = newLedger();
  const failedConnections = { a: 0, b: 0 };
  const killDelays: number[] = [];
  const restartMs: number[] = [];
  let stop = false;
  try {
    const cookie = await logIn(clients.a, ADMIN.username, ADMIN.password);
    const writer = async (writerIndex: number) => {
      for (let sequence = 1; !stop; sequence += 1) {
        const onVictim = (sequence + writerIndex) % 2 === 0;
        const client = onVictim ? victimClient : clients.a;
        const marker = `pgkill-w${writerIndex}-${sequence}`;
        ledger.sent.add(marker);
        let answer: HttpResponse;
        try {
          answer = await client.request({
            method: 'POST',
            path: '/api/clients',
            headers: jsonHeaders(client.origin, cookie),
            body: clientBody(marker, sequence),
            timeoutMs: 15_000,
          });
        } catch {
          // Not acknowledged: the instance was killed (or is not back yet).
          failedConnections[onVictim ? 'b' : 'a'] += 1;
          await sleep(20);
          continue;
        }
        if (answer.status !== 201) {
          ledger.refused.push(answer.status);
          continue;
        }
        try {
          const created = JSON.parse(answer.body) as { _id?: unknown; lastName?: unknown };
          if (typeof created._id !== 'string' || created.lastName !== marker) throw new Error('not the client sent');
          ledger.acknowledged.set(created._id, marker);
        } catch {
          ledger.malformed += 1;
        }
      }
    };
    const writing = Promise.all(Array.from({ length: writers }, (_, index) => writer(index + 1)));
    try {
      for (let round = 1; round <= kills; round += 1) {
        const delay = Math.round(200 + context.random() * 1000);
        killDelays.push(delay);
        await sleep(delay);
        await victim.kill();
        victim = await startOn(context, 'postgres-kill-b', url, { port: victim.port });
        restartMs.push(victim.startMs);
        const previous = victimClient;
        victimClient = new HttpClient(victim.origin, { recorder: context.recorder, source: 'postgres', maxSockets: writers });
        previous.close();
      }
      await sleep(300);
    } finally {
      stop = true;
      await writing;
    }
    const stored = await readClients(url);
    const found = compareStored(stored, ledger.acknowledged, ledger.sent);
    const duplicates = duplicateEmails(stored);
    problems.push(...storedProblems(found));
    if (duplicates.length > 0) problems.push(`${duplicates.length} emails stored twice, e.g. ${duplicates[0]}`);
    if (ledger.refused.length > 0) problems.push(`writes refused by a running instance: ${countBy(ledger.refused, (status) => status)}`);
    if (ledger.malformed > 0) problems.push(`${ledger.malformed} 201 answers that were not the client sent`);
    if (failedConnections.a > 0) problems.push(`${failedConnections.a} writes to the instance never killed failed to connect`);
    if (ledger.acknowledged.size === 0) problems.push('no write was acknowledged');
    const inFlight = stored.length - ledger.acknowledged.size + found.lost.length;
    report(KILL_CHECK, {
      figure:
        `${kills} kills of B at ${Math.min(...killDelays)}–${Math.max(...killDelays)} ms, ${writers} writers alternating A/B: ` +
        `${formatInt(ledger.acknowledged.size)} acknowledged creates, ${found.lost.length} lost, ${found.duplicates.length + duplicates.length} duplicates, ` +
        `${found.unknown.length} unknown rows; ${inFlight} unacknowledged (in flight) stored; ${failedConnections.b} writes to B cut or refused; ` +
        `restart ${Math.round(restartMs.reduce((sum, value) => sum + value, 0) / Math.max(1, restartMs.length))} ms on average`,
      problems,
    });
  } finally {
    clients.a.close();
    victimClient.close();
    await killAll([steady, victim]);
  }
}

type Answer = { sentAt: number; at: number; status: number; retryAfter: boolean; ms: number };

async function restartUnderLoad(context: Context, cluster: PostgresCluster, report: Report): Promise<void> {
  const url = await createDatabase(cluster, 'restart_under_load');
  const workers = 4;
  const downMs = context.quick ? 2000 : 4000;
  const problems: string[] = [];
  const server = await startOn(context, 'postgres-restart', url);
  const client = new HttpClient(server.origin, { recorder: context.recorder, source: 'postgres', maxSockets: workers });
  const ledger = newLedger();
  const answers: Answer[] = [];
  const failures: string[] = [];
  const t0 = performance.now();
  let stop = false;
  try {
    const cookie = await logIn(client, ADMIN.username, ADMIN.password);
    const worker = async (workerIndex: number) => {
      for (let sequence = 1; !stop; sequence += 1) {
        const write = sequence % 2 === 0;
        const marker = `pgrestart-w${workerIndex}-${sequence}`;
        if (write) ledger.sent.add(marker);
        const sentAt = performance.now() - t0;
        try {
          const answer = await client.request(
            write
              ? {
                  method: 'POST',
                  path: '/api/clients',
                  headers: jsonHeaders(client.origin, cookie),
                  body: clientBody(marker, sequence),
                  timeoutMs: 15_000,
                }
              : { method: 'GET', path: '/api/clients', headers: { cookie }, timeoutMs: 15_000 },
          );
          answers.push({
            sentAt,
            at: performance.now() - t0,
            status: answer.status,
            retryAfter: Number(answer.headers['retry-after']) >= 1,
            ms: answer.ms,
          });
          if (write && answer.status === 201) {
            const created = JSON.parse(answer.body) as { _id?: unknown };
            if (typeof created._id === 'string') ledger.acknowledged.set(created._id, marker);
            else ledger.malformed += 1;
          }
          if (answer.status === 503) await sleep(50); // as a client honouring Retry-After would, briefly
        } catch (error) {
          failures.push(`${write ? 'POST' : 'GET'} at ${Math.round(sentAt)} ms: ${error instanceof Error ? error.message : String(error)}`);
          await sleep(100);
        }
      }
    };
    const working = Promise.all(Array.from({ length: workers }, (_, index) => worker(index + 1)));
    let stoppingAt = 0;
    let downAt = 0;
    let upAt = 0;
    let recoveredAt = Number.NaN;
    let down = false;
    let restartingAt = 0;
    try {
      await sleep(1500);
      stoppingAt = performance.now() - t0;
      down = true;
      await cluster.stop();
      downAt = performance.now() - t0;
      await sleep(downMs);
      // Polled for readiness, start() returns a little after the database is up again: "down" ends here.
      restartingAt = performance.now() - t0;
      await cluster.start();
      down = false;
      upAt = performance.now() - t0;
      const deadline = performance.now() + RECOVERY_GOAL_MS + 5000;
      while (performance.now() < deadline) {
        const recovered = answers.find((answer) => answer.sentAt >= upAt && answer.status >= 200 && answer.status < 300);
        if (recovered) {
          recoveredAt = recovered.at;
          break;
        }
        await sleep(20);
      }
      await sleep(1000);
    } finally {
      stop = true;
      await working;
      // For the next checks, even when this one stopped half-way.
      if (down) await cluster.start();
    }
    const recoveryMs = recoveredAt - upAt;
    const whileDown = answers.filter((answer) => answer.sentAt >= downAt && answer.at <= restartingAt);
    const notRetry = answers.filter(
      (answer) => (answer.status < 200 || answer.status >= 300) && !(answer.status === 503 && answer.retryAfter),
    );
    const slow = answers.filter((answer) => answer.ms > ANSWER_GOAL_MS);
    const afterBack = answers.filter((answer) => answer.sentAt >= recoveredAt);
    if (whileDown.length === 0) problems.push('no answer while the database was down');
    const downNot503 = whileDown.filter((answer) => !(answer.status === 503 && answer.retryAfter));
    if (downNot503.length > 0)
      problems.push(`while down, answers other than 503 with Retry-After: ${countBy(downNot503, (answer) => answer.status)}`);
    if (notRetry.length > 0)
      problems.push(`answers other than 2xx or 503 with Retry-After: ${countBy(notRetry, (answer) => answer.status)}`);
    if (slow.length > 0)
      problems.push(
        `${slow.length} answers slower than ${ANSWER_GOAL_MS} ms (slowest ${Math.round(Math.max(...slow.map((answer) => answer.ms)))} ms)`,
      );
    if (failures.length > 0) problems.push(`${failures.length} requests without an answer, e.g. ${failures[0]}`);
    if (Number.isNaN(recoveryMs)) problems.push(`no 2xx within ${(RECOVERY_GOAL_MS + 5000) / 1000} s after the database was back`);
    else if (recoveryMs > RECOVERY_GOAL_MS) problems.push(`2xx again only ${Math.round(recoveryMs)} ms after the database was back`);
    const afterNot2xx = afterBack.filter((answer) => answer.status < 200 || answer.status >= 300);
    if (afterNot2xx.length > 0) problems.push(`after recovery, answers other than 2xx: ${countBy(afterNot2xx, (answer) => answer.status)}`);
    if (ledger.malformed > 0) problems.push(`${ledger.malformed} 201 answers without an id`);
    const stored = await readClients(url);
    const found = compareStored(stored, ledger.acknowledged, ledger.sent);
    problems.push(...storedProblems(found));
    const durations = answers.map((answer) => answer.ms);
    report(RESTART_CHECK, {
      figure:
        `${formatInt(answers.length)} answers (${countBy(answers, (answer) => answer.status)}); stop took ${Math.round(downAt - stoppingAt)} ms, down ${downMs} ms: ` +
        `${whileDown.length} answers while down, ${whileDown.length - downNot503.length} of them 503 with Retry-After; ` +
        `p99 ${Math.round(percentile(durations, 0.99))} ms, slowest ${Math.round(Math.max(...durations))} ms; 2xx again ${Number.isNaN(recoveryMs) ? 'never' : `${Math.round(recoveryMs)} ms`} after the cluster was ready again; ` +
        `${formatInt(ledger.acknowledged.size)} acknowledged creates, ${found.lost.length} lost, ${found.duplicates.length} duplicates`,
      problems,
    });
  } finally {
    client.close();
    await server.kill();
  }
}

async function sharedState(context: Context, cluster: PostgresCluster, report: Report): Promise<void> {
  const url = await createDatabase(cluster, 'shared_state');
  const env = { LOGIN_MAX_FAILURES_PER_ACCOUNT: '3' };
  const [a, b] = await Promise.all([
    startOn(context, 'postgres-shared-a', url, { env }),
    startOn(context, 'postgres-shared-b', url, { env }),
  ]);
  const onA = new HttpClient(a.origin, { recorder: context.recorder, source: 'postgres' });
  const onB = new HttpClient(b.origin, { recorder: context.recorder, source: 'postgres' });
  const problems: string[] = [];
  const seen: string[] = [];
  const expect = (what: string, answer: HttpResponse, status: number) => {
    seen.push(`${what} ${answer.status}`);
    if (answer.status !== status) problems.push(`${what}: ${answer.status}, expected ${status} (${answer.body.slice(0, 120)})`);
  };
  try {
    const cookie = await logIn(onA, ADMIN.username, ADMIN.password);
    expect('session of A on B', await onB.request({ method: 'GET', path: '/api/clients', headers: { cookie } }), 200);

    const created = await onA.request({
      method: 'POST',
      path: '/api/clients',
      headers: jsonHeaders(onA.origin, cookie),
      body: clientBody('pgshared-1', 1),
    });
    expect('create on A', created, 201);
    const id = created.status === 201 ? (JSON.parse(created.body) as { _id: string })._id : 'none';
    const list = await onB.request({ method: 'GET', path: '/api/clients', headers: { cookie } });
    const listed = list.status === 200 && (JSON.parse(list.body) as Array<{ _id: string }>).some((item) => item._id === id);
    seen.push(`B's next list ${listed ? 'has it' : 'lacks it'}`);
    if (!listed) problems.push(`the client created on A is not in B's next GET /api/clients (${list.status})`);
    expect("B's next GET /api/clients/:id", await onB.request({ method: 'GET', path: `/api/clients/${id}`, headers: { cookie } }), 200);

    expect('logout on A', await onA.request({ method: 'POST', path: '/logout', headers: { origin: onA.origin, cookie } }), 204);
    expect('the session on B right after', await onB.request({ method: 'GET', path: '/api/clients', headers: { cookie } }), 401);

    const wrong = (client: HttpClient, index: number) =>
      client.request({
        method: 'POST',
        path: '/login',
        headers: jsonHeaders(client.origin),
        body: JSON.stringify({ username: ADMIN.username, password: `wrong ${index}` }),
      });
    expect('failure 1 on A', await wrong(onA, 1), 401);
    expect('failure 2 on B', await wrong(onB, 2), 401);
    expect('failure 3 on A', await wrong(onA, 3), 401);
    const fourth = await onB.request({
      method: 'POST',
      path: '/login',
      headers: jsonHeaders(onB.origin),
      body: JSON.stringify({ username: ADMIN.username, password: ADMIN.password }),
    });
    expect('the right password then on B', fourth, 429);
    if (fourth.status === 429 && !(Number(fourth.headers['retry-after']) >= 1)) problems.push('the 429 has no Retry-After');
    report(SHARED_CHECK, { figure: seen.join(', '), problems });
  } finally {
    onA.close();
    onB.close();
    await killAll([a, b]);
  }
}

const CHECKS: Array<[string, (context: Context, cluster: PostgresCluster, report: Report) => Promise<void>]> = [
  [START_CHECK, startAtOnce],
  [KILL_CHECK, killUnderWrites],
  [RESTART_CHECK, restartUnderLoad],
  [SHARED_CHECK, sharedState],
];

export const postgresGroup: Group = {
  name: 'postgres',
  checks: CHECKS.map(([name]) => name),
  async run(context, report) {
    const bin = postgresBinDir();
    const notRun = (figure: string, problem: string) => {
      for (const [name] of CHECKS) report(name, { figure, problems: [problem] });
    };
    if (!bin || !existsSync(join(bin, 'postgres')) || !existsSync(join(bin, 'initdb'))) {
      notRun(
        'not run: PostgreSQL is not installed',
        `PostgreSQL's binaries (initdb, postgres) were not found${bin ? ` in ${bin}` : ''}: install them with apt-get install -y postgresql (or set PG_BIN to their directory)`,
      );
      return;
    }
    let cluster: PostgresCluster;
    try {
      cluster = await startPostgresCluster();
    } catch (error) {
      notRun('not run: the PostgreSQL cluster did not start', error instanceof Error ? error.message : String(error));
      return;
    }
    try {
      for (const [name, check] of CHECKS) {
        try {
          await check(context, cluster, report);
        } catch (error) {
          const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
          report(name, { figure: 'not completed', problems: [message.split('\n').slice(0, 6).join('\n          ')] });
        }
      }
    } finally {
      await cluster.destroy();
    }
  },
};
