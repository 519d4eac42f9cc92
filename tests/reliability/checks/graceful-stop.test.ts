/**
 * Graceful stop: SIGTERM while writers are creating clients. The process must exit by itself
 * within 10 s (exit code 0), and every create it acknowledged, before or after the signal,
 * must be in the file afterwards, once.
 */
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { countBy, formatInt, printFigure, reliabilityContext } from '../lib/context.ts';
import { inspectCopy } from '../lib/sqlite.ts';
import { compareStored, expectStoredAsWritten, newLedger, runWriters, withRealServer } from './shared.ts';

const context = reliabilityContext();
const WRITERS = 8;
const EXIT_LIMIT_MS = 10_000;

describe('graceful stop', () => {
  it('SIGTERM under writes', async () => {
    await withRealServer(context, 'graceful', { maxSockets: WRITERS }, async ({ server, client, cookie, databaseFile }) => {
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
      const refusals = ledger.refused.filter((status) => status !== 503);
      const closing = ledger.refused.length - refusals.length;
      printFigure(
        `SIGTERM after ${formatInt(beforeSignal)} creates by ${WRITERS} writers: exit ${exit.code ?? exit.signal} in ${Math.round(exit.ms)} ms (limit ${EXIT_LIMIT_MS / 1000} s); ` +
          `${acknowledgedAfterSignal} in-flight creates acknowledged after the signal, ${closing} responded to with 503 while closing; ` +
          `${formatInt(ledger.acknowledged.size)} acknowledged, ${found.lost.length} lost; integrity_check ${stored.integrity}`,
      );
      expect.soft(exit.forced, 'the process was killed').toBe(false);
      expect.soft(exit.ms, 'ms the process took to exit').toBeLessThanOrEqual(EXIT_LIMIT_MS);
      expect.soft(exit.code ?? exit.signal, 'exit code').toBe(0);
      expectStoredAsWritten(found);
      expect.soft(stored.integrity, 'integrity_check').toBe('ok');
      expect.soft(ledger.malformed, 'malformed 201 responses').toBe(0);
      expect.soft(countBy(refusals), 'writes refused (other than 503 while closing)').toBe('');
    });
  });
});
