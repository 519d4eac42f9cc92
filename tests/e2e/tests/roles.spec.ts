/**
 * Roles (issue 28), in both projects: the owner (the project's account) has "Export CSV", "Export data" and "Erase
 * permanently"; a member of staff has none of them. Staff are the real project's second account (`npm run staff --
 * add`, staff by default) in a browser context of its own, and the mock's `sam`, through `salonMock.signInAs('sam')`
 * as a tester would switch persona.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { createClientThroughApi, deleteClientThroughApi, uniqueClient, type Client } from '../support/app.ts';
import { ownerControlsOn, staffPage } from '../support/roles.ts';

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
