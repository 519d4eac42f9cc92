/**
 * API throughput and memory.
 *
 * Throughput: the production server with 5,000 clients against a bare node:http server
 * (bench/bare-server.ts) responding with the same bytes from buffers, side by side: autocannon
 * with the same connections and duration, alternating bare and real, ROUNDS rounds each.
 * The figure is the median of the rounds' ratios (real / bare, each pair measured back to
 * back, so a neighbour's load hits both alike); the medians of each side are printed too.
 * Every run must have zero errors and zero non-2xx.
 *
 * Memory: the server's peak RSS (VmHWM) with 50,000 clients under the same kind of load
 * (the list as identity, brotli and gzip, and single clients), from the list's first build
 * to the end of the load. The peak of the whole process is printed beside it: it includes
 * the login before the load, whose password check (scrypt with OWASP's N=2^17, r=8) takes
 * 128 MiB for a moment by design.
 */
import autocannon, { type Result } from 'autocannon';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Build } from '../harness/build.ts';
import { peakRssBytes, resetPeakRss } from '../harness/peak-rss.ts';
import { postgresBinDir, startPostgresCluster } from '../harness/postgres.ts';
import { onCleanup } from '../harness/processes.ts';
import { seedClients } from '../harness/seed-clients.ts';
import { median, mb, report } from './lib/report.ts';
import { logIn, scratchDirectory, seededDatabase, startBareServer, startServer, type RunningServer } from './lib/server.ts';

const CONNECTIONS = 10;
const DURATION_S = 4;
const WARM_UP_S = 2;
const ROUNDS = 5;
const DETAIL_IDS = 20;

export type Target = { origin: string; headers: Record<string, string> };

async function load(target: Target, paths: readonly string[], durationS: number, headers: Record<string, string> = {}): Promise<Result> {
  return autocannon({
    url: target.origin,
    connections: CONNECTIONS,
    duration: durationS,
    headers: { ...target.headers, ...headers },
    requests: paths.map((path) => ({ method: 'GET', path })),
  });
}

const failures = (result: Result) => result.errors + result.timeouts + result.non2xx;

export type Comparison = { bare: number[]; real: number[]; failed: number };

/**
 * Alternates bare and real, ROUNDS times (the order flips each round), after a warm-up of each.
 * `realPaths` when the real server's ids are not the bare server's (PostgreSQL's own seed).
 */
export async function compare(
  bare: Target,
  real: Target,
  paths: readonly string[],
  realPaths: readonly string[] = paths,
): Promise<Comparison> {
  await load(bare, paths, WARM_UP_S);
  await load(real, realPaths, WARM_UP_S);
  const result: Comparison = { bare: [], real: [], failed: 0 };
  for (let round = 0; round < ROUNDS; round += 1) {
    const order = round % 2 === 0 ? (['bare', 'real'] as const) : (['real', 'bare'] as const);
    for (const which of order) {
      const run = which === 'bare' ? await load(bare, paths, DURATION_S) : await load(real, realPaths, DURATION_S);
      result[which].push(run.requests.average);
      result.failed += failures(run);
    }
  }
  return result;
}

function reportComparison(name: string, goal: number, { bare, real, failed }: Comparison): void {
  const ratio = median(real.map((value, round) => value / (bare[round] as number)));
  report({
    name,
    measured: `${ratio.toFixed(2)} × bare (medians ${Math.round(median(real))} vs ${Math.round(median(bare))} req/s)`,
    goal: `≥ ${goal} × bare, 0 errors/non-2xx`,
    pass: ratio >= goal && failed === 0,
    detail: `bare node:http from a buffer; median of ${ROUNDS} rounds' ratios, alternating ${DURATION_S} s runs, ${CONNECTIONS} connections; real runs ${real
      .map(Math.round)
      .join('/')}, bare ${bare.map(Math.round).join('/')}; errors+timeouts+non-2xx: ${failed}`,
  });
}

async function check(origin: string, cookie: string): Promise<void> {
  const list = await fetch(`${origin}/api/clients`, { headers: { cookie, 'accept-encoding': 'br' } });
  const etag = list.headers.get('etag') ?? '';
  const brotli = list.headers.get('content-encoding') === 'br' && /accept-encoding/i.test(list.headers.get('vary') ?? '');
  await list.arrayBuffer();
  const gzip = await fetch(`${origin}/api/clients`, { headers: { cookie, 'accept-encoding': 'gzip' } });
  await gzip.arrayBuffer();
  const revalidated = await fetch(`${origin}/api/clients`, { headers: { cookie, 'if-none-match': etag } });
  await revalidated.arrayBuffer();
  const ok = brotli && gzip.headers.get('content-encoding') === 'gzip' && revalidated.status === 304;
  report({
    name: 'GET /api/clients conditional requests and compression',
    measured: `br: ${list.headers.get('content-encoding') ?? 'none'}, gzip: ${gzip.headers.get('content-encoding') ?? 'none'}, Vary: ${
      list.headers.get('vary') ?? 'none'
    }, If-None-Match: ${revalidated.status}`,
    goal: 'br and gzip by Accept-Encoding with Vary, 304 on a matching ETag',
    pass: ok,
  });
}

const CLIENTS = 5000;

/** The 20 ids GET /api/clients/:id rotates over, spread across the list. */
export function detailPathsOf(list: Buffer): string[] {
  const ids = (JSON.parse(list.toString('utf8')) as { _id: string }[]).map((client) => client._id);
  return Array.from({ length: DETAIL_IDS }, (_, index) => `/api/clients/${ids[Math.floor((index * ids.length) / DETAIL_IDS)]}`);
}

