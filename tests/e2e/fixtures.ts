/**
 * The tests' fixtures. Each Playwright worker starts the server of its project once
 * (`appServer`, worker-scoped) and stops it when the worker ends; every test gets a fresh
 * browser context, so localStorage is empty: no login flag, and in the `mock` project a
 * freshly seeded mock store (it lives in the page's localStorage under 'salon-mock-db').
 * In the `real` project each test starts with an empty client list instead.
 */
import { test as base, expect } from '@playwright/test';
import { MOCK_ACCOUNT, type Account } from './support/accounts.ts';
import { StaffApi } from './support/api.ts';
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
  /** The real project's API as the test account, outside the browser (undefined in the mock project). */
  staffApi: StaffApi | undefined;
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
    async ({ backend, account }, provide) => {
      const server = backend === 'real' ? await startRealServer(account) : await startMockServer();
      try {
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

  staffApi: [
    async ({ backend, appServer, account, playwright }, provide) => {
      if (backend !== 'real') return provide(undefined);
      const api = await StaffApi.open(playwright.request, appServer.url, account);
      try {
        await provide(api);
      } finally {
        await api.dispose();
      }
    },
    { scope: 'worker' },
  ],

  emptyClientList: [
    async ({ staffApi }, provide) => {
      await staffApi?.eraseAllClients();
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
