import { defineConfig } from '@playwright/test';
import type { AppOptions } from '#tests/e2e/fixtures.ts';
import { MOCK_ACCOUNT, REAL_ACCOUNT } from '#tests/e2e/support/accounts.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '#tests/harness/chromium.ts';

/**
 * Browser tests in Debian's Chromium (docs/e2e.md). Never a browser download: the browser is
 * /usr/bin/chromium, or CHROMIUM_PATH on machines that have Chrome or Chromium elsewhere.
 *
 * Two projects, each with its own server on a free 127.0.0.1 port, started and stopped by the
 * worker-scoped `appServer` fixture (tests/e2e/fixtures.ts):
 * - mock: the SPA with msw (`npm run build:mock`) served by `vite preview`, msw's service worker
 *   answering in the page (and one test of `npm run dev` itself);
 * - real: the production server with the built SPA, a fresh temporary SQLite database and a
 *   bootstrap account.
 * The `build` project builds the SPA, the server and the SPA with msw once, before both.
 */
export default defineConfig<AppOptions>({
  testDir: './tests/e2e',
  outputDir: './test-results',
  // Tests, not files, shared between the workers: no file has beforeAll or order between its tests, and the longest
  // files (offline, the mock's scenarios) no longer leave a worker idle at the end.
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // None by default. `.ci/run` allows one (E2E_RETRIES=1) while two races of the mock project, under a busy machine,
  // are open (issue 39's note): a test that fails twice still fails, and one that passes on its retry is listed as
  // flaky in the log.
  retries: process.env.E2E_RETRIES ? Number(process.env.E2E_RETRIES) : 0,
  // Two cores: one worker per core at most, each with its own server.
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    },
    locale: 'en-US',
    // Not UTC on purpose: the edit form must show the stored time in UTC whatever the
    // browser's zone. A zone without daylight saving keeps it simple.
    timezoneId: 'Asia/Kolkata',
    // Animations off (the CSS honours prefers-reduced-motion): screenshots and axe see the final state.
    contextOptions: { reducedMotion: 'reduce' },
    viewport: { width: 1280, height: 800 },
    screenshot: 'only-on-failure',
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
  },
  projects: [
    {
      name: 'build',
      testMatch: /build\.setup\.ts$/,
    },
    {
      name: 'mock',
      testMatch: /\.spec\.ts$/,
      // The session and restart tests need the real server; axe and the layout checks run there alone (docs/e2e.md).
      testIgnore: /\.real\.spec\.ts$/,
      dependencies: ['build'],
      use: { backend: 'mock', account: MOCK_ACCOUNT },
    },
    {
      name: 'real',
      testMatch: /\.spec\.ts$/,
      // The mock backend's own tests (*.mock.spec.ts) have no real-server counterpart.
      testIgnore: /\.mock\.spec\.ts$/,
      dependencies: ['build'],
      // The production build's service worker (the app shell, issue 20) is blocked but in offline.real.spec.ts,
      // which tests it: elsewhere a test sees the network as the page does, with nothing precached behind it.
      use: { backend: 'real', account: REAL_ACCOUNT, serviceWorkers: 'block' },
    },
  ],
});
