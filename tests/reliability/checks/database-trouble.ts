/**
 * Database trouble on the real server. Locked: while another process holds BEGIN EXCLUSIVE,
 * writes get 503 with Retry-After and store nothing, and reads are not held up (waiting for the
 * lock must not block the event loop). Disk full (a filled tmpfs; where none can be mounted,
 * SQLite's max_page_count in process): writes get 507, reads go on, nothing refused is stored,
 * and writes resume once space is freed.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, openSync, closeSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { inProcessConfig } from '#server/testing/in-process-config.ts';
import { buildApp } from '#server/app.ts';
import { clientBody, type Context, type Group, type Outcome } from '../lib/context.ts';
import { jsonHeaders, logIn, sessionCookieOf, type HttpRequest, type HttpResponse } from '../lib/http.ts';
import { setTimeout as sleep } from 'node:timers/promises';
import { onCleanup as onExit } from '../../harness/processes.ts';
import { ADMIN } from '../../harness/real-server.ts';
import { inspectCopy, type Inspection } from '../lib/sqlite.ts';
import { compareStored, newLedger, percentile, storedProblems, withRealServer } from './shared.ts';

const LOCK_CHECK = 'database: locked by another process';
const DISK_CHECK = 'database: disk full';

type Send = (request: HttpRequest) => Promise<HttpResponse>;

/** How long the other process holds the write lock; the server's busy time-out is 3 s. */
const LOCK_HOLD_MS = 5000;
/** Reads must not wait for the lock: the 99th percentile of GET /api/clients/:id while it is held. */
const READ_P99_GOAL_MS = 50;

const idOf = (response: HttpResponse) => (JSON.parse(response.body) as { _id: string })._id;

function lockedCheck(context: Context): Promise<Outcome> {
  return withRealServer(context, 'locked', {}, async ({ server, client, cookie, databaseFile }) => {
    const problems: string[] = [];
    let holder: Database.Database | undefined;
    try {
      const headers = jsonHeaders(server.origin, cookie);
      const post = (marker: string) => client.request({ method: 'POST', path: '/api/clients', headers, body: clientBody(marker) });
      const existing = idOf(await post('locked-before'));

      holder = new Database(databaseFile);
      holder.exec('BEGIN EXCLUSIVE');
      const lockedAt = performance.now();
      // Writes of every kind, at once, each waiting for the lock inside the server...
      const attempts: Array<[string, Promise<HttpResponse>]> = [
        ['POST', post('locked-during-1')],
        ['POST', post('locked-during-2')],
        ['POST', post('locked-during-3')],
        ['PUT', client.request({ method: 'PUT', path: `/api/clients/${existing}`, headers, body: clientBody('locked-put') })],
        ['DELETE', client.request({ method: 'DELETE', path: `/api/clients/${existing}`, headers: { origin: server.origin, cookie } })],
      ];
      const writes = Promise.all(attempts.map(async ([what, response]) => ({ what, response: await response })));
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
      const after = await post('locked-after');
      const recoveryMs = performance.now() - released;
      const list = await client.request({ method: 'GET', path: '/api/clients', headers: { cookie } });
      const stored = (JSON.parse(list.body) as Array<{ lastName: string }>).map((item) => item.lastName);

      for (const { what, response } of written) {
        if (response.status !== 503) problems.push(`${what} while locked: ${response.status}, not 503`);
        else if (!/^\d+$/.test(String(response.headers['retry-after'] ?? ''))) problems.push(`${what} 503 without a Retry-After`);
        if (response.ms > 4000) problems.push(`${what} took ${(response.ms / 1000).toFixed(1)} s to be refused`);
      }
      const failedReads = reads.filter((response) => response.status !== 200);
      if (failedReads.length > 0)
        problems.push(`${failedReads.length} of ${reads.length} reads while locked failed: ${failedReads[0]?.status}`);
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
    }
  });
}

