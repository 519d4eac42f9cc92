/**
 * Live updates on the real server (issue 19): the stream comes back after a server restart, and ends with its
 * session, the page then behaving as on any 401.
 */
import { expect, test } from '../fixtures.ts';
import { clientRow, createClientThroughApi, logIn, uniqueClient } from '../support/app.ts';
import { endAllSessions } from '../support/sessions.ts';

test('after the server restarts, the list is live again', async ({ page, account, colleague, realServer }, testInfo) => {
  await logIn(page, account);
  const client = await createClientThroughApi(page, uniqueClient(testInfo));
  await page.reload();
  await expect(clientRow(page, client.firstName)).toBeVisible();

  await realServer.restart();
  await colleague.update(client._id, { lastName: 'AfterRestart' });
  // The stream reconnects by itself (Last-Event-ID: what it missed, if anything, comes first).
  await expect(clientRow(page, client.firstName)).toContainText('AfterRestart', { timeout: 20_000 });
});

test('a session ended elsewhere ends the stream: the open page goes to the login page, saying why', async ({
  page,
  account,
  realServer,
}) => {
  await logIn(page, account);
  const streaming = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events' && response.ok());
  await page.goto('/clients');
  await streaming;

  // Another process (a password change, a time-out): the server notices within a second and ends the stream.
  expect(endAllSessions(realServer.databaseFile)).toBeGreaterThan(0);
  await expect(page).toHaveURL('/login?ended=true&redirect=%2Fclients', { timeout: 10_000 });
  await expect(page.getByText('Your session has ended. Please log in again.')).toBeVisible();
});
