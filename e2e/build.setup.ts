/**
 * The `build` project, which `real` depends on: builds the SPA (dist/) and the server
 * (dist-server/) once per run with `npm run build`, the build step of `npm start`. The real
 * servers then run the compiled entry directly, so starting and restarting one is quick.
 * E2E_SKIP_BUILD=1 reuses an existing build (for repeated local runs).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { test as setup } from '@playwright/test';
import { PROJECT_ROOT } from './support/server-process.ts';
import { REAL_SERVER_ENTRY, SPA_INDEX } from './support/servers.ts';

setup('build the SPA and the server', () => {
  setup.setTimeout(300_000);
  const built = existsSync(join(PROJECT_ROOT, SPA_INDEX)) && existsSync(join(PROJECT_ROOT, REAL_SERVER_ENTRY));
  if (process.env.E2E_SKIP_BUILD === '1' && built) return;

  const result = spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build'], {
    cwd: PROJECT_ROOT,
    // The SPA calls its own origin, whatever the shell that runs the tests has set.
    env: { ...process.env, VITE_API_URL: '' },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (result.status !== 0) {
    throw new Error(`npm run build failed (${result.error?.message ?? `exit code ${String(result.status)}`}):\n${result.stdout}\n${result.stderr}`);
  }
});