function mountTmpfs(dir: string, size: string): boolean {
  if (process.getuid?.() !== 0) return false;
  return spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${size},mode=0700`, 'tmpfs', dir], { encoding: 'utf8' }).status === 0;
}

function unmount(dir: string): void {
  if (spawnSync('umount', [dir], { encoding: 'utf8' }).status !== 0) spawnSync('umount', ['-l', dir]);
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

/** A session due for its "last used" update (a write) on its next read. */
type IdleSession = { cookie: string; touchDueAt: number };

/**
 * The disk-full scenario, whatever makes the disk full: writes until the first refusal (which
 * must be 507), then reads and more writes while full, then `free()` and writes until one
 * succeeds. Afterwards the file must hold every acknowledged write, no refused one, and pass
 * integrity_check.
 */
async function fullScenario(options: {
  send: Send;
  origin: string;
  cookie: string;
  fill: () => void | Promise<void>;
  free: () => void | Promise<void>;
  /** Inspects the file once the server has let go of it. */
  inspect: () => Promise<Inspection>;
  idle?: IdleSession;
}): Promise<Outcome> {
  const { send, idle } = options;
  const headers = jsonHeaders(options.origin, options.cookie);
  const ledger = newLedger();
  const refusedMarkers: string[] = [];
  const problems: string[] = [];
  const post = async (marker: string, index = 0) => {
    ledger.sent.add(marker);
    const response = await send({ method: 'POST', path: '/api/clients', headers, body: clientBody(marker, index) });
    if (response.status === 201) ledger.acknowledged.set(idOf(response), marker);
    else refusedMarkers.push(marker);
    return response;
  };
  for (let index = 1; index <= 3; index += 1) {
    const response = await post(`before-full-${index}`, index);
    if (response.status !== 201) throw new Error(`Creating a client before filling the disk: ${response.status} ${response.body}`);
  }
  await options.fill();
  let firstRefusal: HttpResponse | undefined;
  let writesBeforeFull = 0;
  for (let attempt = 1; attempt <= 3000 && !firstRefusal; attempt += 1) {
    const response = await post(`full-${attempt}`, attempt);
    if (response.status === 201) writesBeforeFull += 1;
    else firstRefusal = response;
  }
  if (!firstRefusal) return { problems: ['the database never filled up (3,000 writes accepted)'], figure: 'the disk never filled' };
  const existing = [...ledger.acknowledged.keys()][0];
  const beforeFull = ledger.acknowledged.size - writesBeforeFull;
  const whileFull = [firstRefusal, await post('full-again-1'), await post('full-again-2')];
  const reads = [await send({ method: 'GET', path: '/api/clients', headers: { cookie: options.cookie } })];
  if (existing) reads.push(await send({ method: 'GET', path: `/api/clients/${existing}`, headers: { cookie: options.cookie } }));
  if (idle) {
    // A staff member who has been idle for a while: the server records the session's use (a write) on this read.
    await sleep(Math.max(0, idle.touchDueAt - performance.now()));
    reads.push(await send({ method: 'GET', path: '/api/clients', headers: { cookie: idle.cookie } }));
  }
  for (const response of whileFull) {
    if (response.status !== 507) problems.push(`POST while full: ${response.status} ${response.body.slice(0, 120)}, not 507`);
    else if (!/space/i.test(response.body)) problems.push(`POST 507 without a clear message: ${response.body}`);
  }
  reads.forEach((response, index) => {
    const what = idle && index === reads.length - 1 ? 'a read by a session idle long enough to be touched' : `read ${index + 1}`;
    if (response.status !== 200) problems.push(`${what} while full: ${response.status} ${response.body.slice(0, 100)}`);
  });
  const listedWhileFull = reads[0]?.status === 200 ? (JSON.parse(reads[0].body) as unknown[]).length : -1;

  await options.free();
  const freed = performance.now();
  let resumed: HttpResponse | undefined;
  for (let attempt = 1; attempt <= 20 && performance.now() - freed < 10_000 && resumed?.status !== 201; attempt += 1) {
    if (attempt > 1) await sleep(200);
    resumed = await post(`full-resumed-${attempt}`);
  }
  const resumedMs = performance.now() - freed;
  if (resumed?.status !== 201) problems.push(`writes did not resume after space was freed: ${resumed?.status}`);

  const stored = await options.inspect();
  problems.push(...storedProblems(compareStored(stored.clients, ledger.acknowledged, ledger.sent)));
  const markers = new Set(stored.clients.map((row) => row.last_name));
  const partial = refusedMarkers.filter((marker) => markers.has(marker));
  if (partial.length > 0) problems.push(`refused writes stored anyway: ${partial.slice(0, 5).join(', ')}`);
  if (stored.integrity !== 'ok') problems.push(`integrity_check: ${stored.integrity}`);
  const figure =
    `${beforeFull} clients stored, disk filled, ${writesBeforeFull} more writes fitted, then writes ${whileFull.map((response) => response.status).join('/')} ` +
    `("${(JSON.parse(firstRefusal.body) as { message?: string }).message ?? ''}"); reads while full ${reads.map((response) => response.status).join('/')} ` +
    `(${listedWhileFull} clients listed); after freeing space: ${resumed?.status} in ${Math.round(resumedMs)} ms; no partial row; integrity_check ${stored.integrity}`;
  return { problems, figure };
}

function diskFullOnTmpfs(context: Context, mountPoint: string): Promise<Outcome> {
  // A one-minute idle time-out: the server records a session's use at most every 15 s (instead of every minute).
  const options = { databaseFile: join(mountPoint, 'salon.db'), env: { SESSION_IDLE_MINUTES: '1' } };
  return withRealServer(context, 'disk-full', options, async ({ server, client, cookie, databaseFile }) => {
    const idle = { cookie: await logIn(client, ADMIN.username, ADMIN.password), touchDueAt: performance.now() + 16_000 };
    const filler = join(mountPoint, 'filler');
    let filled = 0;
    const stopProblems: string[] = [];
    const result = await fullScenario({
      send: (request) => client.request(request),
      origin: server.origin,
      cookie,
      fill: () => {
        filled = fillDisk(filler);
      },
      free: () => rmSync(filler),
      inspect: async () => {
        const stopped = await server.terminate();
        if (stopped.forced || stopped.code !== 0) stopProblems.push(`the server did not stop cleanly (${stopped.code ?? stopped.signal})`);
        return inspectCopy(databaseFile, join(context.workDir, 'disk-full-inspect'));
      },
      idle,
    });
    return {
      figure: `real server, database on a 4 MiB tmpfs filled with ${(filled / 1048576).toFixed(1)} MiB: ${result.figure}`,
      problems: [...result.problems, ...stopProblems],
    };
  });
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
    const send: Send = (request) => context.recorder.inject(app, 'disk-full (simulated)', request);
    const origin = 'http://localhost';
    let pages = 0;
    const result = await fullScenario({
      send,
      origin,
      cookie: sessionCookieOf(await send({ method: 'POST', path: '/login', headers: jsonHeaders(origin), body: JSON.stringify(ADMIN) })),
      fill: async () => {
        pages = (await sql<{ page_count: number }>`PRAGMA page_count`.execute(app.db)).rows[0]?.page_count ?? 0;
        await sql.raw(`PRAGMA max_page_count = ${pages}`).execute(app.db);
      },
      free: async () => {
        await sql.raw('PRAGMA max_page_count = 1073741823').execute(app.db);
      },
      inspect: async () => {
        await app.close();
        closed = true;
        return inspectCopy(databaseFile, join(dir, 'inspect'));
      },
    });
    return { ...result, figure: `SIMULATED (${why}): in-process app, PRAGMA max_page_count = ${pages} pages: ${result.figure}` };
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
