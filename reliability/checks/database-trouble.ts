/**
 * Database trouble, on the real server:
 * - locked: another process (this one, through better-sqlite3) holds BEGIN EXCLUSIVE on the
 *   file for 5 s; writes must get 503 with Retry-After after the busy time-out, nothing is
 *   stored, reads keep answering at once (p99 under 50 ms: waiting for the lock must not
 *   block the event loop), and writes work again as soon as the lock is released;
 * - disk full: the database lives on a small tmpfs that is then filled up; writes must get a
 *   clear 507, reads keep working, no partial row is stored, and writes resume once space is
 *   freed. Where tmpfs cannot be mounted (not root, no CAP_SYS_ADMIN), or with
 *   --simulate-disk-full, SQLite's max_page_count on the app's own connection makes the
 *   database "full" instead, in process (docs/reliability.md).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, openSync, closeSync, rmSync, writeSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { inProcessConfig } from '../../server/testing/in-process-config.ts';
import { buildApp } from '../../server/app.ts';
import { clientBody, type Context, type Group, type Outcome } from '../lib/context.ts';
import { HttpClient, jsonHeaders, logIn, type HttpRequest, type HttpResponse } from '../lib/http.ts';
import { onExit, sleep } from '../lib/processes.ts';
import { ADMIN } from '../../server/testing/real-server.ts';
import { startRealServer } from '../lib/server.ts';
import { inspectCopy } from '../lib/sqlite.ts';

export const LOCK_CHECK = 'database: locked by another process';
export const DISK_CHECK = 'database: disk full';

type Send = (request: HttpRequest) => Promise<HttpResponse>;

/** How long the other process holds the write lock; the server's busy time-out is 3 s. */
const LOCK_HOLD_MS = 5000;
/** Reads must not wait for the lock: the 99th percentile of GET /api/clients/:id while it is held. */
const READ_P99_GOAL_MS = 50;

function percentile(values: number[], fraction: number): number {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
}

async function lockedCheck(context: Context): Promise<Outcome> {
  const dir = join(context.workDir, 'locked');
  const databaseFile = join(dir, 'salon.db');
  const server = await startRealServer({ name: 'locked', dir: context.workDir, databaseFile });
  const client = new HttpClient(server.origin, { recorder: context.recorder, source: 'locked' });
  const problems: string[] = [];
  let holder: Database.Database | undefined;
  try {
    const cookie = await logIn(client, ADMIN.username, ADMIN.password);
    const headers = jsonHeaders(server.origin, cookie);
    const first = await client.request({ method: 'POST', path: '/api/clients', headers, body: clientBody('locked-before') });
    const existing = (JSON.parse(first.body) as { _id: string })._id;

    holder = new Database(databaseFile);
    holder.exec('BEGIN EXCLUSIVE');
    const lockedAt = performance.now();
    // Writes of every kind, at once, each waiting for the lock inside the server...
    const writes = Promise.all([
      ...[1, 2, 3].map(async (attempt) => ({
        what: 'POST',
        response: await client.request({ method: 'POST', path: '/api/clients', headers, body: clientBody(`locked-during-${attempt}`) }),
      })),
      client.request({ method: 'PUT', path: `/api/clients/${existing}`, headers, body: clientBody('locked-put') }).then((response) => ({ what: 'PUT', response })),
      client
        .request({ method: 'DELETE', path: `/api/clients/${existing}`, headers: { origin: server.origin, cookie } })
        .then((response) => ({ what: 'DELETE', response })),
    ]);
    // ...while reads go on, one after another, for as long as the lock is held.
    const reads: HttpResponse[] = [];
    while (performance.now() - lockedAt < LOCK_HOLD_MS) {
      reads.push(await client.request({ method: 'GET', path: `/api/clients/${existing}`, headers: { cookie } }));
      if (reads.length % 20 === 0) reads.push(await client.request({ method: 'GET', path: '/api/clients', headers: { cookie } }));
    }
    const written = await writes;
    holder.exec('ROLLBACK');
    holder.close();
    holder = undefined;
    const released = performance.now();
    const after = await client.request({ method: 'POST', path: '/api/clients', headers, body: clientBody('locked-after') });
    const recoveryMs = performance.now() - released;
    const list = await client.request({ method: 'GET', path: '/api/clients', headers: { cookie } });
    const stored = (JSON.parse(list.body) as Array<{ _id: string; lastName: string }>).map((item) => item.lastName);

    for (const { what, response } of written) {
      if (response.status !== 503) problems.push(`${what} while locked: ${response.status}, not 503`);
      else if (!/^\d+$/.test(String(response.headers['retry-after'] ?? ''))) problems.push(`${what} 503 without a Retry-After`);
      if (response.ms > 4000) problems.push(`${what} took ${(response.ms / 1000).toFixed(1)} s to be refused`);
    }
    const failedReads = reads.filter((response) => response.status !== 200);
    if (failedReads.length > 0) problems.push(`${failedReads.length} of ${reads.length} reads while locked failed: ${failedReads[0]?.status}`);
    const readMs = reads.map((response) => response.ms);
    const p99 = percentile(readMs, 0.99);
    if (!(p99 < READ_P99_GOAL_MS)) problems.push(`reads while locked: p99 ${p99.toFixed(1)} ms, goal under ${READ_P99_GOAL_MS} ms`);
    if (after.status !== 201) problems.push(`the first write after the release got ${after.status}, not 201`);
    else if (recoveryMs > 500) problems.push(`the first write after the release took ${Math.round(recoveryMs)} ms`);
    const leaked = stored.filter((marker) => marker.startsWith('locked-during') || marker === 'locked-put');
    if (leaked.length > 0) problems.push(`refused writes stored anyway: ${leaked.join(', ')}`);
    if (!stored.includes('locked-before')) problems.push('the client created before the lock is gone (the refused DELETE ran?)');
    const waits = written.map(({ response }) => response.ms / 1000);
    return {
      figure:
        `lock held ${(LOCK_HOLD_MS / 1000).toFixed(0)} s by another process: ${written.length} writes ${written.map(({ response }) => response.status).join('/')} with Retry-After ${written[0]?.response.headers['retry-after'] ?? '-'} ` +
        `after ${Math.min(...waits).toFixed(1)}–${Math.max(...waits).toFixed(1)} s; ${reads.length} reads meanwhile, all ${failedReads.length === 0 ? '200' : 'but ' + failedReads.length + ' 200'}, ` +
        `p50 ${percentile(readMs, 0.5).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${Math.max(...readMs).toFixed(1)} ms (goal p99 < ${READ_P99_GOAL_MS}); ` +
        `first write after release ${after.status} in ${Math.round(recoveryMs)} ms; nothing refused was stored`,
      problems,
    };
  } finally {
    holder?.close();
    client.close();
    await server.kill();
  }
}

