/**
 * Roles (issue 28), in both projects: the owner (the project's account) has "Export CSV", "Export data" and "Erase
 * permanently"; a member of staff has none of them. Staff are the real project's second account (`npm run staff --
 * add`, staff by default) in a browser context of its own, and the mock's `sam`, through `salonMock.signInAs('sam')`
 * as a tester would switch persona.
 */
import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import type { Account } from '../support/accounts.ts';
import type { StaffApi } from '../support/api.ts';
import { createClientThroughApi, deleteClientThroughApi, signInWithSession, uniqueClient, type Client } from '../support/app.ts';
import { ownerControlsOn } from '../support/roles.ts';

/** The mock's console, as the page has it in development (mocks/console-api.ts). */
type MockWindow = { salonMock: { signInAs(username: string): string } };

/** The owner's buttons on the client list, a client's page and Recently deleted. */
async function ownerControlsSeen(page: Page, client: Client, deleted: Client) {
  return {
    list: await ownerControlsOn(page, `/clients?q=${encodeURIComponent(client.email)}`, async () => {
      await expect(page.getByRole('cell', { name: client.firstName, exact: true })).toBeVisible();
    }),
    client: await ownerControlsOn(page, `/clients/edit/${encodeURIComponent(client._id)}`, async () => {
      await expect(page.getByLabel('First name')).toHaveValue(client.firstName);
      await expect(page.getByRole('region', { name: 'History' }).getByRole('listitem')).not.toHaveCount(0);
    }),
    deleted: await ownerControlsOn(page, '/clients/deleted', async () => {
      await expect(page.getByRole('row', { name: new RegExp(deleted.firstName) }).getByRole('button', { name: 'Restore' })).toBeVisible();
    }),
  };
}

/** A member of staff's page: the real server's second account in its own context, or the mock's `sam` in this page. */
async function staffPage(page: Page, browser: Browser, baseURL: string, staffAccount: Account | undefined, staffApi: StaffApi | undefined) {
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

test('the owner sees Export CSV, Export data and Erase permanently; staff see none of them', async ({
  page,
  browser,
  appServer,
  colleagueAccount,
  colleagueApi,
  signIn,
}, testInfo) => {
  // Six full page loads and two sign-ins: over 30 s on a busy 2-core machine.
  test.slow();
  await signIn('/clients');
  const client = await createClientThroughApi(page, uniqueClient(testInfo));
  const deleted = await createClientThroughApi(page, uniqueClient(testInfo, { firstName: `Gone${client.firstName}` }));
  await deleteClientThroughApi(page, deleted._id);

  expect(await ownerControlsSeen(page, client, deleted)).toEqual({
    list: ['Export CSV'],
    client: ['Export data', 'Erase permanently'],
    deleted: ['Erase permanently'],
  });

  const staff = await staffPage(page, browser, appServer.url, colleagueAccount, colleagueApi);
  try {
    // Each page has loaded (its client, the history, Restore: every account keeps those) and the role has come.
    expect(await ownerControlsSeen(staff.page, client, deleted)).toEqual({ list: [], client: [], deleted: [] });
  } finally {
    await staff.close();
  }
});
