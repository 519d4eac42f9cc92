/**
 * Working through an outage (issue 20), on the production build: the app shell's service worker and the offline
 * copy of the cache. Service workers are blocked in the other tests of this project (playwright.config.ts); here
 * they run, as in a browser at the desk.
 */
import { expect, test } from '../fixtures.ts';
import type { Page } from '@playwright/test';
import {
  type ClientInput,
  clientRow,
  createClientThroughApi,
  expectAlert,
  fillClientForm,
  logIn,
  mainNav,
  openEditPageFromList,
  uniqueClient,
} from '../support/app.ts';
import {
  deleteSecondOfflineThenOpenFirst,
  editNeverOpenedClientOffline,
  offlineCopy,
  openedByAddressOneAfterTheOther,
  serverClients,
  underServiceWorker,
} from '../support/offline.ts';

test.use({ serviceWorkers: 'allow' });

test('a reload of /clients while offline opens the app with the list kept on this device', async ({ page, context, signIn }, testInfo) => {
  await signIn('/clients');
  const client = await createClientThroughApi(page, uniqueClient(testInfo));
  await underServiceWorker(page);
  await expect(clientRow(page, client.firstName)).toBeVisible();
  await expect.poll(() => offlineCopy(page), { message: 'the copy holds the new client' }).toContain(client.email);

  await context.setOffline(true);
  await page.reload();

  await expect(page.getByRole('heading', { name: 'Clients', level: 1 })).toBeVisible();
  await expect(clientRow(page, client.firstName)).toBeVisible();
  await expect(page.getByText(/^You are offline\. Showing clients as of \d\d:\d\d\.$/)).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByText(/You are offline/)).toBeHidden();
});

test('Sign Out removes the copy: nothing of it is left for the next person at this PC', async ({ page, signIn }, testInfo) => {
  await signIn('/clients');
  const client = await createClientThroughApi(page, uniqueClient(testInfo));
  await page.reload();
  await expect(clientRow(page, client.firstName)).toBeVisible();
  await expect.poll(() => offlineCopy(page)).toContain(client.email);

  await expectAlert(page, 'Sign out successful!', () => mainNav(page).getByRole('button', { name: 'Sign Out' }).click());
  await expect.poll(() => offlineCopy(page), { message: 'no copy after Sign Out' }).toBeNull();
});

test('another account logging in on the same browser never gets the previous one’s copy', async ({
  page,
  context,
  account,
  colleagueAccount,
}, testInfo) => {
  if (!colleagueAccount) throw new Error('the real project has a second staff account');
  await logIn(page, account);
  const client = await createClientThroughApi(page, uniqueClient(testInfo));
  await page.reload();
  await expect(clientRow(page, client.firstName)).toBeVisible();
  await expect.poll(() => offlineCopy(page)).toContain(`"buster":"${account.username}"`);

  // The session ended while nobody was looking (the browser kept the flag); a colleague logs in here.
  await context.clearCookies();
  await logIn(page, colleagueAccount);
  await expect
    .poll(() => offlineCopy(page), { message: 'the copy is the colleague’s own' })
    .toContain(`"buster":"${colleagueAccount.username}"`);
  expect(await offlineCopy(page)).not.toContain(`"buster":"${account.username}"`);
});

test('the app is installable: Chromium finds nothing missing (manifest, icons, the worker)', async ({ page, context, signIn }) => {
  await signIn('/clients');
  await underServiceWorker(page);
  const devtools = await context.newCDPSession(page);
  const { installabilityErrors } = await devtools.send('Page.getInstallabilityErrors');
  // Playwright's contexts are incognito ones, where Chromium never offers to install: that one is the test's own.
  expect(installabilityErrors.filter(({ errorId }) => errorId !== 'in-incognito')).toEqual([]);
  const { url } = await devtools.send('Page.getAppManifest');
  expect(url).toMatch(/\/manifest\.webmanifest$/);
});

const SAVED_HERE = 'Saved on this device. It will be sent when the connection returns.';

/** Back to the list from a page that shows a message after saving. */
async function backToList(page: Page) {
  await page.getByRole('link', { name: 'View clients list' }).click();
  await expect(page.getByRole('heading', { name: 'Clients', level: 1 })).toBeVisible();
}

/** A client registered through the API, then listed and opened on this page load: kept on this device. */
async function seenOnThisDevice(page: Page, client: ClientInput) {
  const created = await createClientThroughApi(page, client);
  await page.reload();
  await openEachOnce(page, [client.firstName]);
  return created;
}

/** Offline: opens the client's edit page, sets one field and presses Update; the change waits on this device. */
async function updateWhileOffline(page: Page, firstName: string, label: string, value: string) {
  await openEditPageFromList(page, firstName);
  await page.getByLabel(label).fill(value);
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText(SAVED_HERE)).toBeVisible();
}

/** Opens each client's edit page once and comes back: what staff saw before the network went is on this device. */
async function openEachOnce(page: Page, firstNames: readonly string[]) {
  for (const firstName of firstNames) {
    await openEditPageFromList(page, firstName);
    await mainNav(page).getByRole('link', { name: 'Clients' }).click();
    await expect(clientRow(page, firstName)).toBeVisible();
  }
}

