/**
 * Working through an outage (issue 20), on the production build: the app shell's service worker and the offline
 * copy of the cache. Service workers are blocked in the other tests of this project (playwright.config.ts); here
 * they run, as in a browser at the desk.
 */
import { expect, test } from '../fixtures.ts';
import { clientRow, createClientThroughApi, expectAlert, logIn, mainNav, uniqueClient } from '../support/app.ts';
import { offlineCopy, underServiceWorker } from '../support/offline.ts';

test.use({ serviceWorkers: 'allow' });

test('a reload of /clients while offline opens the app with the list kept on this device', async ({ page, context, account }, testInfo) => {
  await logIn(page, account);
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

test('Sign Out removes the copy: nothing of it is left for the next person at this PC', async ({ page, account }, testInfo) => {
  await logIn(page, account);
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