export async function fetchList(origin: string, cookie: string): Promise<Buffer> {
  const response = await fetch(`${origin}/api/clients`, { headers: { cookie } });
  if (response.status !== 200) throw new Error(`GET /api/clients responded ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

export async function runApiBench(build: Build): Promise<void> {
  console.info('\nAPI throughput (5,000 clients)…');
  const server = await startServer(build, await seededDatabase(CLIENTS), { NODE_ENV: 'production' });
  let bareServer: Awaited<ReturnType<typeof startBareServer>> | undefined;
  try {
    const cookie = await logIn(server.origin);
    await check(server.origin, cookie);
    const list = await fetchList(server.origin, cookie);
    const listFile = join(scratchDirectory(), 'list.json');
    writeFileSync(listFile, list);
    const detailPaths = detailPathsOf(list);

    bareServer = await startBareServer(listFile);
    const bare: Target = { origin: bareServer.origin, headers: {} };
    const real: Target = { origin: server.origin, headers: { cookie } };
    // Same bytes from both, or the comparison means nothing.
    const fromBare = Buffer.from(await (await fetch(`${bare.origin}/api/clients`)).arrayBuffer());
    if (!fromBare.equals(list)) throw new Error('The bare server does not send the same list');
    reportComparison('GET /api/clients, 5,000 clients', 0.8, await compare(bare, real, ['/api/clients']));
    reportComparison('GET /api/clients/:id, 5,000 clients', 0.7, await compare(bare, real, detailPaths));
    await server.stop();

    await runPostgresApiBench(build, bare, list, detailPaths);
  } finally {
    await bareServer?.stop();
    await server.stop();
  }
}

/**
 * The same two figures with the server on PostgreSQL (a throwaway cluster on 127.0.0.1, the
 * same 5,000 generated clients), against the same bare server. PostgreSQL's ids are its own,
 * so the bare side keeps SQLite's paths and list: the same people, the same byte count.
 */
async function runPostgresApiBench(build: Build, bare: Target, bareList: Buffer, barePaths: readonly string[]): Promise<void> {
  const listName = 'GET /api/clients, 5,000 clients, PostgreSQL';
  const detailName = 'GET /api/clients/:id, 5,000 clients, PostgreSQL';
  if (postgresBinDir() === undefined) {
    console.info(
      `SKIPPED  ${listName} and ${detailName}: PostgreSQL is not installed. Install it (apt-get install -y postgresql, or set PG_BIN to its bin directory) and run npm run bench -- api again.`,
    );
    return;
  }
  console.info('\nAPI throughput on PostgreSQL (5,000 clients)…');
  const cluster = await startPostgresCluster();
  onCleanup(() => cluster.destroy());
  let server: RunningServer | undefined;
  try {
    await seedClients({ kind: 'postgres', url: cluster.url, poolSize: 10, connectTimeoutMs: 3000, statementTimeoutMs: 10_000 }, CLIENTS);
    server = await startServer(build, cluster.url, { NODE_ENV: 'production' }, join(scratchDirectory(), 'server.log'));
    const cookie = await logIn(server.origin);
    const list = await fetchList(server.origin, cookie);
    if (list.length !== bareList.length) {
      throw new Error(`PostgreSQL's list is ${list.length} bytes, the bare server's ${bareList.length}: not the same clients`);
    }
    const real: Target = { origin: server.origin, headers: { cookie } };
    reportComparison(listName, 0.7, await compare(bare, real, ['/api/clients']));
    reportComparison(detailName, 0.4, await compare(bare, real, barePaths, detailPathsOf(list)));
  } finally {
    await server?.stop();
    await cluster.destroy();
  }
}

export async function runMemoryBench(build: Build): Promise<void> {
  console.info('\nServer memory (50,000 clients)…');
  const server = await startServer(build, await seededDatabase(50_000));
  try {
    const cookie = await logIn(server.origin);
    const startupPeak = peakRssBytes(server.pid);
    resetPeakRss(server.pid);
    const target: Target = { origin: server.origin, headers: { cookie } };
    const list = (await (await fetch(`${server.origin}/api/clients`, { headers: { cookie } })).json()) as { _id: string }[];
    const detailPaths = list.slice(0, 1000).map((client) => `/api/clients/${client._id}`);
    let failed = 0;
    let requests = 0;
    for (const [paths, headers] of [
      [['/api/clients'], {}],
      [['/api/clients'], { 'accept-encoding': 'br' }],
      [['/api/clients'], { 'accept-encoding': 'gzip' }],
      [detailPaths, {}],
    ] as const) {
      const result = await load(target, paths, DURATION_S, headers);
      failed += failures(result);
      requests += result.requests.total;
      if (process.env.BENCH_DEBUG)
        console.info(`  after ${paths.length} path(s) ${JSON.stringify(headers)}: peak ${mb(peakRssBytes(server.pid))}`);
    }
    const peak = peakRssBytes(server.pid);
    report({
      name: 'server peak RSS, 50,000 clients under load',
      measured: mb(peak),
      goal: '≤ 150 MB',
      pass: peak <= 150e6 && failed === 0,
      detail: `VmHWM from the list's first build through ${requests} requests (list identity/br/gzip, 1,000 single clients; ${CONNECTIONS} connections); errors+non-2xx: ${failed}; peak before the load, start and login (scrypt): ${mb(startupPeak)}`,
    });
  } finally {
    await server.stop();
  }
}
