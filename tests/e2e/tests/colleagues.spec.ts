/**
 * Several staff, one client list (issue 18), in both projects: the test's page is one member of staff, `colleague`
 * another (a second account in its own browser context on the real server; the mock's colleague in the mock one).
 *
 * The page's live updates are off here: these are the checks that hold when the stream misses a colleague's change
 * (tests/live-updates.spec.ts has the same situations seen live, at once).
 */
import type { Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { expect, test } from '../fixtures.ts';
import { clientRow, createClientThroughApi, uniqueClient, type Client } from '../support/app.ts';
import { dropMockEventStream, refuseEventStream } from '../support/live-updates.ts';

const WHEN = String.raw`\d{4}-\d\d-\d\d \d\d:\d\d`;

test.beforeEach(async ({ page, backend, signIn }) => {
  if (backend === 'real') await refuseEventStream(page);
  await signIn('/clients');
  if (backend === 'mock') await dropMockEventStream(page);
});

async function openClient(page: Page, client: Client): Promise<void> {
  await page.goto(`/clients/edit/${encodeURIComponent(client._id)}`);
  await expect(page.getByLabel('First name')).toHaveValue(client.firstName);
}

test('a colleague saves first: the conflict, its merge, and both changes in the history', async ({
  page,
  account,
  colleague,
}, testInfo) => {
  const client = await createClientThroughApi(page, uniqueClient(testInfo));
  await openClient(page, client);
  await page.getByLabel('Last name').fill('Mine');
  await page.getByLabel('Email', { exact: true }).fill(`mine.${client.email}`);

  await colleague.update(client._id, { email: `theirs.${client.email}`, registrationDateTime: '2024-06-02T08:15' });
  await page.getByRole('button', { name: 'Update' }).click();

  await expect(page.getByRole('alert')).toHaveText(
    new RegExp(`This client was changed by ${colleague.username} while you were editing\\.`),
  );
  // Untouched here: theirs. Changed by both: mine, theirs beside it.
  await expect(page.getByLabel('Registration date and time')).toHaveValue('2024-06-02T08:15');
  await expect(page.getByLabel('Last name')).toHaveValue('Mine');
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(`mine.${client.email}`);
  await expect(page.getByLabel('Email', { exact: true })).toHaveAccessibleDescription(`Their value: theirs.${client.email}`);

  await page.getByRole('button', { name: 'Keep my changes' }).click();
  await expect(page.getByText('Client updated successfully!')).toBeVisible();

  await openClient(page, client);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(`mine.${client.email}`);
  await expect(page.getByLabel('Registration date and time')).toHaveValue('2024-06-02T08:15');
  const entries = page.getByRole('region', { name: 'History' }).getByRole('listitem');
  await expect(entries).toHaveCount(3);
  await expect(entries.nth(0)).toContainText(new RegExp(`^Updated by ${account.username} on ${WHEN}`));
  await expect(entries.nth(0)).toContainText(`Last name: Example → Mine`);
  await expect(entries.nth(1)).toContainText(new RegExp(`^Updated by ${colleague.username} on ${WHEN}`));
  await expect(entries.nth(1)).toContainText('Registration date and time: 2024-05-01 10:30 → 2024-06-02 08:15');
  await expect(entries.nth(2)).toContainText(new RegExp(`^Registered by ${account.username} on ${WHEN}`));
});

test('"Use their version" shows the colleague’s client and saves nothing', async ({ page, colleague }, testInfo) => {
  const client = await createClientThroughApi(page, uniqueClient(testInfo));
  await openClient(page, client);
  await page.getByLabel('Last name').fill('Mine');
  await colleague.update(client._id, { lastName: 'Theirs' });
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByLabel('Last name')).toHaveAccessibleDescription('Their value: Theirs');

  await page.getByRole('button', { name: 'Use their version' }).click();

  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByLabel('Last name')).toHaveValue('Theirs');
});

