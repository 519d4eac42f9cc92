/**
 * The `build` project, which both others depend on: builds the SPA (dist/) and the server
 * (dist-server/) once per run, with the build step of `npm start` (harness/build.ts), and the SPA
 * with msw (dist-mock/, `npm run build:mock`). The real servers then run the compiled entry
 * directly, so starting and restarting one is quick; the mock project's pages load bundled
 * modules, not `npm run dev`'s hundreds (docs/decisions/016-mock-browser-tests-on-a-build.md).
 * E2E_SKIP_BUILD=1 reuses an existing build (for repeated local runs).
 */
import { test as setup } from '@playwright/test';
import { buildMock, buildProduction } from '../harness/build.ts';

setup('build the SPA, the server and the SPA with msw', async () => {
  setup.setTimeout(300_000);
  const reuse = process.env.E2E_SKIP_BUILD === '1';
  // The SPA calls its own origin, whatever the shell that runs the tests has set.
  await buildProduction({ reuse, env: { VITE_API_URL: '' } });
  await buildMock({ reuse });
});
