/**
 * The owner runs the team (issue 28).
 *
 * - The list and a client by id with roles, against the code before them (`--against DIR`, a checkout from before
 *   issue 28, built there): the session now carries its account's role. Each server on a database of its own,
 *   5,000 clients seeded by its own checkout's `npm run seed` (a database of this version has migrations the older
 *   code refuses); alternating autocannon rounds as the API part does, the figure the median of the rounds' ratios.
 * - Sign-in with its audit entry: POST /login one after another, p50 and p95 (scrypt's cost dominates by design);
 *   beside the older code's when `--against` is given.
 * - Ending an account's sessions across instances: two servers on one PostgreSQL database; a member of staff signed
 *   in on B with an event stream open there; the owner's "Sign out everywhere" on A; the time from sending it until
 *   B answers that session 401, and until B closed its stream.
 */
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { apiPaths } from '#contract/paths';
import type { Build } from '../harness/build.ts';
import { postgresBinDir, startPostgresCluster } from '../harness/postgres.ts';
import { onCleanup } from '../harness/processes.ts';
import { seedClients } from '../harness/seed-clients.ts';
import { compare, detailPathsOf, fetchList, type Target } from './api.ts';
import { median, percentile, report, reportNotMeasured } from './lib/report.ts';
import { logIn, scratchDirectory, seededDatabase, startServer, type RunningServer } from './lib/server.ts';

const CLIENTS = 5000;
const SIGN_INS = 30;
const SESSION_ENDINGS = 20;
const MEMBER = { username: 'bench-staff', password: 'a bench member’s long password' } as const;

/** A database of `clients` seeded by the checkout at `dir` with its own `npm run seed`. */
function seededByCheckout(dir: string, clients: number): string {
  const file = join(scratchDirectory(), 'salon.db');
  const seeded = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'tests/bench/seed.ts', '--clients', String(clients), '--database', `file:${file}`],
    {
      cwd: dir,
      encoding: 'utf8',
    },
  );
  if (seeded.status !== 0) throw new Error(`Seeding with ${dir} failed: ${seeded.stderr}`);
  return file;
}

async function target(server: RunningServer): Promise<Target & { list: Buffer }> {
  const cookie = await logIn(server.origin);
  return { origin: server.origin, headers: { cookie }, list: await fetchList(server.origin, cookie) };
}

async function benchAgainstBefore(build: Build, before: Build, beforeDir: string): Promise<void> {
  console.info(`\nThe list and by id, against ${beforeDir} (${CLIENTS.toLocaleString('en')} clients each)…`);
  const ours = await startServer(build, await seededDatabase(CLIENTS));
  const theirs = await startServer(before, seededByCheckout(beforeDir, CLIENTS));
  try {
    const now = await target(ours);
    const then = await target(theirs);
    for (const [name, paths] of [
      ['GET /api/clients', () => [apiPaths.clients]],
      ['GET /api/clients/:id', detailPathsOf],
    ] as const) {
      const { bare, real, failed } = await compare(then, now, paths(then.list), paths(now.list));
      const ratio = median(real.map((value, round) => value / (bare[round] as number)));
      report({
        name: `${name} with roles, against before them`,
        measured: `${ratio.toFixed(2)} × before (medians ${Math.round(median(real))} vs ${Math.round(median(bare))} req/s)`,
        goal: '≥ 0.95 × before, 0 errors/non-2xx',
        pass: ratio >= 0.95 && failed === 0,
        detail: `median of the rounds' ratios, alternating runs; errors+timeouts+non-2xx: ${failed}`,
      });
    }
    await benchSignIn(ours.origin, theirs.origin);
  } finally {
    await ours.stop();
    await theirs.stop();
  }
}

/** Sign-in p95 with its audit entry; with the older code, one sign-in each in turn, so that a neighbour's load hits both alike. */
async function benchSignIn(origin: string, beforeOrigin?: string): Promise<void> {
  const now: number[] = [];
  const then: number[] = [];
  const timed = async (at: string, times: number[]) => {
    const started = performance.now();
    await logIn(at);
    times.push(performance.now() - started);
  };
  for (let attempt = 0; attempt < SIGN_INS; attempt += 1) {
    await timed(origin, now);
    if (beforeOrigin !== undefined) await timed(beforeOrigin, then);
  }
  const p95 = percentile(now, 0.95);
  // scrypt's cost is the machine's, by design: beside the older code the goal is that the audit write adds nothing to it.
  const beforeP95 = then.length > 0 ? percentile(then, 0.95) : undefined;
  report({
    name: 'POST /login with its audit entry, SQLite',
    measured: `p50 ${median(now).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms${
      beforeP95 === undefined ? '' : ` (before, in turn: p50 ${median(then).toFixed(0)} ms, p95 ${beforeP95.toFixed(0)} ms)`
    }`,
    goal: beforeP95 === undefined ? 'p95 < 1500 ms' : 'p95 ≤ 1.1 × before’s',
    pass: beforeP95 === undefined ? p95 < 1500 : p95 <= 1.1 * beforeP95,
    detail: `${SIGN_INS} sign-ins one after another; scrypt N=2^17 by design`,
  });
}

