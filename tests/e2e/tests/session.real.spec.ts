/**
 * What only the real server can show (DESIGN.md "Server"): the session cookie, logout on the
 * server side, a session the server ends, and data that outlives a restart. The `real`
 * project alone runs this file.
 */
import { expect, test } from '../fixtures.ts';
import { clientRow, createClientThroughApi, expectAlert, logIn, loginFlag, mainNav, uniqueClient, fillClientForm } from '../support/app.ts';
import { refuseEventStream } from '../support/live-updates.ts';
import { endAllSessions } from '../support/sessions.ts';

test('the session cookie is HttpOnly: the page cannot read it', async ({ page, context, account, baseURL }) => {
  await logIn(page, account);

  const cookies = await context.cookies(baseURL);
  expect(cookies.length, 'the session cookie is set').toBeGreaterThan(0);
  for (const cookie of cookies) {
    expect(cookie, `cookie ${cookie.name}`).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
  }
  const visibleToPage = await page.evaluate(() => document.cookie);
  for (const cookie of cookies) {
    expect(visibleToPage).not.toContain(cookie.name);
    expect(visibleToPage).not.toContain(cookie.value);
  }
});

test('after Sign Out, the old session cookie no longer opens /api/clients', async ({ page, context, account, baseURL, playwright }) => {
  await logIn(page, account);
  const cookies = await context.cookies(baseURL);
  // Someone who copied the cookie: another client replaying it, outside the browser.
  const replay = await playwright.request.newContext({ baseURL, storageState: { cookies, origins: [] } });
  try {
    expect((await replay.get('/api/clients')).status(), 'the copied cookie works while logged in').toBe(200);

    await expectAlert(page, 'Sign out successful!', () => mainNav(page).getByRole('button', { name: 'Sign Out' }).click());
    await expect(page).toHaveURL('/');

    const afterSignOut = await replay.get('/api/clients');
    expect(afterSignOut.status()).toBe(401);
    // And the browser itself no longer holds it.
    const remaining = await context.cookies(baseURL);
    expect(remaining.filter((cookie) => cookies.some((old) => old.value === cookie.value))).toEqual([]);
  } finally {
    await replay.dispose();
  }
});

test('a session the server has ended sends the user to /login, saying so, with the flag cleared', async ({
  page,
  account,
  realServer,
}, testInfo) => {
  await logIn(page, account);
  const client = await createClientThroughApi(page, uniqueClient(testInfo));
  await page.reload();
  await expect(clientRow(page, client.firstName)).toBeVisible();

  await test.step('on the next page load', async () => {
    // The open page's live stream is off: it would find out first, and go to /login before the reload.
    await refuseEventStream(page);
    await page.reload();
    // Nothing of this page load still under way: a request answered 401 here would clear the login flag before the
    // reload below, which would then go to a plain /login.
    await page.waitForLoadState('networkidle');
    expect(endAllSessions(realServer.databaseFile)).toBeGreaterThan(0);
    await page.reload();
    await expect(page).toHaveURL('/login?ended=true&redirect=%2Fclients');
    await expect(page.getByText('Your session has ended. Please log in again.')).toBeVisible();
    await expect.poll(() => loginFlag(page)).toBeNull();
    await expect(mainNav(page).getByRole('link', { name: 'Login' })).toBeVisible();
  });

  await test.step('on an open page, at once: its live stream’s last event says so', async () => {
    // (The next call finding out, with the stream off, is the front desk's "a session that ends while typing".)
    await page.unroute('**/api/events');
    await logIn(page, account);
    await page.goto(`/clients/edit/${client._id}`);
    await expect(page.getByLabel('First name')).toHaveValue(client.firstName);
    expect(endAllSessions(realServer.databaseFile)).toBeGreaterThan(0);

    await expect(page).toHaveURL(`/login?ended=true&redirect=${encodeURIComponent(`/clients/edit/${client._id}`)}`);
    await expect(page.getByText('Your session has ended. Please log in again.')).toBeVisible();
    await expect.poll(() => loginFlag(page)).toBeNull();
  });
});

test('clients are still there after the server restarts', async ({ page, account, realServer }, testInfo) => {
  const client = uniqueClient(testInfo, { registrationDateTime: '2024-07-01T09:45' });
  await logIn(page, account);
  await page.goto('/clients/register');
  await fillClientForm(page, client);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Client registered successfully!')).toBeVisible();

  await realServer.restart();

  // Logged in again through the form: what is checked is the data, not the session.
  await logIn(page, account);
  await expect(clientRow(page, client.firstName).getByRole('cell')).toHaveText([
    client.firstName,
    client.lastName,
    client.email,
    '2024-07-01 09:45',
    'Edit',
  ]);
});
