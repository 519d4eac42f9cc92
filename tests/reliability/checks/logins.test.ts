/**
 * Logins sent at once, on the real server. A burst of wrong passwords for one account counts
 * against its limit while in flight (5 checked, the rest 429). A flood of logins from distinct
 * addresses behind a trusted proxy meets the server-wide bound (503 with Retry-After) while
 * reads go on unhindered and memory stays bounded.
 */
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { peakRssBytes, resetPeakRss } from '../../harness/peak-rss.ts';
import { ADMIN } from '../../harness/real-server.ts';
import { clientBody, countStatuses, formatInt, printFigure, reliabilityContext } from '../lib/context.ts';
import { HttpClient, jsonHeaders, type HttpResponse } from '../lib/http.ts';
import { startRealServer } from '../lib/server.ts';
import { percentile, withRealServer, type RealServerUse } from './shared.ts';

const context = reliabilityContext();
const READ_P99_GOAL_MS = 50;
/** The server's peak resident memory during the flood: a few hashes' worth (128 MiB each) at most. */
const PEAK_RSS_GOAL_MB = 400;
const FLOODERS = 32;

const loginRequest = (client: HttpClient, username: string, password: string, headers: Record<string, string> = {}) =>
  client.request({
    method: 'POST',
    path: '/login',
    headers: { ...jsonHeaders(client.origin), ...headers },
    body: JSON.stringify({ username, password }),
  });

/** On a fresh server, nobody logged in yet: 30 wrong passwords for the admin sent together (each with its own forged X-Forwarded-For), then the right one. */
async function guessAtOnce() {
  const databaseFile = join(context.workDir, 'logins-burst', 'salon.db');
  const server = await startRealServer({ name: 'logins-burst', dir: context.workDir, databaseFile });
  const client = new HttpClient(server.origin, { audit: context.audit, source: 'logins', maxSockets: 64 });
  try {
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        loginRequest(client, ADMIN.username, `wrong ${index}`, { 'x-forwarded-for': `198.51.100.${index + 1}` }),
      ),
    );
    return { responses, right: await loginRequest(client, ADMIN.username, ADMIN.password) };
  } finally {
    client.close();
    await server.kill();
  }
}

/** GET /api/clients/:id one after another, through one socket, for `ms`. */
async function readFor({ client, cookie }: RealServerUse, clientId: string, ms: number): Promise<HttpResponse[]> {
  const reads: HttpResponse[] = [];
  const until = performance.now() + ms;
  while (performance.now() < until)
    reads.push(await client.request({ method: 'GET', path: `/api/clients/${clientId}`, headers: { cookie } }));
  return reads;
}

/**
 * 32 logins kept in flight with new usernames, each from its own address through the trusted
 * proxy (so that only the server-wide bound applies), until `stop()`.
 */
async function flood(logins: HttpClient, stop: () => boolean): Promise<HttpResponse[]> {
  let sent = 0;
  const responses: HttpResponse[] = [];
  const flooder = async (worker: number) => {
    while (!stop()) {
      sent += 1;
      const address = `10.${worker}.${(sent >> 8) & 255}.${sent & 255}`;
      const response = await loginRequest(logins, `flood-${sent}`, 'wrong password', { 'x-forwarded-for': address });
      responses.push(response);
      // As a client told Retry-After does: what is measured is the password checks, not a
      // flood of any kind of request, which would slow any server (that is the proxy's to limit).
      if (response.status === 503) await sleep(1000);
    }
  };
  await Promise.all(Array.from({ length: FLOODERS }, (_, worker) => flooder(worker)));
  return responses;
}

