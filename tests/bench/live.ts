/**
 * Live updates (issue 19): what GET /api/events costs and how fast a change arrives, measured with a Node client of
 * the stream (fetch and the SPA's own reader, contract/event-stream.ts), the way another browser's tab reads it.
 *
 * - Latency: from sending a PUT on one session to its `change` event on another session's stream; the write's own
 *   time is included (an upper bound of commit → event). One SQLite server; then two servers on one PostgreSQL
 *   database, the PUT on A and the stream on B (LISTEN/NOTIFY between them). 200 writes one at a time.
 * - 1,000 streams on one SQLite server (EVENTS_MAX_STREAMS_PER_SESSION=1000: one session holds them all): the
 *   server's RSS growth per stream, its CPU over 30 s with nothing changing (one heartbeat round included) against
 *   the same 30 s before they opened, and the
 *   fan-out of one change: from sending the PUT until the last of the 1,000 streams has it (median of 10 changes).
 * - The list and by-id throughput with the 1,000 streams open against none, same server, alternating rounds.
 */
import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ClientEvent, type Client } from '#contract/api';
import { readEventStream } from '#contract/event-stream';
import type { Build } from '../harness/build.ts';
import { postgresBinDir, startPostgresCluster } from '../harness/postgres.ts';
import { onCleanup } from '../harness/processes.ts';
import { seedClients } from '../harness/seed-clients.ts';
import { mb, median, percentile, report } from './lib/report.ts';
import { logIn, scratchDirectory, seededDatabase, startServer, type RunningServer } from './lib/server.ts';

const CLIENTS = 5000;
const WRITES = 200;
const STREAMS = 1000;
const IDLE_S = 30;
const FAN_OUTS = 10;
const CONNECTIONS = 10;
const DURATION_S = 4;
const ROUNDS = 7;

/** One open GET /api/events, calling `onChange` with each change as it arrives. */
type Stream = { ready: Promise<void>; close(): void };

