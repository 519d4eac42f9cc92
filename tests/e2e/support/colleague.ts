/**
 * A second member of staff, changing a client while the test's own page has it open (issue 18). In the `real`
 * project a second account, added with `npm run staff -- add`, in a second browser context doing it through the UI;
 * in the `mock` project the mock's colleague (`salonMock.colleague`), writing to the store the page reads.
 */
import { spawnSync } from 'node:child_process';
import { expect, type Browser, type Page } from '@playwright/test';
import type { Account } from './accounts.ts';
import { logInThroughApi } from './app.ts';

type ColleagueChange = Partial<Record<'firstName' | 'lastName' | 'email' | 'registrationDateTime', string>>;

/** The mock's console, as the page has it in development (mocks/browser.ts). */
type MockWindow = {
  salonMock: {
    colleague: {
      create(fields: ColleagueChange): unknown;
      update(clientId: string, fields: ColleagueChange): unknown;
      delete(clientId: string): boolean;
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
      await page.evaluate((input) => void (window as unknown as MockWindow).salonMock.colleague.create(input), fields);
    },
    async update(clientId, fields) {
      await page.evaluate(([id, changes]) => void (window as unknown as MockWindow).salonMock.colleague.update(id, changes), [
        clientId,
        fields,
      ] as const);
    },
    async delete(clientId) {
      expect(await page.evaluate((id) => (window as unknown as MockWindow).salonMock.colleague.delete(id), clientId)).toBe(true);
    },
  };
}

/** A colleague in their own browser context, logged in as `account`, who edits and deletes through the UI. */
export async function browserColleague(
  browser: Browser,
  baseURL: string,
  account: Account,
): Promise<Colleague & { close(): Promise<void> }> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await logInThroughApi(page, account);
  const openClient = async (clientId: string) => {
    await page.goto(`/clients/edit/${encodeURIComponent(clientId)}`);
    await expect(page.getByLabel('First name')).not.toHaveValue('');
  };
  const labels = {
    firstName: 'First name',
    lastName: 'Last name',
    email: 'Email',
    registrationDateTime: 'Registration date and time',
  } as const;
  return {
    username: account.username,
    async create(fields) {
      await page.goto('/clients/register');
      for (const [field, value] of Object.entries(fields)) await page.getByLabel(labels[field as keyof ColleagueChange]).fill(value);
      await page.getByRole('button', { name: 'Register' }).click();
      await expect(page.getByText('Client registered successfully!')).toBeVisible();
    },
    async update(clientId, fields) {
      await openClient(clientId);
      for (const [field, value] of Object.entries(fields)) await page.getByLabel(labels[field as keyof ColleagueChange]).fill(value);
      await page.getByRole('button', { name: 'Update' }).click();
      await expect(page.getByText('Client updated successfully!')).toBeVisible();
    },
    async delete(clientId) {
      await openClient(clientId);
      await page.getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('button', { name: 'Yes' }).click();
      await expect(page).toHaveURL(/\/clients(\?|$)/);
    },
    close: () => context.close(),
  };
}