function mountTmpfs(dir: string, size: string): boolean {
  if (process.getuid?.() !== 0) return false;
  const result = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${size},mode=0700`, 'tmpfs', dir], { encoding: 'utf8' });
  return result.status === 0;
}

function unmount(dir: string): void {
  const result = spawnSync('umount', [dir], { encoding: 'utf8' });
  if (result.status !== 0) spawnSync('umount', ['-l', dir]);
}

/** Fills the file system holding `file` until it has no byte left; returns how many bytes it took. */
function fillDisk(file: string): number {
  const fd = openSync(file, 'w');
  let written = 0;
  try {
    let chunk = 1024 * 1024;
    for (let iterations = 0; chunk >= 1 && iterations < 100_000; iterations += 1) {
      try {
        written += writeSync(fd, Buffer.alloc(chunk, 0x78));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
        chunk = Math.floor(chunk / 2);
      }
    }
  } finally {
    closeSync(fd);
  }
  return written;
}

/**
 * The disk-full scenario, whatever makes the disk full: writes until the first refusal (which
 * must be 507), then reads and more writes while full, then `free()` and writes until one succeeds.
 */
type IdleSession = { cookie: string; touchDueAt: number };

async function fullScenario(
  send: Send,
  origin: string,
  cookie: string,
  fill: () => void | Promise<void>,
  free: () => void | Promise<void>,
  idle?: IdleSession,
) {
  const headers = jsonHeaders(origin, cookie);
  const acknowledged = new Map<string, string>();
  const refusedMarkers: string[] = [];
  const problems: string[] = [];
  for (let index = 1; index <= 3; index += 1) {
    const response = await send({ method: 'POST', path: '/api/clients', headers, body: clientBody(`before-full-${index}`, index) });
    if (response.status !== 201) throw new Error(`Creating a client before filling the disk: ${response.status} ${response.body}`);
    acknowledged.set((JSON.parse(response.body) as { _id: string })._id, `before-full-${index}`);
  }
  await fill();
  let firstRefusal: HttpResponse | undefined;
  let writesBeforeFull = 0;
  for (let attempt = 1; attempt <= 3000 && !firstRefusal; attempt += 1) {
    const marker = `full-${attempt}`;
    const response = await send({ method: 'POST', path: '/api/clients', headers, body: clientBody(marker, attempt) });
    if (response.status === 201) {
      acknowledged.set((JSON.parse(response.body) as { _id: string })._id, marker);
      writesBeforeFull += 1;
    } else {
      firstRefusal = response;
      refusedMarkers.push(marker);
    }
  }
  if (!firstRefusal) {
    problems.push('the database never filled up (3,000 writes accepted)');
    return { problems, acknowledged, refusedMarkers, figure: 'the disk never filled' };
  }
  const existing = [...acknowledged.keys()][0];
  const beforeFull = acknowledged.size - writesBeforeFull;
  const whileFull: Array<{ what: string; response: HttpResponse }> = [{ what: 'POST', response: firstRefusal }];
  for (let attempt = 1; attempt <= 2; attempt += 1) {
    const marker = `full-again-${attempt}`;
    refusedMarkers.push(marker);
    whileFull.push({ what: 'POST', response: await send({ method: 'POST', path: '/api/clients', headers, body: clientBody(marker) }) });
  }
  const reads = [await send({ method: 'GET', path: '/api/clients', headers: { cookie } })];
  if (existing) reads.push(await send({ method: 'GET', path: `/api/clients/${existing}`, headers: { cookie } }));
  if (idle) {
    // A staff member who has been idle for a while: the server records the session's use (a write) on this read.
    await sleep(Math.max(0, idle.touchDueAt - performance.now()));
    reads.push(await send({ method: 'GET', path: '/api/clients', headers: { cookie: idle.cookie } }));
  }
  for (const { what, response } of whileFull) {
    if (response.status !== 507) problems.push(`${what} while full: ${response.status} ${response.body.slice(0, 120)}, not 507`);
    else if (!/space/i.test(response.body)) problems.push(`${what} 507 without a clear message: ${response.body}`);
  }
  reads.forEach((response, index) => {
    const what = idle && index === reads.length - 1 ? 'a read by a session idle long enough to be touched' : `read ${index + 1}`;
    if (response.status !== 200) problems.push(`${what} while full: ${response.status} ${response.body.slice(0, 100)}`);
  });
  const listedWhileFull = reads[0]?.status === 200 ? (JSON.parse(reads[0].body) as unknown[]).length : -1;

  await free();
  const freed = performance.now();
  let resumed: HttpResponse | undefined;
  for (let attempt = 1; attempt <= 20 && performance.now() - freed < 10_000; attempt += 1) {
    const marker = `full-resumed-${attempt}`;
    resumed = await send({ method: 'POST', path: '/api/clients', headers, body: clientBody(marker) });
    if (resumed.status === 201) {
      acknowledged.set((JSON.parse(resumed.body) as { _id: string })._id, marker);
      break;
    }
    refusedMarkers.push(marker);
    await sleep(200);
  }
  if (resumed?.status !== 201) problems.push(`writes did not resume after space was freed: ${resumed?.status}`);
  const figure =
    `${beforeFull} clients stored, disk filled, ${writesBeforeFull} more writes fitted, then writes ${whileFull.map(({ response }) => response.status).join('/')} ` +
    `("${(JSON.parse(firstRefusal.body) as { message?: string }).message ?? ''}"); reads while full ${reads.map((response) => response.status).join('/')} ` +
    `(${listedWhileFull} clients listed); after freeing space: ${resumed?.status} in ${Math.round(performance.now() - freed)} ms`;
  return { problems, acknowledged, refusedMarkers, figure };
}

function storedProblems(clients: Array<{ id: string; last_name: string }>, acknowledged: Map<string, string>, refused: string[]): string[] {
  const problems: string[] = [];
  const byId = new Map(clients.map((row) => [row.id, row.last_name]));
  const lost = [...acknowledged].filter(([id, marker]) => byId.get(id) !== marker);
  if (lost.length > 0) problems.push(`${lost.length} acknowledged writes lost`);
  const markers = new Set(clients.map((row) => row.last_name));
  const partial = refused.filter((marker) => markers.has(marker));
  if (partial.length > 0) problems.push(`refused writes stored anyway: ${partial.slice(0, 5).join(', ')}`);
  return problems;
}

async function diskFullOnTmpfs(context: Context, mountPoint: string): Promise<Outcome> {
  const databaseFile = join(mountPoint, 'salon.db');
  // A one-minute idle time-out: the server records a session's use at most every 15 s (instead of every minute).
  const server = await startRealServer({ name: 'disk-full', dir: context.workDir, databaseFile, env: { SESSION_IDLE_MINUTES: '1' } });
  const client = new HttpClient(server.origin, { recorder: context.recorder, source: 'disk-full' });
  try {
    const idleCookie = await logIn(client, ADMIN.username, ADMIN.password);
    const idle = { cookie: idleCookie, touchDueAt: performance.now() + 16_000 };
    const cookie = await logIn(client, ADMIN.username, ADMIN.password);
    const filler = join(mountPoint, 'filler');
    let filled = 0;
    const result = await fullScenario(
      (request) => client.request(request),
      server.origin,
      cookie,
      () => {
        filled = fillDisk(filler);
      },
      () => rmSync(filler),
      idle,
    );
    const stopped = await server.terminate();
    const stored = inspectCopy(databaseFile, join(context.workDir, 'disk-full-inspect'));
    const problems = [...result.problems, ...storedProblems(stored.clients, result.acknowledged, result.refusedMarkers)];
    if (stored.integrity !== 'ok') problems.push(`integrity_check: ${stored.integrity}`);
    if (stopped.forced || stopped.code !== 0) problems.push(`the server did not stop cleanly (${stopped.code ?? stopped.signal})`);
    return {
      figure: `real server, database on a 4 MiB tmpfs filled with ${(filled / 1048576).toFixed(1)} MiB: ${result.figure}; no partial row; integrity_check ${stored.integrity}`,
      problems,
    };
  } finally {
    client.close();
    await server.kill();
  }
}

/** Where tmpfs cannot be mounted: SQLite's max_page_count on the app's own connection, in process. */
async function diskFullSimulated(context: Context, why: string): Promise<Outcome> {
  const dir = join(context.workDir, 'disk-full-simulated');
  mkdirSync(dir, { recursive: true });
  const databaseFile = join(dir, 'salon.db');
  const app = await buildApp(inProcessConfig(databaseFile));
  let closed = false;
  try {
    await app.ready();
    await app.staffAccounts.add(ADMIN.username, ADMIN.password);
    const send: Send = async (request) => {
      const started = performance.now();
      const response = await app.inject({
        method: request.method as 'GET',
        url: request.path,
        headers: request.headers,
        ...(request.body === undefined ? {} : { payload: request.body }),
      });
      context.recorder.record({
        source: 'disk-full (simulated)',
        method: request.method,
        url: request.path,
        requestBody: request.body,
        status: response.statusCode,
        headers: response.headers,
        body: response.body,
      });
      return {
        status: response.statusCode,
        headers: response.headers as IncomingHttpHeaders,
        body: response.body,
        ms: performance.now() - started,
      };
    };
    const origin = 'http://localhost';
    const login = await send({ method: 'POST', path: '/login', headers: jsonHeaders(origin), body: JSON.stringify(ADMIN) });
    const cookie = String(login.headers['set-cookie']).split(';')[0] ?? '';
    let pages = 0;
    const result = await fullScenario(
      send,
      origin,
      cookie,
      async () => {
        pages = (await sql<{ page_count: number }>`PRAGMA page_count`.execute(app.db)).rows[0]?.page_count ?? 0;
        await sql.raw(`PRAGMA max_page_count = ${pages}`).execute(app.db);
      },
      async () => {
        await sql.raw('PRAGMA max_page_count = 1073741823').execute(app.db);
      },
    );
    await app.close();
    closed = true;
    const stored = inspectCopy(databaseFile, join(dir, 'inspect'));
    const problems = [...result.problems, ...storedProblems(stored.clients, result.acknowledged, result.refusedMarkers)];
    if (stored.integrity !== 'ok') problems.push(`integrity_check: ${stored.integrity}`);
    return {
      figure: `SIMULATED (${why}): in-process app, PRAGMA max_page_count = ${pages} pages: ${result.figure}; no partial row; integrity_check ${stored.integrity}`,
      problems,
    };
  } finally {
    if (!closed) await app.close();
  }
}

async function diskFullCheck(context: Context): Promise<Outcome> {
  if (context.simulateDiskFull) return diskFullSimulated(context, '--simulate-disk-full');
  const mountPoint = join(context.workDir, 'tmpfs');
  mkdirSync(mountPoint, { recursive: true });
  if (!mountTmpfs(mountPoint, '4m')) return diskFullSimulated(context, 'mounting a tmpfs is not allowed here');
  const forget = onExit(() => unmount(mountPoint));
  try {
    return await diskFullOnTmpfs(context, mountPoint);
  } finally {
    unmount(mountPoint);
    forget();
  }
}

export const databaseTroubleGroup: Group = {
  name: 'database',
  checks: [LOCK_CHECK, DISK_CHECK],
  async run(context, report) {
    report(LOCK_CHECK, await lockedCheck(context));
    report(DISK_CHECK, await diskFullCheck(context));
  },
};
