/**
 * Crash: writers create clients while the server is killed with SIGKILL at a random moment,
 * then it is restarted, again and again. While it is down, a copy of the file (and WAL) is
 * checked: PRAGMA integrity_check is ok, every acknowledged create is there (zero lost),
 * no marker is stored twice (zero duplicates), nothing unknown appeared.
 */
import { join } from 'node:path';
import { countBy, formatInt, type Group } from '../lib/context.ts';
import { HttpClient, logIn } from '../lib/http.ts';
import { setTimeout as sleep } from 'node:timers/promises';
import { ADMIN } from '../../harness/real-server.ts';
import { startRealServer } from '../lib/server.ts';
import { inspectCopy } from '../lib/sqlite.ts';
import { compareStored, newLedger, runWriters, storedProblems } from './shared.ts';

const WRITERS = 4;
const CRASH_CHECK = 'crash: SIGKILL under writes';

export const crashGroup: Group = {
  name: 'crash',
  checks: [CRASH_CHECK],
  async run(context, report) {
    const rounds = context.settings.crashes;
    const dir = join(context.workDir, 'crash');
    const databaseFile = join(dir, 'salon.db');
    const start = (port?: number) => startRealServer({ name: 'crash', dir: context.workDir, databaseFile, port });
    let server = await start();
    const ledger = newLedger();
    const problems: string[] = [];
    const integrity: string[] = [];
    const worst = { lost: 0, duplicates: 0, unknown: 0 };
    let inFlightStored = 0;
    const acksPerRound: number[] = [];
    const killDelays: number[] = [];
    const restartMs: number[] = [];
    const restart = async () => {
      server = await start(server.port);
      restartMs.push(server.startMs);
    };
    try {
      const setup = new HttpClient(server.origin, { recorder: context.recorder, source: 'crash' });
      const cookie = await logIn(setup, ADMIN.username, ADMIN.password);
      setup.close();

      for (let round = 1; round <= rounds; round += 1) {
        if (!server.running) await restart();
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
        const found = compareStored(stored.clients, ledger.acknowledged, ledger.sent);
        for (const key of ['lost', 'duplicates', 'unknown'] as const) worst[key] = Math.max(worst[key], found[key].length);
        inFlightStored = stored.clients.length - ledger.acknowledged.size + found.lost.length;
        problems.push(...storedProblems(found, `round ${round}: `));
      }

      // The server's own view after its recovery: one more start, and every acknowledged write is listed.
      await restart();
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
    if (ledger.refused.length > 0) problems.push(`writes refused while the server ran: ${countBy(ledger.refused, (status) => status)}`);
    if (ledger.malformed > 0) problems.push(`${ledger.malformed} 201 answers that were not the client sent`);
    const quietRounds = acksPerRound.filter((count) => count === 0).length;
    if (quietRounds > 0) problems.push(`${quietRounds} rounds had no acknowledged write before the kill`);
    const averageRestart = restartMs.reduce((sum, value) => sum + value, 0) / Math.max(1, restartMs.length);
    report(CRASH_CHECK, {
      figure:
        `${rounds} kills at ${Math.min(...killDelays)}–${Math.max(...killDelays)} ms into ${WRITERS} writers: ${formatInt(ledger.acknowledged.size)} acknowledged creates, ` +
        `${worst.lost} lost, ${worst.duplicates} duplicates, ${worst.unknown} unknown rows; ${inFlightStored} unacknowledged (in flight) stored; ` +
        `integrity_check ok ${rounds - integrity.length}/${rounds}; restart ${Math.round(averageRestart)} ms on average`,
      problems,
    });
  },
};