test('deleted while editing: "Restore and save my changes"', async ({ page, colleague }, testInfo) => {
  const client = await createClientThroughApi(page, uniqueClient(testInfo));
  await openClient(page, client);
  await page.getByLabel('Last name').fill('Kept');
  await colleague.delete(client._id);
  await page.getByRole('button', { name: 'Update' }).click();

  const alert = page.getByRole('alert');
  await expect(alert).toContainText(`This client was deleted by ${colleague.username} while you were editing.`);
  await expect(alert.getByRole('link', { name: 'Back to the client list' })).toBeVisible();
  await alert.getByRole('button', { name: 'Restore and save my changes' }).click();

  await expect(page.getByText('Client updated successfully!')).toBeVisible();
  await page.getByRole('link', { name: 'View clients list' }).click();
  await expect(clientRow(page, client.firstName)).toContainText('Kept');
});

test('the delete question after a colleague’s change, then Undo', async ({ page, colleague }, testInfo) => {
  const client = await createClientThroughApi(page, uniqueClient(testInfo));
  await openClient(page, client);
  await colleague.update(client._id, { lastName: 'Novak' });

  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  const second = page.getByRole('alertdialog', {
    name: `This client was changed by ${colleague.username} since you opened it. Delete anyway?`,
  });
  await second.getByRole('button', { name: 'Yes' }).click();

  await expect(page).toHaveURL(/\/clients(\?|$)/);
  const notice = page.getByRole('status').filter({ hasText: 'Client deleted:' });
  await expect(notice).toHaveText(`Client deleted: ${client.firstName} Novak.Undo`);
  await expect(clientRow(page, client.firstName)).toHaveCount(0);

  await notice.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Client restored:' })).toHaveText(`Client restored: ${client.firstName} Novak.`);
  await expect(clientRow(page, client.firstName)).toBeVisible();
});

test('Recently deleted: who deleted a client, and Restore', async ({ page, account }, testInfo) => {
  const client = await createClientThroughApi(page, uniqueClient(testInfo));
  await openClient(page, client);
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page).toHaveURL(/\/clients(\?|$)/);

  await page.getByRole('link', { name: 'Recently deleted' }).click();
  await expect(page.getByRole('heading', { name: 'Recently deleted', level: 1 })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: `${client.firstName} ${client.lastName}` });
  await expect(row.getByRole('cell')).toHaveText([
    `${client.firstName} ${client.lastName}`,
    client.email,
    new RegExp(`^${WHEN}$`),
    account.username,
    /Restore/,
  ]);

  await row.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Client restored:' })).toHaveText(
    `Client restored: ${client.firstName} ${client.lastName}.`,
  );
  await expect(row).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to the client list' }).click();
  await expect(clientRow(page, client.firstName)).toBeVisible();
});

test('"Export data" downloads client-{id}.json; "Erase permanently" leaves nothing', async ({ page }, testInfo) => {
  const client = await createClientThroughApi(page, uniqueClient(testInfo));
  await openClient(page, client);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export data' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`client-${client._id}.json`);
  const exported = JSON.parse(await readFile(await file.path(), 'utf8')) as { client: Client; history: Array<{ kind: string }> };
  expect(exported.client).toMatchObject({ _id: client._id, email: client.email });
  expect(exported.history.map((change) => change.kind)).toEqual(['registered']);

  await page.getByRole('button', { name: 'Erase permanently' }).click();
  const question = page.getByRole('alertdialog', {
    name: `Erase all data of ${client.firstName} ${client.lastName}? This cannot be undone.`,
  });
  await question.getByRole('button', { name: 'Erase' }).click();

  await expect(page).toHaveURL(/\/clients(\?|$)/);
  await expect(page.getByRole('status').filter({ hasText: 'Client erased:' })).toHaveText(
    `Client erased: ${client.firstName} ${client.lastName}.`,
  );
  await expect(clientRow(page, client.firstName)).toHaveCount(0);
  await page.getByRole('link', { name: 'Recently deleted' }).click();
  await expect(page.getByRole('heading', { name: 'Recently deleted', level: 1 })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: client.firstName })).toHaveCount(0);
});
