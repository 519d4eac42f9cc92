/**
 * API throughput and memory.
 *
 * Throughput: the production server with 5,000 clients against a bare node:http server
 * (bench/bare-server.ts) answering the same bytes from buffers, side by side: autocannon
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
import { PROJECT_ROOT as ROOT, type Build } from '../harness/build.ts';
import { peakRssBytes, resetPeakRss } from '../harness/peak-rss.ts';
import { startProcess, stopProcess } from '../harness/processes.ts';
import { median, mb, report } from './lib/report.ts';
import { logIn, scratchDirectory, seededDatabase, startServer } from './lib/server.ts';

const CONNECTIONS = 10;
const DURATION_S = 4;
const WARM_UP_S = 2;
const ROUNDS = 5;
const DETAIL_IDS = 20;

type Target = { origin: string; headers: Record<string, string> };

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

async function startBareServer(listFile: string): Promise<{ origin: string; stop(): Promise<void> }> {
  const child = startProcess(process.execPath, ['--import', 'tsx', join(ROOT, 'bench/bare-server.ts'), listFile], { cwd: ROOT });
  const origin = await new Promise<string>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`The bare server did not start:\n${seen}`)), 30_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /Bare server: (\S+)/.exec(seen);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => (seen += chunk.toString()));
  });
  return { origin, stop: () => stopProcess(child) };
}

type Comparison = { bare: number[]; real: number[]; failed: number };

/** Alternates bare and real, ROUNDS times (the order flips each round), after a warm-up of each. */
async function compare(bare: Target, real: Target, paths: readonly string[]): Promise<Comparison> {
  await load(bare, paths, WARM_UP_S);
  await load(real, paths, WARM_UP_S);
  const result: Comparison = { bare: [], real: [], failed: 0 };
  for (let round = 0; round < ROUNDS; round += 1) {
    const order = round % 2 === 0 ? (['bare', 'real'] as const) : (['real', 'bare'] as const);
    for (const which of order) {
      const run = await load(which === 'bare' ? bare : real, paths, DURATION_S);
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

export async function runApiBench(build: Build): Promise<void> {
  console.info('\nAPI throughput (5,000 clients)…');
  const server = await startServer(build, await seededDatabase(5000), { NODE_ENV: 'production' });
  try {
    const cookie = await logIn(server.origin);
    await check(server.origin, cookie);
    const listResponse = await fetch(`${server.origin}/api/clients`, { headers: { cookie } });
    const list = Buffer.from(await listResponse.arrayBuffer());
    const listFile = join(scratchDirectory(), 'list.json');
    writeFileSync(listFile, list);
    const ids = (JSON.parse(list.toString('utf8')) as { _id: string }[]).map((client) => client._id);
    const detailPaths = Array.from(
      { length: DETAIL_IDS },
      (_, index) => `/api/clients/${ids[Math.floor((index * ids.length) / DETAIL_IDS)]}`,
    );

    const bareServer = await startBareServer(listFile);
    try {
      const bare: Target = { origin: bareServer.origin, headers: {} };
      const real: Target = { origin: server.origin, headers: { cookie } };
      // Same bytes from both, or the comparison means nothing.
      const fromBare = Buffer.from(await (await fetch(`${bare.origin}/api/clients`)).arrayBuffer());
      if (!fromBare.equals(list)) throw new Error('The bare server does not send the same list');
      reportComparison('GET /api/clients, 5,000 clients', 0.8, await compare(bare, real, ['/api/clients']));
      reportComparison('GET /api/clients/:id, 5,000 clients', 0.7, await compare(bare, real, detailPaths));
    } finally {
      await bareServer.stop();
    }
  } finally {
    await server.stop();
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
