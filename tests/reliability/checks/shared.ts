/**
 * What the checks share: the real server with a logged-in client; writers that POST clients with
 * unique markers and record every create the server acknowledged (201 and an id; a write whose
 * connection fails, the server being killed or stopped, is not acknowledged and ends its writer);
 * what is stored against that record (expected to match it); writers that update with If-Match and
 * the check of the change log's versions after them; percentiles for the figures.
 */
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'vitest';
import { ADMIN, type RealServer } from '../../harness/real-server.ts';
import { clientBody, formatInt, printFigure, type Context } from '../lib/context.ts';
import { HttpClient, jsonHeaders, logIn } from '../lib/http.ts';
import { startRealServer } from '../lib/server.ts';
import type { StoredVersions } from '../lib/sqlite.ts';

export type RealServerUse = {
  server: RealServer;
  client: HttpClient;
  cookie: string;
  databaseFile: string;
  /** Closes the client and kills the server (a no-op when it has stopped already). */
  stop: () => Promise<void>;
};

type RealServerOptions = { databaseFile?: string; env?: Record<string, string>; maxSockets?: number };

/** The real server on a fresh database (`<name>/salon.db` unless given), a client logged in as the admin. */
export async function startLoggedIn(context: Context, name: string, options: RealServerOptions = {}): Promise<RealServerUse> {
  const databaseFile = options.databaseFile ?? join(context.workDir, name, 'salon.db');
  const server = await startRealServer({ name, dir: context.workDir, databaseFile, env: options.env });
  const client = new HttpClient(server.origin, { audit: context.audit, source: name, maxSockets: options.maxSockets });
  const stop = async () => {
    client.close();
    await server.kill();
  };
  try {
    return { server, client, databaseFile, cookie: await logIn(client, ADMIN.username, ADMIN.password), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** `startLoggedIn` for the length of `use`. */
export async function withRealServer<T>(
  context: Context,
  name: string,
  options: RealServerOptions,
  use: (running: RealServerUse) => Promise<T>,
): Promise<T> {
  const running = await startLoggedIn(context, name, options);
  try {
    return await use(running);
  } finally {
    await running.stop();
  }
}

type WriteLedger = {
  /** id → marker of every acknowledged create. */
  acknowledged: Map<string, string>;
  /** Every marker ever sent (acknowledged or not). */
  sent: Set<string>;
  /** The status of every response other than 201. */
  refused: number[];
  /** Acknowledged creates whose response was malformed. */
  malformed: number;
};

export function newLedger(): WriteLedger {
  return { acknowledged: new Map(), sent: new Set(), refused: [], malformed: 0 };
}

/** Runs `count` writers until `stop()` or a connection failure; each at most `maxWrites` writes. */
export async function runWriters(options: {
  client: HttpClient;
  cookie: string;
  tag: string;
  count: number;
  ledger: WriteLedger;
  stop: () => boolean;
  maxWrites?: number;
}): Promise<void> {
  const { client, cookie, tag, ledger } = options;
  const writer = async (writerIndex: number) => {
    for (let sequence = 1; sequence <= (options.maxWrites ?? 100_000) && !options.stop(); sequence += 1) {
      const marker = `${tag}-w${writerIndex}-${sequence}`;
      ledger.sent.add(marker);
      let status: number;
      let body: string;
      try {
        ({ status, body } = await client.request({
          method: 'POST',
          path: '/api/clients',
          headers: jsonHeaders(client.origin, cookie),
          body: clientBody(marker, sequence),
          timeoutMs: 15_000,
        }));
      } catch {
        return; // the server is gone: this write is not acknowledged
      }
      if (status !== 201) {
        ledger.refused.push(status);
        continue;
      }
      try {
        const created = JSON.parse(body) as { _id?: unknown; lastName?: unknown };
        if (typeof created._id !== 'string' || created.lastName !== marker) throw new Error('not the client sent');
        ledger.acknowledged.set(created._id, marker);
      } catch {
        ledger.malformed += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: options.count }, (_, index) => writer(index + 1)));
}

/** What is stored against what was written: acknowledged creates lost, markers stored twice, markers nobody sent. */
export function compareStored(clients: Array<{ id: string; last_name: string }>, acknowledged: Map<string, string>, sent: Set<string>) {
  const byId = new Map(clients.map((row) => [row.id, row.last_name]));
  const counts = new Map<string, number>();
  for (const row of clients) counts.set(row.last_name, (counts.get(row.last_name) ?? 0) + 1);
  return {
    lost: [...acknowledged].filter(([id, marker]) => byId.get(id) !== marker).map(([id, marker]) => `${id} ${marker}`),
    duplicates: [...counts].filter(([, count]) => count > 1).map(([marker]) => marker),
    unknown: [...counts.keys()].filter((marker) => !sent.has(marker)),
  };
}

/** Nothing lost, nothing twice, nothing unknown: each kind of difference `compareStored` found fails, with its examples. */
export function expectStoredAsWritten(found: ReturnType<typeof compareStored>, prefix = ''): void {
  expect.soft(found.lost.slice(0, 5), `${prefix}acknowledged writes lost (${found.lost.length})`).toEqual([]);
  expect.soft(found.duplicates.slice(0, 5), `${prefix}markers stored twice (${found.duplicates.length})`).toEqual([]);
  expect.soft(found.unknown.slice(0, 5), `${prefix}rows nobody wrote (${found.unknown.length})`).toEqual([]);
}

/** The value below which `fraction` of `values` lie (1: the largest); NaN when there are none. */
export function percentile(values: number[], fraction: number): number {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
}

/** A PUT with If-Match that was acknowledged (200): the version it made and the last name it wrote. */
type AcknowledgedUpdate = { clientId: string; version: number; lastName: string };

export type ConditionalLedger = {
  acknowledged: AcknowledgedUpdate[];
  /** 412s: another writer got there first (the writer reads again and retries). */
  stale: number;
  /** Requests cut by a kill, or refused to connect while the instance was down. */
  cut: number;
  /** Any other status, with what was sent. */
  refused: string[];
};

const versionOf = (etag: string | string[] | undefined) => Number(/^"v(\d+)"$/.exec(String(etag))?.[1] ?? Number.NaN);

/** Registers `count` clients one after another (markers `<marker>-0`, `<marker>-1`, …) for the writers to update; their ids. */
export async function registerClients(client: HttpClient, cookie: string, count: number, marker: string): Promise<string[]> {
  const clientIds: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const created = await client.request({
      method: 'POST',
      path: '/api/clients',
      headers: jsonHeaders(client.origin, cookie),
      body: clientBody(`${marker}-${index}`, index),
    });
    clientIds.push((JSON.parse(created.body) as { _id: string })._id);
  }
  return clientIds;
}

/**
 * `count` writers, each in a loop until `stop()`: read a random client (its ETag), then PUT it with If-Match and a
 * last name nobody else writes; a 412 is counted and the next round reads again. `target` picks the instance.
 */
export async function runConditionalWriters(options: {
  target: (writer: number, round: number) => HttpClient;
  cookie: string;
  clientIds: string[];
  count: number;
  random: () => number;
  stop: () => boolean;
}): Promise<ConditionalLedger> {
  const ledger: ConditionalLedger = { acknowledged: [], stale: 0, cut: 0, refused: [] };
  const writer = async (writerIndex: number) => {
    for (let round = 1; !options.stop(); round += 1) {
      const client = options.target(writerIndex, round);
      const clientId = options.clientIds[Math.floor(options.random() * options.clientIds.length)] ?? '';
      const path = `/api/clients/${clientId}`;
      const lastName = `cw${writerIndex}-${round}`;
      try {
        const read = await client.request({ method: 'GET', path, headers: { cookie: options.cookie }, timeoutMs: 15_000 });
        if (read.status !== 200) {
          ledger.refused.push(`GET ${read.status}`);
          continue;
        }
        const current = JSON.parse(read.body) as Record<string, unknown>;
        const { _id: _ignored, ...fields } = current;
        const written = await client.request({
          method: 'PUT',
          path,
          headers: { ...jsonHeaders(client.origin, options.cookie), 'if-match': String(read.headers.etag) },
          body: JSON.stringify({ ...fields, lastName }),
          timeoutMs: 15_000,
        });
        if (written.status === 200) ledger.acknowledged.push({ clientId, version: versionOf(written.headers.etag), lastName });
        else if (written.status === 412) ledger.stale += 1;
        else ledger.refused.push(`PUT ${written.status}`);
      } catch {
        // Cut by a kill or refused while down: not acknowledged.
        ledger.cut += 1;
        await sleep(20);
      }
    }
  };
  await Promise.all(Array.from({ length: options.count }, (_, index) => writer(index + 1)));
  return ledger;
}

/**
 * Each client's log holds versions 1..N, no gap and no repeat, N being its version; every acknowledged update is in
 * it with what it wrote; no two acknowledged updates made the same version of a client.
 */
export function checkVersions(stored: StoredVersions, ledger: ConditionalLedger) {
  const byClient = new Map<string, number[]>();
  for (const change of stored.changes) byClient.set(change.client_id, [...(byClient.get(change.client_id) ?? []), Number(change.version)]);
  const badLogs = stored.versions.flatMap(({ id, version }) => {
    const versions = (byClient.get(id) ?? []).sort((a, b) => a - b);
    const expected = Array.from({ length: Number(version) }, (_, index) => index + 1);
    return versions.join(',') === expected.join(',') ? [] : [`${id}: version ${version}, log ${versions.join(',')}`];
  });
  const entry = new Map(stored.changes.map((change) => [`${change.client_id}@${change.version}`, change.last_name]));
  const lost = ledger.acknowledged.filter((update) => entry.get(`${update.clientId}@${update.version}`) !== update.lastName);
  const seen = new Set<string>();
  const repeated = ledger.acknowledged.filter((update) => {
    const key = `${update.clientId}@${update.version}`;
    const again = seen.has(key);
    seen.add(key);
    return again;
  });
  return { badLogs, lost, repeated };
}

/**
 * After the If-Match writers: their figure, `what` first (the kills, the instances), then the verdict. Every
 * acknowledged update is stored once, at its version; each client's log has every version once; the writers met each
 * other (412s); no other response.
 */
export function judgeConditionalWriters(what: string, found: ReturnType<typeof checkVersions>, ledger: ConditionalLedger): void {
  printFigure(
    `${what}: ${formatInt(ledger.acknowledged.length)} acknowledged updates, ${formatInt(ledger.stale)} × 412, ` +
      `${formatInt(ledger.cut)} cut by a kill; ${found.lost.length} lost, ${found.repeated.length} versions repeated, ` +
      `${found.badLogs.length} clients with a gap or repeat in their log`,
  );
  expect.soft(found.badLogs.slice(0, 5), `clients whose log skips or repeats a version (${found.badLogs.length})`).toEqual([]);
  expect.soft(found.lost.slice(0, 5), `acknowledged updates lost (${found.lost.length})`).toEqual([]);
  expect.soft(found.repeated.slice(0, 5), `versions acknowledged twice (${found.repeated.length})`).toEqual([]);
  expect.soft(ledger.acknowledged.length, 'acknowledged updates').toBeGreaterThan(0);
  expect.soft(ledger.stale, '412s (writers meeting each other)').toBeGreaterThan(0);
  expect.soft(ledger.refused.slice(0, 5), 'other responses').toEqual([]);
}
