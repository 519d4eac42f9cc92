/**
 * The `build` project, which `real` depends on: builds the SPA (dist/) and the server
 * (dist-server/) once per run, with the build step of `npm start` (harness/build.ts). The real
 * servers then run the compiled entry directly, so starting and restarting one is quick.
 * E2E_SKIP_BUILD=1 reuses an existing build (for repeated local runs).
 */
import { test as setup } from '@playwright/test';
import { buildProduction } from '../harness/build.ts';

setup('build the SPA and the server', async () => {
  setup.setTimeout(300_000);
  await buildProduction({
    reuse: process.env.E2E_SKIP_BUILD === '1',
    // The SPA calls its own origin, whatever the shell that runs the tests has set.
    env: { VITE_API_URL: '' },
  });
});
