/**
 * An erasure that erases (docs/decisions/025-an-erasure-that-erases.md): what "Erase permanently" costs with 50,000
 * clients now that it zeroes what it removes and empties SQLite's write-ahead log.
 *
 * - End to end: POST /api/clients/:id/erase on the production server, 20 clients one at a time, each edited just
 *   before (so its history has earlier values), after 200 other edits (so the log holds what a busy desk leaves in it).
 * - Its parts, in process on a copy of the same file: the erasure's transaction, then the log's checkpoint
 *   (`PRAGMA wal_checkpoint(TRUNCATE)`), with the log's size before it.
 * - Migration 0006, once per file: VACUUM of a file of 50,000 clients from an older version.
 */
import { copyFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Client } from '#contract/api';
import { openDatabase } from '#server/db/database.ts';
import { createClientsRepository } from '#server/repositories/clients.ts';
import type { Build } from '../harness/build.ts';
import { median, percentile, report } from './lib/report.ts';
import { logIn, scratchDirectory, seededDatabase, startServer } from './lib/server.ts';

const CLIENTS = 50_000;
const ERASURES = 20;
const EDITS_BEFORE = 200;

const fieldsOf = ({ _id: _ignored, ...fields }: Client) => fields;

async function send(origin: string, cookie: string, method: 'PUT' | 'POST', path: string, body?: object): Promise<number> {
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body && JSON.stringify(body),
  });
  await response.arrayBuffer();
  return response.status;
}

async function benchEndToEnd(build: Build, file: string): Promise<void> {
  const server = await startServer(build, file, { NODE_ENV: 'production' });
  const times: number[] = [];
  try {
    const cookie = await logIn(server.origin);
    const list = (await (await fetch(`${server.origin}/api/clients`, { headers: { cookie } })).json()) as Client[];
    const others = list.slice(0, EDITS_BEFORE);
    const erased = list.slice(-ERASURES);
    for (const client of others) {
      if ((await send(server.origin, cookie, 'PUT', `/api/clients/${client._id}`, { ...fieldsOf(client), lastName: 'Edited' })) !== 200)
        throw new Error('An edit failed');
    }
    for (const client of erased) {
      await send(server.origin, cookie, 'PUT', `/api/clients/${client._id}`, { ...fieldsOf(client), firstName: 'Earlier' });
      const started = performance.now();
      const status = await send(server.origin, cookie, 'POST', `/api/clients/${client._id}/erase`);
      times.push(performance.now() - started);
      if (status !== 204) throw new Error(`POST …/erase responded ${status}`);
    }
  } finally {
    await server.stop();
  }
  const p95 = percentile(times, 0.95);
  report({
    name: `POST /api/clients/:id/erase, ${CLIENTS.toLocaleString('en')} clients, SQLite`,
    measured: `p50 ${median(times).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms`,
    goal: 'p95 < 100 ms',
    pass: p95 < 100,
    detail: `${ERASURES} erasures one at a time over HTTP, each client edited just before, after ${EDITS_BEFORE} other edits; the checkpoint included`,
  });
}

async function benchParts(original: string): Promise<void> {
  const file = join(scratchDirectory(), 'parts.db');
  copyFileSync(original, file);
  const { db, engine } = await openDatabase({ kind: 'sqlite', file });
  const erasures: number[] = [];
  const checkpoints: number[] = [];
  const logSizes: number[] = [];
  try {
    const clients = createClientsRepository(db);
    const ids = (
      await db
        .selectFrom('clients')
        .select('id')
        .orderBy('id')
        .limit(EDITS_BEFORE + ERASURES)
        .execute()
    ).map((row) => row.id);
    const writer = () => ({ by: 'bench', now: new Date() });
    const input = { firstName: 'Edited', lastName: 'Client', email: 'edited@example.com', registrationDateTime: '2024-05-01T10:30' };
    for (const id of ids.slice(0, EDITS_BEFORE)) await clients.update(id, input, writer(), undefined);
    for (const id of ids.slice(EDITS_BEFORE)) {
      await clients.update(id, { ...input, firstName: 'Earlier' }, writer(), undefined);
      let started = performance.now();
      if (!(await clients.erase(id, writer()))) throw new Error('Nothing erased');
      erasures.push(performance.now() - started);
      logSizes.push(statSync(`${file}-wal`).size);
      started = performance.now();
      if (!(await engine.emptyWriteAheadLog?.())) throw new Error('The log could not be emptied');
      checkpoints.push(performance.now() - started);
    }
  } finally {
    await db.destroy();
  }
  const firstLog = logSizes[0] ?? 0;
  report({
    name: `Erasure's checkpoint (wal_checkpoint(TRUNCATE)), ${CLIENTS.toLocaleString('en')} clients`,
    measured: `first ${checkpoints[0]?.toFixed(1)} ms (log of ${(firstLog / 2 ** 20).toFixed(1)} MiB), then p50 ${median(checkpoints.slice(1)).toFixed(1)} ms; the transaction p50 ${median(erasures).toFixed(1)} ms`,
    goal: 'first < 100 ms',
    pass: (checkpoints[0] ?? Infinity) < 100,
    detail: `in process; the first after ${EDITS_BEFORE} edits, then one edit each (logs of ${(median(logSizes.slice(1)) / 1024).toFixed(0)} KiB); synchronous=FULL`,
  });
}

async function benchMigration(original: string): Promise<void> {
  const file = join(scratchDirectory(), 'older.db');
  copyFileSync(original, file);
  // A file from before migration 0006: the same rows, the migration not yet recorded.
  const raw = new DatabaseSync(file);
  raw.prepare("DELETE FROM kysely_migration WHERE name = '0006_rewrite_without_removed_rows'").run();
  raw.close();
  const started = performance.now();
  const { db } = await openDatabase({ kind: 'sqlite', file });
  const took = performance.now() - started;
  await db.destroy();
  report({
    name: `Migration 0006 (VACUUM once), ${CLIENTS.toLocaleString('en')} clients`,
    measured: `${Math.round(took)} ms`,
    goal: '< 5,000 ms (once, at the first start after the upgrade)',
    pass: took < 5000,
    detail: `openDatabase on the file, ${(statSync(file).size / 2 ** 20).toFixed(1)} MiB after`,
  });
}

export async function runErasureBench(build: Build): Promise<void> {
  console.info('\nErasure: 50,000 clients…');
  const original = await seededDatabase(CLIENTS);
  const served = join(scratchDirectory(), 'served.db');
  copyFileSync(original, served);
  await benchEndToEnd(build, served);
  await benchParts(original);
  await benchMigration(original);
}
