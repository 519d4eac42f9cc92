/**
 * The tests' fixtures. Each Playwright worker starts the server of its project once
 * (`appServer`, worker-scoped) and stops it when the worker ends; every test gets a fresh
 * browser context, so localStorage is empty: no login flag, and in the `mock` project a
 * freshly seeded mock store (it lives in the page's localStorage under 'salon-mock-db').
 * In the `real` project each test starts with an empty client list instead.
 */
import { test as base, expect, type Browser } from '@playwright/test';
import { MOCK_ACCOUNT, type Account } from './support/accounts.ts';
import { eraseAllClients } from './support/api.ts';
import { logInThroughApi, waitForApp } from './support/app.ts';
import { addStaffAccount, browserColleague, COLLEAGUE_ACCOUNT, mockColleague, type Colleague } from './support/colleague.ts';
import { startMockServer, startRealServer, type AppServer, type RealAppServer } from './support/servers.ts';

type Backend = 'mock' | 'real';

/** Set per project in playwright.config.ts. */
export type AppOptions = {
  backend: Backend;
  account: Account;
};

type WorkerFixtures = AppOptions & {
  appServer: AppServer | RealAppServer;
  /** The second staff account of the real project, added once per worker with `npm run staff -- add`. */
  colleagueAccount: typeof COLLEAGUE_ACCOUNT | undefined;
};

type TestFixtures = {
  /** The production server of the `real` project (tests that need it run only there). */
  realServer: RealAppServer;
  /** Uncaught errors in the page fail the test that caused them. */
  failOnPageErrors: void;
  /** In the `real` project, each test starts with no clients (the worker's database is shared). */
  emptyClientList: void;
  /** Another member of staff changing the same clients (support/colleague.ts). */
  colleague: Colleague;
};

export const test = base.extend<TestFixtures, WorkerFixtures>({
  backend: ['mock', { scope: 'worker', option: true }],
  account: [MOCK_ACCOUNT, { scope: 'worker', option: true }],

  appServer: [
    async ({ backend, account, browser }, provide) => {
      const server = backend === 'real' ? await startRealServer(account) : await startMockServer();
      try {
        if (backend === 'mock') await warmUpDevServer(browser, server.url, account);
        await provide(server);
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker', timeout: 120_000 },
  ],

  colleagueAccount: [
    async ({ appServer }, provide) => {
      if (!('databaseFile' in appServer)) return provide(undefined);
      addStaffAccount(appServer.databaseFile, COLLEAGUE_ACCOUNT);
      await provide(COLLEAGUE_ACCOUNT);
    },
    { scope: 'worker', timeout: 60_000 },
  ],

  colleague: async ({ page, browser, appServer, colleagueAccount }, provide) => {
    if (!colleagueAccount) return provide(mockColleague(page));
    const colleague = await browserColleague(browser, appServer.url, colleagueAccount);
    try {
      await provide(colleague);
    } finally {
      await colleague.close();
    }
  },

  baseURL: async ({ appServer }, provide) => {
    await provide(appServer.url);
  },

  realServer: async ({ appServer, backend }, provide) => {
    if (backend !== 'real' || !('restart' in appServer)) throw new Error('realServer is only available in the real project');
    await provide(appServer);
  },

  emptyClientList: [
    async ({ backend, appServer, account, playwright }, provide) => {
      if (backend === 'real') await eraseAllClients(playwright.request, appServer.url, account);
      await provide();
    },
    { auto: true },
  ],

  failOnPageErrors: [
    async ({ page }, provide) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.stack ?? error.message));
      await provide();
      expect(errors, 'uncaught errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Vite compiles modules (and may pre-bundle a dependency it had not seen, then reload the
 * page) the first time a page asks for them. One visit to every route, logged in, before
 * the tests keeps that out of them.
 */
async function warmUpDevServer(browser: Browser, url: string, account: Account) {
  const context = await browser.newContext({ baseURL: url });
  try {
    const page = await context.newPage();
    await logInThroughApi(page, account);
    for (const path of ['/login', '/clients/register', '/clients', '/clients/edit/mock-000001']) {
      await page.goto(path);
      await waitForApp(page);
    }
    await expect(page.getByLabel('First name')).not.toHaveValue('', { timeout: 30_000 });
  } finally {
    await context.close();
  }
}
