/**
 * Around every test file, in the worker process that runs it: a failed check marks the run (its
 * work directory is then kept); after the file, everything it started is stopped, and its response
 * audit is saved for responses.test.ts and checked at once (so that a filtered run checks its
 * responses too).
 */
import { basename } from 'node:path';
import { afterAll, expect, inject, type RunnerTask } from 'vitest';
import { cleanUp } from '../harness/processes.ts';
import { contextIfMade } from './lib/context.ts';
import { markFailed, saveAudit } from './lib/work-dir.ts';

const { workDir } = inject('reliability');

// Vitest stops a worker with SIGTERM (then SIGKILL), and Ctrl-C reaches it as SIGINT: exiting
// runs harness/processes.ts's exit handler, which kills every server and cluster it started.
process.once('SIGTERM', () => process.exit(143));
process.once('SIGINT', () => process.exit(130));

/** A check, or a hook of a group (a server that did not start), failed. */
const failed = (task: RunnerTask): boolean => task.result?.state === 'fail' || ('tasks' in task && task.tasks.some(failed));

// eslint-disable-next-line no-empty-pattern -- Vitest hands the file to a hook as its second argument, after the fixtures.
afterAll(async ({}, file) => {
  await cleanUp();
  if (failed(file)) markFailed(workDir);
  const audit = contextIfMade()?.audit.summary();
  if (!audit) return;
  saveAudit(workDir, basename(file.file.filepath, '.test.ts'), audit);
  if (audit.missingHeaderCount + audit.leakCount > 0) markFailed(workDir);
  expect(audit.missingHeaders, 'responses of this file without the security headers').toEqual([]);
  expect(audit.leaks, 'bodies of this file with a leak').toEqual([]);
});
