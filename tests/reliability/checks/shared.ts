/**
 * What the checks share: the real server with a logged-in client; writers that POST clients with
 * unique markers and record every create the server acknowledged (201 and an id; a write whose
 * connection fails, the server being killed or stopped, is not acknowledged and ends its writer);
 * what is stored against that record (expected to match it); percentiles for the figures.
 */
import { join } from 'node:path';
import { expect } from 'vitest';
import { ADMIN, type RealServer } from '../../harness/real-server.ts';
import { clientBody, type Context } from '../lib/context.ts';
import { HttpClient, jsonHeaders, logIn } from '../lib/http.ts';
import { startRealServer } from '../lib/server.ts';

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
