/**
 * Graceful stop: SIGTERM while writers are creating clients. The process must exit by itself
 * within 10 s (exit code 0), and every create it acknowledged, before or after the signal,
 * must be in the file afterwards, once.
 */
import { join } from 'node:path';
import { countBy, formatInt, type Group } from '../lib/context.ts';
import { setTimeout as sleep } from 'node:timers/promises';
import { inspectCopy } from '../lib/sqlite.ts';
import { compareStored, newLedger, runWriters, storedProblems, withRealServer } from './shared.ts';

const WRITERS = 8;
const EXIT_LIMIT_MS = 10_000;

export const gracefulStopGroup: Group = {
  name: 'graceful',
  checks: ['graceful stop: SIGTERM under writes'],
  async run(context, report) {
    await withRealServer(context, 'graceful', { maxSockets: WRITERS }, async ({ server, client, cookie, databaseFile }) => {
      const problems: string[] = [];
      const ledger = newLedger();
      let stop = false;
      const writing = runWriters({ client, cookie, tag: 'graceful', count: WRITERS, ledger, stop: () => stop });
      await sleep(context.quick ? 1000 : 3000);
      const beforeSignal = ledger.acknowledged.size;
      const exit = await server.terminate(EXIT_LIMIT_MS + 5000);
      stop = true;
      await writing;
      const acknowledgedAfterSignal = ledger.acknowledged.size - beforeSignal;

      const stored = inspectCopy(databaseFile, join(context.workDir, 'graceful', 'inspect'));
      const found = compareStored(stored.clients, ledger.acknowledged, ledger.sent);
      if (exit.forced || exit.ms > EXIT_LIMIT_MS)
        problems.push(`the process took ${(exit.ms / 1000).toFixed(1)} s to exit${exit.forced ? ' and was killed' : ''}`);
      if (exit.code !== 0) problems.push(`exit code ${exit.code ?? exit.signal}`);
      problems.push(...storedProblems(found));
      if (stored.integrity !== 'ok') problems.push(`integrity_check: ${stored.integrity}`);
      if (ledger.malformed > 0) problems.push(`${ledger.malformed} malformed 201 answers`);
      const refusals = ledger.refused.filter((status) => status !== 503);
      if (refusals.length > 0) problems.push(`writes refused with ${countBy(refusals, (status) => status)}`);
      const closing = ledger.refused.length - refusals.length;
      report('graceful stop: SIGTERM under writes', {
        figure:
          `SIGTERM after ${formatInt(beforeSignal)} creates by ${WRITERS} writers: exit ${exit.code ?? exit.signal} in ${Math.round(exit.ms)} ms (limit ${EXIT_LIMIT_MS / 1000} s); ` +
          `${acknowledgedAfterSignal} in-flight creates acknowledged after the signal, ${closing} answered 503 while closing; ` +
          `${formatInt(ledger.acknowledged.size)} acknowledged, ${found.lost.length} lost; integrity_check ${stored.integrity}`,
        problems,
      });
    });
  },
};
