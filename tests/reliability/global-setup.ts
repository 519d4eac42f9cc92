/**
 * Once per run, in Vitest's own process: the run's options from the environment (cli.mjs sets
 * them from `--quick`, `--seed=N`…), the production build the real servers run, and the work
 * directory. After the run: whatever this process started is stopped, and the work directory
 * deleted unless a check failed or RELIABILITY_KEEP=1.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildProduction } from '../harness/build.ts';
import { cleanUp } from '../harness/processes.ts';
import type { RunOptions } from './lib/context.ts';
import { somethingFailed } from './lib/work-dir.ts';

const flag = (name: string) => process.env[name] === '1';

function runOptions(workDir: string): RunOptions {
  const given = process.env.RELIABILITY_SEED;
  return {
    quick: flag('RELIABILITY_QUICK'),
    seed: given ? Number(given) >>> 0 : Math.floor(Math.random() * 2 ** 31),
    workDir,
    simulateDiskFull: flag('RELIABILITY_SIMULATE_DISK_FULL'),
  };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const workDir = mkdtempSync(join(tmpdir(), 'salon-reliability-'));
  const options = runOptions(workDir);
  const replay = `replay with --seed=${options.seed} (RELIABILITY_SEED=${options.seed})`;
  console.info(`Reliability suite (${options.quick ? 'quick' : 'full'}), seed ${options.seed}: ${replay}`);
  project.provide('reliability', options);

  const finish = async () => {
    await cleanUp();
    if (somethingFailed(workDir) || flag('RELIABILITY_KEEP')) console.info(`Logs and databases kept in ${workDir}`);
    else rmSync(workDir, { recursive: true, force: true });
  };
  if (!flag('RELIABILITY_SKIP_BUILD')) {
    const started = performance.now();
    try {
      await buildProduction();
    } catch (error) {
      await finish();
      throw error;
    }
    console.info(`build: the SPA and the server built in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  return finish;
}
