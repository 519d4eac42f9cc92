/**
 * Logins sent at once, on the real server. A burst of wrong passwords for one account counts
 * against its limit while in flight (5 checked, the rest 429). A flood of logins from distinct
 * addresses behind a trusted proxy meets the server-wide bound (503 with Retry-After) while
 * reads go on unhindered and memory stays bounded.
 */
import { join } from 'node:path';
import { peakRssBytes, resetPeakRss } from '../../harness/peak-rss.ts';
import { ADMIN } from '../../harness/real-server.ts';
import { clientBody, countBy, formatInt, type Context, type Group, type Report } from '../lib/context.ts';
import { HttpClient, jsonHeaders, type HttpResponse } from '../lib/http.ts';
import { setTimeout as sleep } from 'node:timers/promises';
import { startRealServer } from '../lib/server.ts';
import { percentile, withRealServer } from './shared.ts';

const BURST_CHECK = 'logins: 30 guesses at once';
const FLOOD_CHECK = 'logins: a flood beside the API';

const READ_P99_GOAL_MS = 50;
/** The server's peak resident memory during the flood: a few hashes' worth (128 MiB each) at most. */
const PEAK_RSS_GOAL_MB = 400;

const loginRequest = (client: HttpClient, username: string, password: string, headers: Record<string, string> = {}) =>
  client.request({
    method: 'POST',
    path: '/login',
    headers: { ...jsonHeaders(client.origin), ...headers },
    body: JSON.stringify({ username, password }),
  });

async function burst(context: Context, report: Report): Promise<void> {
  const server = await startRealServer({
    name: 'logins-burst',
    dir: context.workDir,
    databaseFile: join(context.workDir, 'logins-burst', 'salon.db'),
  });
  const client = new HttpClient(server.origin, { recorder: context.recorder, source: 'logins', maxSockets: 64 });
  try {
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        loginRequest(client, ADMIN.username, `wrong ${index}`, { 'x-forwarded-for': `198.51.100.${index + 1}` }),
      ),
    );
    const right = await loginRequest(client, ADMIN.username, ADMIN.password);
    const checked = answers.filter((answer) => answer.status === 401).length;
    const refused = answers.filter((answer) => answer.status === 429);
    const problems: string[] = [];
    if (checked > 5) problems.push(`${checked} passwords checked, the limit is 5`);
    if (checked + refused.length !== answers.length) problems.push(`unexpected answers: ${countBy(answers, (answer) => answer.status)}`);
    if (refused.some((answer) => !(Number(answer.headers['retry-after']) >= 1))) problems.push('a 429 without Retry-After');
    if (right.status !== 429) problems.push(`the right password afterwards: ${right.status}, expected 429`);
    report(BURST_CHECK, {
      figure: `30 wrong passwords in flight together: ${checked} checked (401), ${refused.length} × 429 with Retry-After; the right password then: ${right.status}`,
      problems,
    });
  } finally {
    client.close();
    await server.kill();
  }
}

function flood(context: Context, report: Report): Promise<void> {
  // Behind a trusted proxy, so that each login can come from its own address; reads through one socket.
  const options = { env: { TRUST_PROXY: '127.0.0.1' }, maxSockets: 1 };
  return withRealServer(context, 'logins-flood', options, async ({ server, client: reader, cookie }) => {
    const logins = new HttpClient(server.origin, { recorder: context.recorder, source: 'logins', maxSockets: 64 });
    try {
      const created = await reader.request({
        method: 'POST',
        path: '/api/clients',
        headers: jsonHeaders(server.origin, cookie),
        body: clientBody('flood'),
      });
      const clientId = (JSON.parse(created.body) as { _id: string })._id;
      const readFor = async (ms: number): Promise<HttpResponse[]> => {
        const reads: HttpResponse[] = [];
        const until = performance.now() + ms;
        while (performance.now() < until)
          reads.push(await reader.request({ method: 'GET', path: `/api/clients/${clientId}`, headers: { cookie } }));
        return reads;
      };
      const seconds = context.quick ? 3 : 10;
      const quiet = await readFor(1000);

      if (server.pid !== undefined) resetPeakRss(server.pid);
      let stop = false;
      let sent = 0;
      const answers: HttpResponse[] = [];
      const flooder = async (worker: number) => {
        while (!stop) {
          sent += 1;
          // Each from its own address, through the trusted proxy: only the server-wide bound applies.
          const address = `10.${worker}.${(sent >> 8) & 255}.${sent & 255}`;
          const answer = await loginRequest(logins, `flood-${sent}`, 'wrong password', { 'x-forwarded-for': address });
          answers.push(answer);
          // As a client told Retry-After does: what is measured is the password checks, not a
          // flood of any kind of request, which would slow any server (that is the proxy's to limit).
          if (answer.status === 503) await sleep(1000);
        }
      };
      const flooding = Promise.all(Array.from({ length: 32 }, (_, worker) => flooder(worker)));
      const busyReads = await readFor(seconds * 1000);
      stop = true;
      await flooding;
      const peakMb = server.pid === undefined ? Number.NaN : peakRssBytes(server.pid) / 1048576;

      const problems: string[] = [];
      const checked = answers.filter((answer) => answer.status === 401).length;
      const busy = answers.filter((answer) => answer.status === 503);
      const other = answers.filter((answer) => answer.status !== 401 && answer.status !== 503);
      if (other.length > 0) problems.push(`unexpected login answers: ${countBy(other, (answer) => answer.status)}`);
      if (busy.length === 0) problems.push('no login was turned away: the flood never reached the server-wide bound');
      if (busy.some((answer) => answer.headers['retry-after'] !== '1')) problems.push('a 503 without Retry-After: 1');
      const failedReads = busyReads.filter((response) => response.status !== 200);
      if (failedReads.length > 0) problems.push(`${failedReads.length} reads failed during the flood`);
      const readMs = busyReads.map((response) => response.ms);
      const p99 = percentile(readMs, 0.99);
      if (!(p99 < READ_P99_GOAL_MS)) problems.push(`reads during the flood: p99 ${p99.toFixed(1)} ms, goal under ${READ_P99_GOAL_MS} ms`);
      if (!(peakMb < PEAK_RSS_GOAL_MB))
        problems.push(`peak memory during the flood ${peakMb.toFixed(0)} MB, goal under ${PEAK_RSS_GOAL_MB} MB`);
      const quietMs = quiet.map((response) => response.ms);
      report(FLOOD_CHECK, {
        figure:
          `${seconds} s of 32 logins kept in flight (${formatInt(answers.length)} sent): ${formatInt(checked)} checked (${(checked / seconds).toFixed(1)}/s), ` +
          `${formatInt(busy.length)} × 503 Retry-After 1; GET /api/clients/:id meanwhile ${formatInt(busyReads.length)} reads, p50 ${percentile(readMs, 0.5).toFixed(1)} ms, ` +
          `p99 ${p99.toFixed(1)} ms (quiet: p50 ${percentile(quietMs, 0.5).toFixed(1)}, p99 ${percentile(quietMs, 0.99).toFixed(1)} ms; goal p99 < ${READ_P99_GOAL_MS}); ` +
          `peak RSS ${peakMb.toFixed(0)} MB (goal < ${PEAK_RSS_GOAL_MB})`,
        problems,
      });
    } finally {
      logins.close();
    }
  });
}

export const loginsGroup: Group = {
  name: 'logins',
  checks: [BURST_CHECK, FLOOD_CHECK],
  async run(context, report) {
    await burst(context, report);
    await flood(context, report);
  },
};
