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
import { logInThroughApi, signInWithSession, waitForApp } from './support/app.ts';
import { addStaffAccount, apiColleague, COLLEAGUE_ACCOUNT, mockColleague, type Colleague } from './support/colleague.ts';
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
  /** The real project's API as the colleague's account, logged in once per worker (undefined in the mock project). */
  colleagueApi: StaffApi | undefined;
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
  /**
   * Signs the page in as the project's account, for tests whose subject is not the login nor a session of their own:
   * the real project shares the worker's session (staffApi's, no password hash per test), the mock logs in through its
   * API. On a page of the app's origin (the real project: an empty one, support/app.ts; the mock: /, whose msw answers
   * the login), from which a test calls the API or opens its first page; or on `then` once the app there has rendered
   * (/clients: as the login form leaves it, the list's heading).
   */
  signIn: (then?: string) => Promise<void>;
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

  colleagueApi: [
    async ({ appServer, colleagueAccount, playwright }, provide) => {
      if (!colleagueAccount) return provide(undefined);
      const api = await StaffApi.open(playwright.request, appServer.url, colleagueAccount);
      try {
        await provide(api);
      } finally {
        await api.dispose();
      }
    },
    { scope: 'worker' },
  ],

  colleague: async ({ page, colleagueApi, colleagueAccount }, provide) => {
    await provide(colleagueApi && colleagueAccount ? apiColleague(colleagueApi, colleagueAccount) : mockColleague(page));
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

  signIn: async ({ page, account, staffApi }, provide) => {
    await provide(async (then) => {
      if (staffApi) await signInWithSession(page, account.username, await staffApi.session());
      else await logInThroughApi(page, account);
      if (then === undefined) return;
      await page.goto(then);
      await waitForApp(page);
      if (then === '/clients') await expect(page.getByRole('heading', { name: 'Clients', level: 1 })).toBeVisible();
    });
  },

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
