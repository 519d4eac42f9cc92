/**
 * Crash: writers create clients while the server is killed with SIGKILL at a random moment,
 * then it is restarted, again and again. While it is down, a copy of the file (and WAL) is
 * checked: PRAGMA integrity_check is ok, every acknowledged create is there (zero lost),
 * no marker is stored twice (zero duplicates), nothing unknown appeared.
 */
import { join } from 'node:path';
import { formatInt, type Group } from '../lib/context.ts';
import { HttpClient, logIn } from '../lib/http.ts';
import { sleep } from '../lib/processes.ts';
import { ADMIN } from '../../server/testing/real-server.ts';
import { startRealServer } from '../lib/server.ts';
import { inspectCopy } from '../lib/sqlite.ts';
import { newLedger, runWriters } from './writers.ts';

const WRITERS = 4;

export const crashGroup: Group = {
  name: 'crash',
  checks: ['crash: SIGKILL under writes'],
  async run(context, report) {
    const rounds = context.settings.crashes;
    const dir = join(context.workDir, 'crash');
    const databaseFile = join(dir, 'salon.db');
    let server = await startRealServer({ name: 'crash', dir: context.workDir, databaseFile });
    const ledger = newLedger();
    const problems: string[] = [];
    const integrity: string[] = [];
    let lost = 0;
    let duplicates = 0;
    let unknown = 0;
    let inFlightStored = 0;
    const acksPerRound: number[] = [];
    const killDelays: number[] = [];
    const restartMs: number[] = [];
    try {
      const setup = new HttpClient(server.origin, { recorder: context.recorder, source: 'crash' });
      const cookie = await logIn(setup, ADMIN.username, ADMIN.password);
      setup.close();

      for (let round = 1; round <= rounds; round += 1) {
        if (!server.running) {
          server = await startRealServer({ name: 'crash', dir: context.workDir, databaseFile, port: server.port });
          restartMs.push(server.startMs);
        }
        const client = new HttpClient(server.origin, { recorder: context.recorder, source: 'crash', maxSockets: WRITERS });
        const before = ledger.acknowledged.size;
        let stop = false;
        const writing = runWriters({ client, cookie, tag: `crash-r${round}`, count: WRITERS, ledger, stop: () => stop });
        const delay = Math.round(250 + context.random() * 1250);
        killDelays.push(delay);
        await sleep(delay);
        await server.kill();
        stop = true;
        await writing;
        client.close();
        acksPerRound.push(ledger.acknowledged.size - before);

        const stored = inspectCopy(databaseFile, join(dir, 'inspect'));
        if (stored.integrity !== 'ok') integrity.push(`round ${round}: ${stored.integrity}`);
        const byId = new Map(stored.clients.map((row) => [row.id, row.last_name]));
        const markerCounts = new Map<string, number>();
        for (const row of stored.clients) markerCounts.set(row.last_name, (markerCounts.get(row.last_name) ?? 0) + 1);
        const roundLost = [...ledger.acknowledged].filter(([id, marker]) => byId.get(id) !== marker);
        const roundDuplicates = [...markerCounts].filter(([, count]) => count > 1);
        const roundUnknown = [...markerCounts.keys()].filter((marker) => !ledger.sent.has(marker));
        lost = Math.max(lost, roundLost.length);
        duplicates = Math.max(duplicates, roundDuplicates.length);
        unknown = Math.max(unknown, roundUnknown.length);
        inFlightStored = stored.clients.length - ledger.acknowledged.size + roundLost.length;
        if (roundLost.length > 0)
          problems.push(`round ${round}: ${roundLost.length} acknowledged writes lost, e.g. ${roundLost[0]?.join(' ')}`);
        if (roundDuplicates.length > 0)
          problems.push(`round ${round}: ${roundDuplicates.length} markers stored twice, e.g. ${roundDuplicates[0]?.[0]}`);
        if (roundUnknown.length > 0) problems.push(`round ${round}: ${roundUnknown.length} rows nobody wrote, e.g. ${roundUnknown[0]}`);
      }

      // The server's own view after its recovery: one more start, and every acknowledged write is listed.
      server = await startRealServer({ name: 'crash', dir: context.workDir, databaseFile, port: server.port });
      restartMs.push(server.startMs);
      const client = new HttpClient(server.origin, { recorder: context.recorder, source: 'crash' });
      const list = await client.request({ method: 'GET', path: '/api/clients', headers: { cookie } });
      client.close();
      const listed = new Set(list.status === 200 ? (JSON.parse(list.body) as Array<{ _id: string }>).map((item) => item._id) : []);
      const missing = [...ledger.acknowledged.keys()].filter((id) => !listed.has(id));
      if (list.status !== 200) problems.push(`GET /api/clients after the last restart: ${list.status}`);
      else if (missing.length > 0)
        problems.push(`${missing.length} acknowledged clients missing from GET /api/clients after the last restart`);
      const stopped = await server.terminate();
      if (stopped.forced) problems.push('the last start did not stop on SIGTERM');
    } finally {
      await server.kill();
    }

    if (integrity.length > 0) problems.push(`integrity_check failed: ${integrity.slice(0, 3).join('; ')}`);
    const refused = [...ledger.refused].map(([status, count]) => `${status} ×${count}`);
    if (refused.length > 0) problems.push(`writes refused while the server ran: ${refused.join(', ')}`);
    if (ledger.malformed > 0) problems.push(`${ledger.malformed} 201 answers that were not the client sent`);
    const quietRounds = acksPerRound.filter((count) => count === 0).length;
    if (quietRounds > 0) problems.push(`${quietRounds} rounds had no acknowledged write before the kill`);
    const average = (values: number[]) => (values.length ? values.reduce((sum, value) => sum + value, 0) / values.length : 0);
    report('crash: SIGKILL under writes', {
      figure:
        `${rounds} kills at ${Math.min(...killDelays)}–${Math.max(...killDelays)} ms into ${WRITERS} writers: ${formatInt(ledger.acknowledged.size)} acknowledged creates, ` +
        `${lost} lost, ${duplicates} duplicates, ${unknown} unknown rows; ${inFlightStored} unacknowledged (in flight) stored; ` +
        `integrity_check ok ${rounds - integrity.length}/${rounds}; restart ${Math.round(average(restartMs))} ms on average`,
      problems,
    });
  },
};
