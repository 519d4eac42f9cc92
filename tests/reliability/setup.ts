/**
 * Around every test file, in the worker process that runs it: a failed check marks the run (its
 * work directory is then kept); after the file, everything it started is stopped, and its answer
 * audit is saved for answers.test.ts and checked at once (so that a filtered run checks its
 * answers too).
 */
import { basename } from 'node:path';
import { afterAll, beforeEach, expect, inject } from 'vitest';
import { cleanUp } from '../harness/processes.ts';
import { contextIfMade } from './lib/context.ts';
import { markFailed, saveAudit } from './lib/work-dir.ts';

const { workDir } = inject('reliability');

// Vitest stops a worker with SIGTERM (then SIGKILL), and Ctrl-C reaches it as SIGINT: exiting
// runs harness/processes.ts's exit handler, which kills every server and cluster it started.
process.once('SIGTERM', () => process.exit(143));
process.once('SIGINT', () => process.exit(130));

beforeEach(({ onTestFailed }) => onTestFailed(() => markFailed(workDir)));

afterAll(async () => {
  await cleanUp();
  const audit = contextIfMade()?.audit.summary();
  if (!audit) return;
  saveAudit(workDir, basename(expect.getState().testPath ?? 'unknown', '.test.ts'), audit);
  if (audit.missingHeaderCount + audit.leakCount > 0) markFailed(workDir);
  expect(audit.missingHeaders, 'answers of this file without the security headers').toEqual([]);
  expect(audit.leaks, 'bodies of this file with a leak').toEqual([]);
});