test('register, edit and delete while offline, through a reload: each saved exactly once when the connection returns', async ({
  page,
  context,
  signIn,
}, testInfo) => {
  await signIn('/clients');
  const edited = await createClientThroughApi(page, uniqueClient(testInfo, { firstName: 'Edited' }));
  const deleted = await createClientThroughApi(page, uniqueClient(testInfo, { firstName: 'Deleted', email: `deleted.${edited.email}` }));
  const registered = uniqueClient(testInfo, { firstName: 'Registered', email: `registered.${edited.email}` });
  await underServiceWorker(page);
  await openEachOnce(page, ['Edited', 'Deleted']);

  await context.setOffline(true);
  await page.getByRole('link', { name: 'Register a new client' }).click();
  await fillClientForm(page, registered);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('status').filter({ hasText: SAVED_HERE })).toBeVisible();
  await backToList(page);
  await updateWhileOffline(page, 'Edited', 'First name', 'Renamed');
  await backToList(page);
  await openEditPageFromList(page, 'Deleted');
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByRole('heading', { name: 'Clients', level: 1 })).toBeVisible();

  // The tab is reloaded, still offline: the changes are still waiting.
  await page.reload();
  for (const firstName of ['Registered', 'Renamed', 'Deleted']) {
    await expect(clientRow(page, firstName).getByText('Waiting to save')).toBeVisible();
  }
  await expect(page.getByText('3 changes waiting to be saved.')).toBeVisible();

  await context.setOffline(false);

  await expect(page.getByText('All changes saved.')).toBeVisible();
  await expect(page.getByText('Waiting to save')).toHaveCount(0);
  const onServer = await serverClients(page);
  expect(
    onServer.filter((client) => client.email === registered.email),
    'registered once',
  ).toHaveLength(1);
  expect(onServer.find((client) => client._id === edited._id)?.firstName).toBe('Renamed');
  expect(
    onServer.some((client) => client._id === deleted._id),
    'deleted',
  ).toBe(false);
});

test('a colleague’s change while offline: the edit waits as "Needs your decision", and opens as the conflict with mine', async ({
  page,
  context,
  signIn,
  colleague,
}, testInfo) => {
  await signIn('/clients');
  const client = await seenOnThisDevice(page, uniqueClient(testInfo, { firstName: 'Shared' }));

  await context.setOffline(true);
  await updateWhileOffline(page, 'Shared', 'Last name', 'Mine');
  await colleague.update(client._id, { email: `theirs.${client.email}` });
  await backToList(page);

  await context.setOffline(false);

  await expect(clientRow(page, 'Shared').getByText('Needs your decision')).toBeVisible();
  await expect(page.getByText('All changes saved.')).toBeHidden();
  await clientRow(page, 'Shared').getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('alert')).toContainText(`This client was changed by ${colleague.username} while you were editing.`);
  await expect(page.getByLabel('Last name')).toHaveValue('Mine');
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(`theirs.${client.email}`);
  await page.getByRole('button', { name: 'Keep my changes' }).click();
  await expect(page.getByText('Client updated successfully!')).toBeVisible();
  const saved = (await serverClients(page)).find((candidate) => candidate._id === client._id);
  expect(saved).toMatchObject({ email: `theirs.${client.email}` });
});

test('Sign Out with a change waiting asks first: No stays, Yes discards it', async ({ page, context, account, signIn }, testInfo) => {
  await signIn('/clients');
  const client = await seenOnThisDevice(page, uniqueClient(testInfo, { firstName: 'Kept' }));

  await context.setOffline(true);
  await updateWhileOffline(page, 'Kept', 'First name', 'Discarded');

  await mainNav(page).getByRole('button', { name: 'Sign Out' }).click();
  const question = page.getByRole('alertdialog', { name: '1 change has not been saved yet. Sign out anyway?' });
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'No' }).click();
  await expect(question).toBeHidden();
  await expect(mainNav(page).getByRole('button', { name: 'Sign Out' })).toBeVisible();

  await mainNav(page).getByRole('button', { name: 'Sign Out' }).click();
  await expectAlert(page, 'Sign out successful!', () => question.getByRole('button', { name: 'Yes' }).click());
  await context.setOffline(false);
  await logIn(page, account);
  await expect(clientRow(page, 'Kept')).toBeVisible();
  expect((await serverClients(page)).find((candidate) => candidate._id === client._id)?.firstName).toBe('Kept');
});

/** Registers a client through the form, as staff do, and comes back to the list. */
async function registerThroughForm(page: Page, client: ClientInput) {
  await page.getByRole('link', { name: 'Register a new client' }).click();
  await fillClientForm(page, client);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Client registered successfully!')).toBeVisible();
  await backToList(page);
}

test('issues 26 and 38: offline, a client opened just before a page load opens, and so does one never opened', async ({
  page,
  context,
  signIn,
}, testInfo) => {
  await signIn('/clients');
  const first = uniqueClient(testInfo, { firstName: 'First' });
  const second = uniqueClient(testInfo, { firstName: 'Second', email: `second.${first.email}` });
  const third = uniqueClient(testInfo, { firstName: 'Third', email: `third.${first.email}` });
  for (const client of [first, second, third]) await registerThroughForm(page, client);
  // The copy is written at most once a second: the list with all three, before the next page load.
  await expect.poll(() => offlineCopy(page), { message: 'the copy holds the list' }).toContain(third.email);
  const onServer = await serverClients(page);
  const stored = (client: ClientInput) => onServer.find((candidate) => candidate.email === client.email) ?? { _id: '', firstName: '' };
  await openedByAddressOneAfterTheOther(page, [stored(first), stored(second)]);

  await context.setOffline(true);
  await deleteSecondOfflineThenOpenFirst(page);
  await editNeverOpenedClientOffline(page, 'Third', 'Offline');

  await context.setOffline(false);
  await expect(page.getByText('All changes saved.')).toBeVisible();
  const after = await serverClients(page);
  expect(after.find((client) => client._id === stored(third)._id)).toMatchObject({ lastName: 'Offline' });
  expect(after.some((client) => client._id === stored(second)._id)).toBe(false);
});