/** Reads alone (the quiet baseline), then reads while the flood goes on, and the server's peak memory meanwhile. */
async function readsBesideAFlood(running: RealServerUse, seconds: number) {
  const { server, client, cookie } = running;
  const created = await client.request({
    method: 'POST',
    path: '/api/clients',
    headers: jsonHeaders(server.origin, cookie),
    body: clientBody('flood'),
  });
  const clientId = (JSON.parse(created.body) as { _id: string })._id;
  const quiet = await readFor(running, clientId, 1000);
  const logins = new HttpClient(server.origin, { audit: context.audit, source: 'logins', maxSockets: 64 });
  try {
    if (server.pid !== undefined) resetPeakRss(server.pid);
    let stop = false;
    const flooding = flood(logins, () => stop);
    const busyReads = await readFor(running, clientId, seconds * 1000);
    stop = true;
    const responses = await flooding;
    const peakMb = server.pid === undefined ? Number.NaN : peakRssBytes(server.pid) / 1048576;
    return { quiet, busyReads, responses, peakMb };
  } finally {
    logins.close();
  }
}

describe('logins', () => {
  it('30 guesses at once', async () => {
    const { responses, right } = await guessAtOnce();
    const checked = responses.filter((response) => response.status === 401).length;
    const refused = responses.filter((response) => response.status === 429);
    printFigure(
      `30 wrong passwords in flight together: ${checked} checked (401), ${refused.length} × 429 with Retry-After; the right password then: ${right.status}`,
    );
    expect.soft(checked, 'passwords checked, the limit is 5').toBeLessThanOrEqual(5);
    expect.soft(checked + refused.length, `401 and 429 responses: ${countStatuses(responses)}`).toBe(responses.length);
    expect.soft(refused.filter((response) => !(Number(response.headers['retry-after']) >= 1)).length, '429s without Retry-After').toBe(0);
    expect.soft(right.status, 'the right password afterwards').toBe(429);
  });

  it('a flood beside the API', async () => {
    const seconds = context.quick ? 3 : 10;
    // Behind a trusted proxy, so that each login can come from its own address; reads through one socket.
    const options = { env: { TRUST_PROXY: '127.0.0.1' }, maxSockets: 1 };
    const { quiet, busyReads, responses, peakMb } = await withRealServer(context, 'logins-flood', options, (running) =>
      readsBesideAFlood(running, seconds),
    );
    const checked = responses.filter((response) => response.status === 401).length;
    const busy = responses.filter((response) => response.status === 503);
    const other = responses.filter((response) => response.status !== 401 && response.status !== 503);
    const readMs = busyReads.map((response) => response.ms);
    const p99 = percentile(readMs, 0.99);
    const quietMs = quiet.map((response) => response.ms);
    printFigure(
      `${seconds} s of ${FLOODERS} logins kept in flight (${formatInt(responses.length)} sent): ${formatInt(checked)} checked (${(checked / seconds).toFixed(1)}/s), ` +
        `${formatInt(busy.length)} × 503 Retry-After 1; GET /api/clients/:id meanwhile ${formatInt(busyReads.length)} reads, p50 ${percentile(readMs, 0.5).toFixed(1)} ms, ` +
        `p99 ${p99.toFixed(1)} ms (quiet: p50 ${percentile(quietMs, 0.5).toFixed(1)}, p99 ${percentile(quietMs, 0.99).toFixed(1)} ms; goal p99 < ${READ_P99_GOAL_MS}); ` +
        `peak RSS ${peakMb.toFixed(0)} MB (goal < ${PEAK_RSS_GOAL_MB})`,
    );
    expect.soft(countStatuses(other), 'login responses other than 401 and 503').toBe('');
    expect.soft(busy.length, 'logins turned away: the flood must reach the server-wide bound').toBeGreaterThan(0);
    expect.soft(busy.filter((response) => response.headers['retry-after'] !== '1').length, '503s without Retry-After: 1').toBe(0);
    expect.soft(busyReads.filter((response) => response.status !== 200).length, 'reads that failed during the flood').toBe(0);
    expect.soft(p99, `reads during the flood: p99 ms, goal under ${READ_P99_GOAL_MS}`).toBeLessThan(READ_P99_GOAL_MS);
    expect.soft(peakMb, `peak memory during the flood, MB, goal under ${PEAK_RSS_GOAL_MB}`).toBeLessThan(PEAK_RSS_GOAL_MB);
  });
});
