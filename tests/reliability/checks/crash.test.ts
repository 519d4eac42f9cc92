/**
 * Crash: writers create clients while the server is killed with SIGKILL at a random moment,
 * then it is restarted, again and again. While it is down, a copy of the file (and WAL) is
 * checked: PRAGMA integrity_check is ok, every acknowledged create is there (zero lost),
 * no marker is stored twice (zero duplicates), nothing unknown appeared.
 * Then 8 writers updating 20 clients with If-Match under the same kills: every acknowledged
 * update is in the change log, and no client's version is skipped or repeated.
 */
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { ADMIN, type RealServer } from '../../harness/real-server.ts';
import { countBy, formatInt, printFigure, reliabilityContext } from '../lib/context.ts';
import { HttpClient, logIn } from '../lib/http.ts';
import { startRealServer } from '../lib/server.ts';
import { inspectCopy, versionsInCopy, type StoredClient } from '../lib/sqlite.ts';
import {
  checkVersions,
  compareStored,
  expectStoredAsWritten,
  judgeConditionalWriters,
  newLedger,
  registerClients,
  runConditionalWriters,
  runWriters,
} from './shared.ts';

const context = reliabilityContext();
const WRITERS = 4;
const dir = join(context.workDir, 'crash');
const databaseFile = join(dir, 'salon.db');

type Ledger = ReturnType<typeof newLedger>;
type Round = { acknowledged: number; killDelay: number; integrity: string; stored: StoredClient[] };

const start = (port?: number, file = databaseFile) => startRealServer({ name: 'crash', dir: context.workDir, databaseFile: file, port });
const ifMatchFile = join(context.workDir, 'crash-if-match', 'salon.db');

/** Writers on the server until it is SIGKILLed at a random moment; then a copy of its file, inspected. */
async function killUnderWrites(server: RealServer, cookie: string, ledger: Ledger, round: number): Promise<Round> {
  const client = new HttpClient(server.origin, { audit: context.audit, source: 'crash', maxSockets: WRITERS });
  const before = ledger.acknowledged.size;
  let stop = false;
  const writing = runWriters({ client, cookie, tag: `crash-r${round}`, count: WRITERS, ledger, stop: () => stop });
  const killDelay = Math.round(250 + context.random() * 1250);
  await sleep(killDelay);
  await server.kill();
  stop = true;
  await writing;
  client.close();
  const stored = inspectCopy(databaseFile, join(dir, 'inspect'));
  return { acknowledged: ledger.acknowledged.size - before, killDelay, integrity: stored.integrity, stored: stored.clients };
}

/** The server's own view after its recovery: every acknowledged write is listed. */
async function listed(server: RealServer, cookie: string): Promise<{ status: number; ids: Set<string> }> {
  const client = new HttpClient(server.origin, { audit: context.audit, source: 'crash' });
  const list = await client.request({ method: 'GET', path: '/api/clients', headers: { cookie } });
  client.close();
  const ids = list.status === 200 ? (JSON.parse(list.body) as Array<{ _id: string }>).map((item) => item._id) : [];
  return { status: list.status, ids: new Set(ids) };
}

type Crashes = {
  /** The server after the last kill (down). */
  server: RealServer;
  rounds: Round[];
  restartMs: number[];
  /** The most lost, duplicated and unknown rows any round found. */
  worst: { lost: number; duplicates: number; unknown: number };
  inFlightStored: number;
};

/** Round after round: the server (restarted on its file after the first) killed under writes; what is stored, each time, is what was written. */
async function crashRounds(first: RealServer, cookie: string, ledger: Ledger): Promise<Crashes> {
  const crashes: Crashes = { server: first, rounds: [], restartMs: [], worst: { lost: 0, duplicates: 0, unknown: 0 }, inFlightStored: 0 };
  for (let round = 1; round <= context.settings.crashes; round += 1) {
    if (!crashes.server.running) {
      crashes.server = await start(crashes.server.port);
      crashes.restartMs.push(crashes.server.startMs);
    }
    const result = await killUnderWrites(crashes.server, cookie, ledger, round);
    crashes.rounds.push(result);
    const found = compareStored(result.stored, ledger.acknowledged, ledger.sent);
    for (const key of ['lost', 'duplicates', 'unknown'] as const) crashes.worst[key] = Math.max(crashes.worst[key], found[key].length);
    crashes.inFlightStored = result.stored.length - ledger.acknowledged.size + found.lost.length;
    expectStoredAsWritten(found, `round ${round}: `);
  }
  return crashes;
}

