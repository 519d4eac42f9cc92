/**
 * `npm run test:reliability [-- options, filters]`. Vitest refuses options it does not know, so
 * the suite's own become the environment variables global-setup.ts reads; everything else goes
 * to `vitest run --config tests/reliability/vitest.config.ts` as it is (file filters, -t, --bail…).
 *
 *   --quick               RELIABILITY_QUICK=1               5 s loads, 3 crashes, 200 fuzz runs (CI)
 *   --seed=N              RELIABILITY_SEED=N                replays kill moments, picks and fuzz inputs
 *   --no-build            RELIABILITY_SKIP_BUILD=1          uses the existing dist/ and dist-server/
 *   --simulate-disk-full  RELIABILITY_SIMULATE_DISK_FULL=1  the disk-full simulation even where tmpfs mounts
 *   --keep                RELIABILITY_KEEP=1                keeps the work directory (always kept on a failure)
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const FLAGS = {
  '--quick': 'RELIABILITY_QUICK',
  '--no-build': 'RELIABILITY_SKIP_BUILD',
  '--simulate-disk-full': 'RELIABILITY_SIMULATE_DISK_FULL',
  '--keep': 'RELIABILITY_KEEP',
};

const env = { ...process.env };
const vitestArgs = [];
for (const arg of process.argv.slice(2)) {
  if (Object.hasOwn(FLAGS, arg)) env[FLAGS[arg]] = '1';
  else if (arg.startsWith('--seed=')) env.RELIABILITY_SEED = arg.slice('--seed='.length);
  else vitestArgs.push(arg);
}

const vitest = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');
const config = fileURLToPath(new URL('vitest.config.ts', import.meta.url));
const child = spawn(process.execPath, [vitest, 'run', '--config', config, ...vitestArgs], { stdio: 'inherit', env });
// Ctrl-C reaches Vitest directly (same process group); a signal sent to this process alone is passed on.
process.on('SIGINT', () => {});
for (const signal of ['SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal === null ? 0 : 1)));
