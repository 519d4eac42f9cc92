/** What a role shows (issue 28): the owner's controls on a page, read once the page knows the role. */
import { expect, type Browser, type Page } from '@playwright/test';
import type { Account } from './accounts.ts';
import type { StaffApi } from './api.ts';
import { signInWithSession } from './app.ts';

/** The mock's console, as the page has it in development (mocks/console-api.ts). */
type MockWindow = { salonMock: { signInAs(username: string): string } };

const OWNER_CONTROLS = ['Export CSV', 'Export data', 'Erase permanently'];

/**
 * Opens `path` afresh (a full page load, so the app asks GET /api/me) and waits for the role and for `ready`; returns
 * the owner's buttons on screen, by name.
 */
export async function ownerControlsOn(page: Page, path: string, ready: (page: Page) => Promise<void>): Promise<string[]> {
  const me = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/me');
  await page.goto(path);
  expect((await me).status(), 'GET /api/me').toBe(200);
  await ready(page);
  const shown: string[] = [];
  for (const name of OWNER_CONTROLS) if ((await page.getByRole('button', { name }).count()) > 0) shown.push(name);
  return shown;
}

/**
 * A member of staff's page: the real server's second account (`colleagueAccount`, `colleagueApi`) in a browser context of
 * its own, or the mock's `sam` in this page, through `salonMock.signInAs('sam')` as a tester would switch persona.
 */
export async function staffPage(
  page: Page,
  browser: Browser,
  baseURL: string,
  staffAccount: Account | undefined,
  staffApi: StaffApi | undefined,
): Promise<{ page: Page; close: () => Promise<void> }> {
  if (staffAccount && staffApi) {
    const context = await browser.newContext({ baseURL });
    const staff = await context.newPage();
    // The account's own session, the worker's (fixtures.ts, colleagueApi): no password hash here.
    await signInWithSession(staff, staffAccount.username, await staffApi.session());
    return { page: staff, close: () => context.close() };
  }
  // The mock's store and session live in this page: the persona switch reloads it as sam.
  const reloaded = page.waitForEvent('load');
  expect(await page.evaluate(() => (window as unknown as MockWindow).salonMock.signInAs('sam'))).toBe('Signed in as sam (staff).');
  await reloaded;
  return { page, close: async () => {} };
}
