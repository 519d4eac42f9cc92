/**
 * Live updates on the real server (issue 19): the stream comes back after a server restart, and ends with its
 * session, the page then behaving as on any 401.
 */
import { expect, test } from '../fixtures.ts';
import { clientRow, createClientThroughApi, uniqueClient } from '../support/app.ts';
import { endAllSessions } from '../support/sessions.ts';

test('after the server restarts, the list is live again', async ({ page, signIn, colleague, realServer }, testInfo) => {
  await signIn('/clients');
  const client = await createClientThroughApi(page, uniqueClient(testInfo));
  const streaming = () =>
    page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events' && response.ok(), { timeout: 20_000 });
  const first = streaming();
  await page.reload();
  await first;
  await expect(clientRow(page, client.firstName)).toBeVisible();

  // The stream reconnects by itself (Last-Event-ID: what it missed, if anything, comes first); the colleague changes
  // the client once it has, as a colleague in a browser of their own did, pages loaded after the restart.
  const again = streaming();
  await realServer.restart();
  await again;
  await colleague.update(client._id, { lastName: 'AfterRestart' });
  await expect(clientRow(page, client.firstName)).toContainText('AfterRestart', { timeout: 20_000 });
});

test('a session ended elsewhere ends the stream: the open page goes to the login page, saying why', async ({
  page,
  signIn,
  realServer,
}) => {
  await signIn('/clients');
  const streaming = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events' && response.ok());
  await page.goto('/clients');
  await streaming;

  // Another process (a password change, a time-out): the server notices within a second and ends the stream.
  expect(endAllSessions(realServer.databaseFile)).toBeGreaterThan(0);
  await expect(page).toHaveURL('/login?ended=true&redirect=%2Fclients', { timeout: 10_000 });
  await expect(page.getByText('Your session has ended. Please log in again.')).toBeVisible();
});