function crashFigure({ rounds, restartMs, worst, inFlightStored }: Crashes, ledger: Ledger, integrity: string[]): string {
  const killDelays = rounds.map((result) => result.killDelay);
  const averageRestart = restartMs.reduce((sum, value) => sum + value, 0) / Math.max(1, restartMs.length);
  return (
    `${rounds.length} kills at ${Math.min(...killDelays)}–${Math.max(...killDelays)} ms into ${WRITERS} writers: ${formatInt(ledger.acknowledged.size)} acknowledged creates, ` +
    `${worst.lost} lost, ${worst.duplicates} duplicates, ${worst.unknown} unknown rows; ${inFlightStored} unacknowledged (in flight) stored; ` +
    `integrity_check ok ${rounds.length - integrity.length}/${rounds.length}; restart ${Math.round(averageRestart)} ms on average`
  );
}

describe('crash', () => {
  it('SIGKILL under writes', async () => {
    const ledger = newLedger();
    let server = await start();
    let crashes: Crashes;
    try {
      const setup = new HttpClient(server.origin, { audit: context.audit, source: 'crash' });
      const cookie = await logIn(setup, ADMIN.username, ADMIN.password);
      setup.close();
      crashes = await crashRounds(server, cookie, ledger);
      // The server's own view after its recovery: one more start, and every acknowledged write is listed.
      server = await start(crashes.server.port);
      crashes.restartMs.push(server.startMs);
      const list = await listed(server, cookie);
      expect.soft(list.status, 'GET /api/clients after the last restart').toBe(200);
      if (list.status === 200) {
        const missing = [...ledger.acknowledged.keys()].filter((id) => !list.ids.has(id));
        expect.soft(missing.length, 'acknowledged clients missing from GET /api/clients after the last restart').toBe(0);
      }
      const stopped = await server.terminate();
      expect.soft(stopped.forced, 'the last start did not stop on SIGTERM').toBe(false);
    } finally {
      await server.kill();
    }

    const integrity = crashes.rounds.flatMap((result, index) =>
      result.integrity === 'ok' ? [] : [`round ${index + 1}: ${result.integrity}`],
    );
    printFigure(crashFigure(crashes, ledger, integrity));
    expect.soft(integrity.slice(0, 3), 'integrity_check failed').toEqual([]);
    expect.soft(countBy(ledger.refused), 'writes refused while the server ran').toBe('');
    expect.soft(ledger.malformed, '201 responses that were not the client sent').toBe(0);
    const quietRounds = crashes.rounds.filter((result) => result.acknowledged === 0).length;
    expect.soft(quietRounds, 'rounds with no acknowledged write before the kill').toBe(0);
  });
});

/** The server SIGKILLed at random moments for `seconds` and restarted on its port each time; how many kills. */
async function killForSeconds(
  first: RealServer,
  seconds: number,
  onRestart: (server: RealServer) => void,
): Promise<{ server: RealServer; kills: number }> {
  let server = first;
  let kills = 0;
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    await sleep(Math.round(300 + context.random() * 1200));
    await server.kill();
    kills += 1;
    server = await start(server.port, ifMatchFile);
    onRestart(server);
  }
  return { server, kills };
}

describe('crash, with If-Match', () => {
  it('8 writers on 20 clients, SIGKILL under their conditional updates', async () => {
    const seconds = context.quick ? 4 : 10;
    let server = await start(undefined, ifMatchFile);
    let client = new HttpClient(server.origin, { audit: context.audit, source: 'crash-if-match', maxSockets: 8 });
    try {
      const cookie = await logIn(client, ADMIN.username, ADMIN.password);
      const clientIds = await registerClients(client, cookie, 20, 'if-match');
      let stop = false;
      const writing = runConditionalWriters({
        target: () => client,
        cookie,
        clientIds,
        count: 8,
        random: context.random,
        stop: () => stop,
      });
      let kills = 0;
      try {
        ({ server, kills } = await killForSeconds(server, seconds, (restarted) => {
          client.close();
          client = new HttpClient(restarted.origin, { audit: context.audit, source: 'crash-if-match', maxSockets: 8 });
        }));
      } finally {
        stop = true;
      }
      const ledger = await writing;
      await server.kill();
      const found = checkVersions(versionsInCopy(ifMatchFile, join(dir, 'inspect-if-match')), ledger);
      judgeConditionalWriters(`${kills} kills in ${seconds} s, 8 writers with If-Match on 20 clients`, found, ledger);
    } finally {
      client.close();
      await server.kill();
    }
  });
});
