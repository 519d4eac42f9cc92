/**
 * A second member of staff, changing a client while the test's own page has it open (issue 18). In the `real`
 * project a second account, added with `npm run staff -- add`, doing it through the API with its own session;
 * in the `mock` project the mock's colleague (`salonMock.colleague`), writing to the store the page reads.
 */
import { spawnSync } from 'node:child_process';
import { expect, type Page } from '@playwright/test';
import type { Account } from './accounts.ts';
import type { StaffApi } from './api.ts';

type ColleagueChange = Partial<Record<'firstName' | 'lastName' | 'email' | 'registrationDateTime', string>>;

/** The mock's console, as the page has it in development (mocks/browser.ts). */
type MockWindow = {
  salonMock: {
    colleague: {
      create(fields: ColleagueChange): Promise<unknown>;
      update(clientId: string, fields: ColleagueChange): Promise<unknown>;
      delete(clientId: string): Promise<boolean>;
    };
  };
};

export type Colleague = {
  /** The username their changes are credited to. */
  readonly username: string;
  /** Registers a client with all four fields. */
  create(fields: Required<ColleagueChange>): Promise<void>;
  update(clientId: string, fields: ColleagueChange): Promise<void>;
  delete(clientId: string): Promise<void>;
};

/** The second account of the real project: a password a real deployment could use. */
export const COLLEAGUE_ACCOUNT: Account = { username: 'maria', password: 'Colleague-Maria-4k!Tz8#Wp2' };

/**
 * Adds `account` to the real server's database as a salon owner would: `npm run staff -- add`, password on stdin. A
 * member of staff (the CLI's default, issue 28): no Export CSV, Export data or Erase permanently (roles.spec.ts).
 */
export function addStaffAccount(databaseFile: string, account: Account): void {
  const added = spawnSync('npm', ['run', '--silent', 'staff', '--', 'add', account.username], {
    env: { ...process.env, DATABASE_URL: `file:${databaseFile}` },
    input: `${account.password}\n`,
    encoding: 'utf8',
  });
  if (added.status !== 0) throw new Error(`npm run staff -- add ${account.username} failed: ${added.stderr}`);
}

/** The mock's colleague, in the test's own page (the mock store lives in that page). */
export function mockColleague(page: Page): Colleague {
  return {
    username: 'colleague',
    async create(fields) {
      await page.evaluate(async (input) => void (await (window as unknown as MockWindow).salonMock.colleague.create(input)), fields);
    },
    async update(clientId, fields) {
      await page.evaluate(async ([id, changes]) => void (await (window as unknown as MockWindow).salonMock.colleague.update(id, changes)), [
        clientId,
        fields,
      ] as const);
    },
    async delete(clientId) {
      expect(await page.evaluate((id) => (window as unknown as MockWindow).salonMock.colleague.delete(id), clientId)).toBe(true);
    },
  };
}

/**
 * The real project's colleague: their own account and session, changing clients through the API as their edit page
 * would send it (support/api.ts). What the test's page then shows is the subject, not the colleague's screens (the
 * edit and delete screens have their own tests): one login per worker instead of a browser context, a login and a
 * page load per change (docs/decisions/027-ci-time.md, second round).
 */
export function apiColleague(api: StaffApi, account: Account): Colleague {
  return {
    username: account.username,
    create: (fields) => api.createClient(fields),
    update: (clientId, fields) => api.updateClient(clientId, fields),
    delete: (clientId) => api.deleteClient(clientId),
  };
}
