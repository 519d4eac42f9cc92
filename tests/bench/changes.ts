/**
 * Several staff (issue 18): what the change log and If-Match cost.
 *
 * - Update throughput: PUT with If-Match (the version from the last response's ETag) against today's unconditional
 *   PUT, same server, same clients, alternating rounds; the figure is the median of the rounds' ratios.
 * - History: GET /api/clients/:id/history of a client with 1,000 entries, one request at a time; p50 and p95, beside
 *   those of a bare node:http server sending the same bytes in turn (the transfer alone).
 * - Purge: 10,000 clients deleted long ago removed with their history (the store's purgeDeleted, in process, on a
 *   SQLite file); the median of 3 runs on fresh copies.
 */
import autocannon from 'autocannon';
import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Client } from '#contract/api';
import { createClientStore } from '#server/clients/client-store.ts';
import { openDatabase } from '#server/db/database.ts';
import type { Build } from '../harness/build.ts';
import { median, percentile, report } from './lib/report.ts';
import { logIn, scratchDirectory, seededDatabase, startBareServer, startServer } from './lib/server.ts';

const CONNECTIONS = 10;
const DURATION_S = 4;
const ROUNDS = 5;
const UPDATED_CLIENTS = 1000;
const HISTORY_ENTRIES = 1000;
const HISTORY_REQUESTS = 300;
const PURGED = 10_000;

const versionOf = (etag: unknown) => Number(/^"v(\d+)"$/.exec(String(etag))?.[1] ?? Number.NaN);

/**
 * PUTs for `durationS`, each to the next of `clients` in turn (never two at once on one client with 10 connections
 * and 1,000 clients), with If-Match from `versions` or without; every response's ETag goes back into `versions`.
 */
async function updates(
  origin: string,
  cookie: string,
  clients: readonly Client[],
  versions: Map<string, number>,
  conditional: boolean,
  durationS: number,
) {
  let next = 0;
  // Sent, not yet answered: a run's last requests are cut off, and their ETags never come back.
  const unanswered = new Set<string>();
  const result = await autocannon({
    url: origin,
    connections: CONNECTIONS,
    duration: durationS,
    requests: [
      {
        method: 'PUT',
        setupRequest: (request, context) => {
          const client = clients[next++ % clients.length] as Client;
          context.id = client._id;
          unanswered.add(client._id);
          const { _id, ...fields } = client;
          const headers: Record<string, string> = { ...request.headers, cookie, 'content-type': 'application/json' };
          if (conditional) headers['if-match'] = `"v${versions.get(_id) ?? 1}"`;
          return { ...request, path: `/api/clients/${_id}`, headers, body: JSON.stringify(fields) };
        },
        onResponse: (_status, _body, context, headers) => {
          // Raw header names, as the server wrote them.
          const version = versionOf(Object.entries(headers).find(([name]) => name.toLowerCase() === 'etag')?.[1]);
          if (Number.isFinite(version)) versions.set(String(context.id), version);
          unanswered.delete(String(context.id));
        },
      },
    ],
  });
  for (const id of unanswered) {
    const read = await fetch(`${origin}/api/clients/${id}`, { headers: { cookie } });
    await read.arrayBuffer();
    versions.set(id, versionOf(read.headers.get('etag')));
  }
  return { rate: result.requests.average, failed: result.errors + result.timeouts + result.non2xx };
}

async function benchUpdates(origin: string, cookie: string): Promise<void> {
  const list = (await (await fetch(`${origin}/api/clients`, { headers: { cookie } })).json()) as Client[];
  const clients = list.slice(0, UPDATED_CLIENTS);
  const versions = new Map<string, number>();
  await updates(origin, cookie, clients, versions, false, 2);
  await updates(origin, cookie, clients, versions, true, 2);
  const rounds: Array<{ conditional: number; unconditional: number }> = [];
  let failed = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    const first = round % 2 === 0;
    const a = await updates(origin, cookie, clients, versions, first, DURATION_S);
    const b = await updates(origin, cookie, clients, versions, !first, DURATION_S);
    failed += a.failed + b.failed;
    rounds.push(first ? { conditional: a.rate, unconditional: b.rate } : { conditional: b.rate, unconditional: a.rate });
  }
  const ratio = median(rounds.map((round) => round.conditional / round.unconditional));
  report({
    name: 'PUT /api/clients/:id with If-Match, against without',
    measured: `${ratio.toFixed(2)} × unconditional (medians ${Math.round(median(rounds.map((r) => r.conditional)))} vs ${Math.round(median(rounds.map((r) => r.unconditional)))} req/s)`,
    goal: '≥ 0.8 × unconditional, 0 errors/non-2xx (no 412: each client has one writer at a time)',
    pass: ratio >= 0.8 && failed === 0,
    detail: `${UPDATED_CLIENTS} clients in turn, ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${DURATION_S} s; errors+timeouts+non-2xx: ${failed}`,
  });
}