async function send(origin: string, cookie: string, method: string, path: string, body?: object): Promise<Response> {
  return fetch(`${origin}${path}`, {
    method,
    headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body && JSON.stringify(body),
  });
}

/** Adds the member of staff through the staff page's calls on `origin`: a sign-in link, used to set a password. */
async function addMember(origin: string, ownerCookie: string): Promise<void> {
  const added = await send(origin, ownerCookie, 'POST', apiPaths.staff, { username: MEMBER.username, role: 'staff' });
  if (added.status !== 201) throw new Error(`POST /api/staff responded ${added.status}: ${await added.text()}`);
  const { link } = (await added.json()) as { link: { path: string } };
  const token = link.path.split('/').pop() ?? '';
  const set = await fetch(`${origin}${apiPaths.welcomeLink(token)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password: MEMBER.password }),
  });
  if (set.status !== 200) throw new Error(`Setting the password responded ${set.status}: ${await set.text()}`);
}

/** Resolves when the stream of `response` ends, with when. */
async function streamEnd(response: Response): Promise<number> {
  const reader = response.body?.getReader();
  if (!reader) throw new Error('No stream');
  for (;;) {
    const { done } = await reader.read().catch(() => ({ done: true }));
    if (done) return performance.now();
  }
}

async function benchSessionsEnded(build: Build): Promise<void> {
  const name = 'Sign out everywhere on one instance → 401 and stream closed on another, PostgreSQL';
  if (postgresBinDir() === undefined) {
    console.info(`SKIPPED  ${name}: PostgreSQL is not installed (apt-get install -y postgresql, or set PG_BIN).`);
    return;
  }
  console.info('\nEnding an account’s sessions across two instances on PostgreSQL…');
  const cluster = await startPostgresCluster();
  onCleanup(() => cluster.destroy());
  let a: RunningServer | undefined;
  let b: RunningServer | undefined;
  const toUnauthorized: number[] = [];
  const toClosed: number[] = [];
  try {
    await seedClients({ kind: 'postgres', url: cluster.url, poolSize: 10, connectTimeoutMs: 3000, statementTimeoutMs: 10_000 }, 100);
    const logs = scratchDirectory();
    a = await startServer(build, cluster.url, {}, join(logs, 'a.log'));
    b = await startServer(build, cluster.url, {}, join(logs, 'b.log'));
    const owner = await logIn(a.origin);
    await addMember(a.origin, owner);
    for (let round = 0; round < SESSION_ENDINGS; round += 1) {
      const member = await logIn(b.origin, MEMBER);
      const stream = await send(b.origin, member, 'GET', apiPaths.events);
      if (stream.status !== 200) throw new Error(`The stream responded ${stream.status}`);
      const closed = streamEnd(stream);
      const started = performance.now();
      const ended = await send(a.origin, owner, 'POST', apiPaths.staffSignOut(MEMBER.username));
      if (ended.status !== 204) throw new Error(`Sign out everywhere responded ${ended.status}`);
      for (;;) {
        const answer = await send(b.origin, member, 'GET', apiPaths.me);
        await answer.arrayBuffer();
        if (answer.status === 401) break;
        await new Promise((done) => setTimeout(done, 5));
      }
      toUnauthorized.push(performance.now() - started);
      toClosed.push((await closed) - started);
    }
  } finally {
    await a?.stop();
    await b?.stop();
    await cluster.destroy();
  }
  const p95 = Math.max(percentile(toUnauthorized, 0.95), percentile(toClosed, 0.95));
  report({
    name,
    measured: `401: p50 ${median(toUnauthorized).toFixed(0)} ms, p95 ${percentile(toUnauthorized, 0.95).toFixed(0)} ms; stream closed: p50 ${median(
      toClosed,
    ).toFixed(0)} ms, p95 ${percentile(toClosed, 0.95).toFixed(0)} ms`,
    goal: 'p95 < 1000 ms for both',
    pass: p95 < 1000,
    detail: `${SESSION_ENDINGS} rounds: sign in on B, open a stream there, POST …/sign-out on A; B polled every 5 ms`,
  });
}

/** `npm run bench -- team [--against DIR]`: `before` is DIR's build when given. */
export async function runTeamBench(build: Build, before?: { build: Build; dir: string }): Promise<void> {
  if (before) {
    try {
      await benchAgainstBefore(build, before.build, resolve(before.dir));
    } catch (error) {
      reportNotMeasured('The list and by id with roles, against before them', '≥ 0.95 × before', String(error));
    }
  } else {
    console.info('\n(The list and by id against the code before roles: npm run bench -- team --against DIR.)');
    const server = await startServer(build, await seededDatabase(100));
    try {
      await benchSignIn(server.origin);
    } finally {
      await server.stop();
    }
  }
  await benchSessionsEnded(build);
}