function openStream(origin: string, cookie: string, onChange: (event: ClientEvent, at: number) => void): Stream {
  const abort = new AbortController();
  const ready = (async () => {
    const response = await fetch(`${origin}/api/events`, { headers: { cookie, accept: 'text/event-stream' }, signal: abort.signal });
    if (response.status !== 200 || !response.body) throw new Error(`GET /api/events responded ${response.status}`);
    return new Promise<void>((resolve, reject) => {
      readEventStream(response.body as ReadableStream<Uint8Array>, ({ event, data }) => {
        if (event === 'ready') resolve();
        else if (event === 'change') onChange(ClientEvent.parse(JSON.parse(data)), performance.now());
      }).then(
        () => reject(new Error('The stream ended before it was ready')),
        (error: unknown) => {
          if (!abort.signal.aborted) reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
  })();
  ready.catch(() => {});
  return { ready, close: () => abort.abort() };
}

async function openStreams(origin: string, cookie: string, count: number, onChange: (event: ClientEvent, at: number) => void) {
  const streams = Array.from({ length: count }, () => openStream(origin, cookie, onChange));
  await Promise.all(streams.map((stream) => stream.ready));
  return { closeAll: () => streams.forEach((stream) => stream.close()) };
}

async function listOf(origin: string, cookie: string): Promise<Client[]> {
  const response = await fetch(`${origin}/api/clients`, { headers: { cookie } });
  if (response.status !== 200) throw new Error(`GET /api/clients responded ${response.status}`);
  return (await response.json()) as Client[];
}

/** Sends an unconditional PUT renaming `client`; resolves when it is answered, with when it was sent. */
async function rename(origin: string, cookie: string, client: Client, lastName: string): Promise<number> {
  const { _id, ...fields } = client;
  const sent = performance.now();
  const response = await fetch(`${origin}/api/clients/${_id}`, {
    method: 'PUT',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ ...fields, lastName }),
  });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`PUT responded ${response.status}`);
  return sent;
}

/** Waits until `done()` holds (polling every 2 ms), at most `timeoutMs`. */
async function until(done: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!done()) {
    if (performance.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

/** WRITES renames on `writer`, one at a time, each timed until `reader`'s stream (another session) has it. */
async function latencies(writer: string, reader: string): Promise<number[]> {
  const writerCookie = await logIn(writer);
  const readerCookie = await logIn(reader);
  const clients = (await listOf(writer, writerCookie)).slice(0, WRITES);
  const arrived = new Map<string, number>();
  const stream = openStream(reader, readerCookie, (event, at) => {
    if (event.client) arrived.set(`${event.clientId} ${event.client.lastName}`, at);
  });
  await stream.ready;
  const times: number[] = [];
  try {
    for (const [index, client] of clients.entries()) {
      const key = `${client._id} Live ${index}`;
      const sent = await rename(writer, writerCookie, client, `Live ${index}`);
      await until(() => arrived.has(key), 5000, `the change of ${client._id}`);
      times.push((arrived.get(key) as number) - sent);
      // Writes apart, as staff make them: each measured alone.
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    stream.close();
  }
  return times;
}

function reportLatency(name: string, goalMs: number, times: readonly number[]): void {
  const p95 = percentile(times, 0.95);
  report({
    name,
    measured: `p50 ${percentile(times, 0.5).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms`,
    goal: `p95 < ${goalMs} ms`,
    pass: p95 < goalMs && times.length === WRITES,
    detail: `${times.length} writes one at a time, from sending the PUT (its commit included) to the event in another session's stream, Node client`,
  });
}

/** The process's resident memory now (VmRSS), in bytes. */
function rssBytes(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match?.[1]) throw new Error(`No VmRSS for process ${pid}`);
  return Number(match[1]) * 1024;
}

/** The CPU time the process has used (user + system), in seconds. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  // utime and stime: fields 14 and 15 of stat, 12 and 13 after the command's ") ".
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The share of one core the process uses over IDLE_S seconds. */
async function idleCpu(pid: number): Promise<number> {
  const before = cpuSeconds(pid);
  await settle(IDLE_S * 1000);
  return (cpuSeconds(pid) - before) / IDLE_S;
}

const percentOfCore = (share: number) => `${(share * 100).toFixed(2)} %`;

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function throughput(origin: string, cookie: string, paths: readonly string[]): Promise<{ rate: number; failed: number }> {
  const result = await autocannon({
    url: origin,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: { cookie },
    requests: paths.map((path) => ({ method: 'GET', path })),
  });
  return { rate: result.requests.average, failed: result.errors + result.timeouts + result.non2xx };
}

/** ROUNDS rounds each with the streams open and without, the order flipping each round; the median of the ratios. */
async function withStreamsAgainstWithout(server: RunningServer, cookie: string, name: string, paths: readonly string[]) {
  await throughput(server.origin, cookie, paths);
  const rounds: Array<{ open: number; none: number }> = [];
  let failed = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    const measured: { open?: number; none?: number } = {};
    for (const open of round % 2 === 0 ? [true, false] : [false, true]) {
      const streams = open ? await openStreams(server.origin, cookie, STREAMS, () => {}) : undefined;
      await settle(500);
      const run = await throughput(server.origin, cookie, paths);
      streams?.closeAll();
      failed += run.failed;
      measured[open ? 'open' : 'none'] = run.rate;
      await settle(500);
    }
    rounds.push(measured as { open: number; none: number });
  }
  const ratio = median(rounds.map((round) => round.open / round.none));
  report({
    name: `${name} with ${STREAMS.toLocaleString('en')} streams open`,
    measured: `${ratio.toFixed(2)} × none open (medians ${Math.round(median(rounds.map((r) => r.open)))} vs ${Math.round(median(rounds.map((r) => r.none)))} req/s)`,
    goal: '≥ 0.9 × none open (unchanged within the machine’s noise), 0 errors/non-2xx',
    pass: ratio >= 0.9 && failed === 0,
    detail: `${ROUNDS} alternating rounds of ${DURATION_S} s, ${CONNECTIONS} connections, ${CLIENTS.toLocaleString('en')} clients, SQLite; errors+timeouts+non-2xx: ${failed}`,
  });
}

async function benchManyStreams(build: Build): Promise<void> {
  console.info(`\n${STREAMS.toLocaleString('en')} open streams on one server (SQLite)…`);
  const server = await startServer(build, await seededDatabase(CLIENTS), { EVENTS_MAX_STREAMS_PER_SESSION: String(STREAMS) });
  try {
    const cookie = await logIn(server.origin);
    const clients = await listOf(server.origin, cookie);
    // Warm: a stream, a write and its event, so that what is measured next is the streams alone.
    const warm = await openStreams(server.origin, cookie, 1, () => {});
    await rename(server.origin, cookie, clients[0] as Client, 'Warm');
    await settle(1000);
    warm.closeAll();
    await settle(1000);

    // The server alone, nothing open and nothing changing: what the streams' idle CPU is compared with.
    const idleAlone = await idleCpu(server.pid);
    const before = rssBytes(server.pid);
    const seen = new Map<string, number[]>();
    const streams = await openStreams(server.origin, cookie, STREAMS, (event, at) => {
      if (!event.client) return;
      const key = `${event.clientId} ${event.client.lastName}`;
      seen.set(key, [...(seen.get(key) ?? []), at]);
    });
    try {
      await settle(3000);
      const growth = (rssBytes(server.pid) - before) / STREAMS;
      report({
        name: `Memory per open stream, ${STREAMS.toLocaleString('en')} streams`,
        measured: `${(growth / 1024).toFixed(1)} KB`,
        goal: '< 50 KB',
        pass: growth < 50 * 1024,
        detail: `the server's RSS growth (VmRSS) from none open to ${STREAMS} open and ready, 3 s after: ${mb(before)} → ${mb(before + growth * STREAMS)}`,
      });

      const busy = await idleCpu(server.pid);
      report({
        name: `CPU with ${STREAMS.toLocaleString('en')} idle streams`,
        measured: `${percentOfCore(busy - idleAlone)} of one core more than none open (${percentOfCore(busy)} against ${percentOfCore(idleAlone)})`,
        goal: '< 1 % of one core more than none open (idle)',
        pass: busy - idleAlone < 0.01,
        detail: `the server's user+system time over ${IDLE_S} s with nothing changing, the same server before the streams opened and with them: one heartbeat to each stream, the session checks; SQLite's data_version poll in both`,
      });

      const fanOuts: number[] = [];
      for (let change = 0; change < FAN_OUTS; change += 1) {
        const client = clients[change + 1] as Client;
        const key = `${client._id} Fan-out ${change}`;
        const sent = await rename(server.origin, cookie, client, `Fan-out ${change}`);
        await until(() => (seen.get(key)?.length ?? 0) === STREAMS, 10_000, `the change on all ${STREAMS} streams`);
        fanOuts.push(Math.max(...(seen.get(key) as number[])) - sent);
        await settle(200);
      }
      const fanOut = median(fanOuts);
      report({
        name: `Fan-out of one change to ${STREAMS.toLocaleString('en')} streams`,
        measured: `${fanOut.toFixed(0)} ms (median of ${FAN_OUTS}; ${fanOuts.map(Math.round).join('/')} ms)`,
        goal: '< 1,000 ms',
        pass: fanOut < 1000,
        detail: 'from sending the PUT (its commit included) until the last stream has the event, read by the same Node process',
      });
    } finally {
      streams.closeAll();
    }

    const list = await listOf(server.origin, cookie);
    await withStreamsAgainstWithout(server, cookie, 'GET /api/clients', ['/api/clients']);
    const detailPaths = Array.from({ length: 20 }, (_, index) => `/api/clients/${list[Math.floor((index * list.length) / 20)]?._id}`);
    await withStreamsAgainstWithout(server, cookie, 'GET /api/clients/:id', detailPaths);
  } finally {
    await server.stop();
  }
}

async function benchPostgresLatency(build: Build): Promise<void> {
  const name = 'Write → event between two instances, PostgreSQL';
  if (postgresBinDir() === undefined) {
    console.info(`SKIPPED  ${name}: PostgreSQL is not installed (apt-get install -y postgresql, or set PG_BIN).`);
    return;
  }
  console.info('\nWrite → event between two instances on PostgreSQL…');
  const cluster = await startPostgresCluster();
  onCleanup(() => cluster.destroy());
  let a: RunningServer | undefined;
  let b: RunningServer | undefined;
  try {
    await seedClients({ kind: 'postgres', url: cluster.url, poolSize: 10, connectTimeoutMs: 3000, statementTimeoutMs: 10_000 }, CLIENTS);
    const logs = scratchDirectory();
    a = await startServer(build, cluster.url, {}, join(logs, 'a.log'));
    b = await startServer(build, cluster.url, {}, join(logs, 'b.log'));
    reportLatency(name, 250, await latencies(a.origin, b.origin));
  } finally {
    await a?.stop();
    await b?.stop();
    await cluster.destroy();
  }
}

export async function runLiveBench(build: Build): Promise<void> {
  console.info('\nLive updates: write → event on one server (SQLite)…');
  const server = await startServer(build, await seededDatabase(CLIENTS));
  try {
    reportLatency('Write → event, one server, SQLite', 100, await latencies(server.origin, server.origin));
  } finally {
    await server.stop();
  }
  await benchPostgresLatency(build);
  await benchManyStreams(build);
}