async function benchHistory(origin: string, cookie: string): Promise<void> {
  const [client] = (await (await fetch(`${origin}/api/clients`, { headers: { cookie } })).json()) as Client[];
  if (!client) throw new Error('No client to give a history');
  const { _id, ...fields } = client;
  for (let entry = 2; entry <= HISTORY_ENTRIES; entry += 1) {
    const response = await fetch(`${origin}/api/clients/${_id}`, {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ ...fields, lastName: `History ${entry}` }),
    });
    if (response.status !== 200) throw new Error(`PUT responded ${response.status}`);
  }
  const path = `${origin}/api/clients/${_id}/history`;
  const body = Buffer.from(await (await fetch(path, { headers: { cookie } })).arrayBuffer());
  const entries = (JSON.parse(body.toString('utf8')) as unknown[]).length;
  // The same bytes from a bare node:http server, fetched in turn with the real ones: what the transfer alone costs.
  const bodyFile = join(scratchDirectory(), 'history.json');
  writeFileSync(bodyFile, body);
  const bare = await startBareServer(bodyFile);
  const times: number[] = [];
  const bareTimes: number[] = [];
  try {
    const timed = async (url: string, headers: Record<string, string>) => {
      const started = performance.now();
      // Until the last byte: the server's time and the transfer, not the benchmark's own JSON.parse.
      await (await fetch(url, { headers })).arrayBuffer();
      return performance.now() - started;
    };
    for (let request = 0; request < HISTORY_REQUESTS; request += 1) {
      times.push(await timed(path, { cookie }));
      bareTimes.push(await timed(`${bare.origin}/api/clients`, {}));
    }
  } finally {
    await bare.stop();
  }
  const p95 = percentile(times, 0.95);
  const figures = (values: readonly number[]) =>
    `p50 ${percentile(values, 0.5).toFixed(1)} ms, p95 ${percentile(values, 0.95).toFixed(1)} ms`;
  report({
    name: `GET /api/clients/:id/history, ${HISTORY_ENTRIES.toLocaleString('en')} entries`,
    measured: figures(times),
    goal: 'p95 < 20 ms',
    pass: p95 < 20 && entries >= HISTORY_ENTRIES,
    detail: `${HISTORY_REQUESTS} requests one at a time over HTTP (fetch, until the last byte), ${entries} entries, ${(body.length / 1024).toFixed(0)} KiB each; the same bytes from bare node:http, in turn: ${figures(bareTimes)}`,
  });
}

/** A SQLite file with PURGED clients deleted 60 days ago, each with its "registered" and "deleted" entries. */
async function deletedLongAgo(): Promise<string> {
  const file = await seededDatabase(PURGED);
  const { db } = await openDatabase({ kind: 'sqlite', file });
  try {
    const at = new Date(Date.now() - 60 * 24 * 3600_000).toISOString();
    await sql`UPDATE clients SET deleted_at = ${at}, deleted_by = 'bench', version = 2`.execute(db);
    await sql`INSERT INTO client_changes (client_id, version, kind, actor, at, before, after) SELECT id, 2, 'deleted', 'bench', ${at}, NULL, NULL FROM clients`.execute(
      db,
    );
  } finally {
    await db.destroy();
  }
  return file;
}

async function benchPurge(): Promise<void> {
  const original = await deletedLongAgo();
  const times: number[] = [];
  let purged = 0;
  for (let run = 0; run < 3; run += 1) {
    const file = join(scratchDirectory(), 'purge.db');
    copyFileSync(original, file);
    const { db, engine } = await openDatabase({ kind: 'sqlite', file });
    try {
      const started = performance.now();
      purged = await createClientStore(db, engine).purgeDeleted(30);
      times.push(performance.now() - started);
      const left = await sql<{ n: number }>`SELECT (SELECT count(*) FROM clients) + (SELECT count(*) FROM client_changes) AS n`.execute(db);
      if (left.rows[0]?.n !== 0) throw new Error(`${left.rows[0]?.n} rows left after the purge`);
    } finally {
      await db.destroy();
    }
  }
  const took = median(times);
  report({
    name: `Purge of ${PURGED.toLocaleString('en')} deleted clients, SQLite`,
    measured: `${Math.round(took)} ms (median of ${times.map(Math.round).join('/')} ms)`,
    goal: '< 1,000 ms',
    pass: took < 1000 && purged === PURGED,
    detail: `clients deleted 60 days ago, each with 2 log entries, DELETED_CLIENTS_KEEP_DAYS 30; ${purged} purged`,
  });
}

export async function runChangesBench(build: Build): Promise<void> {
  console.info('\nSeveral staff: If-Match, history, purge…');
  const server = await startServer(build, await seededDatabase(5000), { NODE_ENV: 'production' });
  try {
    const cookie = await logIn(server.origin);
    await benchUpdates(server.origin, cookie);
    await benchHistory(server.origin, cookie);
  } finally {
    await server.stop();
  }
  await benchPurge();
}
