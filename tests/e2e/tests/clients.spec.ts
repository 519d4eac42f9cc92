import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { clientRow, createClientThroughApi, expectAlert, openEditPageFromList, uniqueClient, fillClientForm } from '../support/app.ts';

const REGISTRATION_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;

/** Every POST to /api/clients the page sends from now on. */
function recordClientPosts(page: Page): string[] {
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/clients') posts.push(request.url());
  });
  return posts;
}

test.beforeEach(async ({ signIn }) => {
  await signIn('/clients');
});

test.describe('register', () => {
  test('an empty field gets the alert and nothing is sent', async ({ page }, testInfo) => {
    const client = uniqueClient(testInfo);
    await page.getByRole('link', { name: 'Register a new client' }).click();
    await expect(page).toHaveURL('/clients/register');
    await expect(page.getByRole('heading', { name: 'Register a new client' })).toBeVisible();
    await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('type', 'email');
    await expect(page.getByLabel('Registration date and time')).toHaveAttribute('type', 'datetime-local');
    const posts = recordClientPosts(page);
    const register = page.getByRole('button', { name: 'Register' });

    await expectAlert(page, 'Please fill in all fields', () => register.click());

    // Three of the four fields are not enough either.
    await page.getByLabel('First name').fill(client.firstName);
    await page.getByLabel('Last name').fill(client.lastName);
    await page.getByLabel('Email', { exact: true }).fill(client.email);
    await expectAlert(page, 'Please fill in all fields', () => register.click());

    await expect(register).toBeVisible();
    expect(posts).toEqual([]);
  });

  test('a filled form is saved and replaced by the success message and a link to the list', async ({ page }, testInfo) => {
    const client = uniqueClient(testInfo, { registrationDateTime: '2024-06-15T08:05' });
    await page.goto('/clients/register');
    await fillClientForm(page, client);

    await page.getByRole('button', { name: 'Register' }).click();

    await expect(page.getByText('Client registered successfully!', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Register' })).toHaveCount(0);
    await page.getByRole('link', { name: 'View clients list' }).click();
    await expect(page).toHaveURL('/clients');
    const row = clientRow(page, client.firstName);
    await expect(row.getByRole('cell')).toHaveText([client.firstName, client.lastName, client.email, '2024-06-15 08:05', 'Edit']);
  });
});

test.describe('the client list', () => {
  test('has the four columns and an Edit button per row, times as YYYY-MM-DD HH:MM, oldest first', async ({ page }, testInfo) => {
    // Added newest first, and one with an offset: the list shows the stored UTC value.
    const clients = [
      uniqueClient(testInfo, { firstName: `C${testInfo.testId.slice(0, 6)}`, registrationDateTime: '2022-11-30T18:45' }),
      uniqueClient(testInfo, { firstName: `B${testInfo.testId.slice(0, 6)}`, registrationDateTime: '2022-03-01T12:30:00+02:00' }),
      uniqueClient(testInfo, { firstName: `A${testInfo.testId.slice(0, 6)}`, registrationDateTime: '2021-12-31T23:59' }),
    ].map((client, index) => ({ ...client, email: `${index}.${client.email}` }));
    for (const client of clients) await createClientThroughApi(page, client);
    await page.reload();

    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader')).toHaveText(['First Name', 'Last Name', 'Email', 'Registration Time', 'Actions']);
    await expect(clientRow(page, clients[0]!.firstName)).toBeVisible();

    const rows = table.getByRole('row').filter({ has: page.getByRole('cell') });
    const rowCount = await rows.count();
    expect(rowCount).toBeGreaterThanOrEqual(3);
    await expect(rows.getByRole('button', { name: 'Edit' })).toHaveCount(rowCount);

    const times = await rows.locator('td:nth-child(4)').allTextContents();
    for (const time of times) expect(time).toMatch(REGISTRATION_TIME);
    expect(times).toEqual(times.toSorted());

    const firstNames = await rows.locator('td:nth-child(1)').allTextContents();
    const ours = firstNames.filter((name) => clients.some((client) => client.firstName === name));
    expect(ours).toEqual([clients[2]!.firstName, clients[1]!.firstName, clients[0]!.firstName]);
    await expect(clientRow(page, clients[1]!.firstName).getByRole('cell').nth(3)).toHaveText('2022-03-01 10:30');
  });
});

test.describe('edit', () => {
  test('is prefilled in UTC and Update saves the change', async ({ page }, testInfo) => {
    // 12:30:45 at +02:00 is 10:30 UTC; the browser runs in Asia/Kolkata (+05:30), where it is 16:00.
    const client = uniqueClient(testInfo, { registrationDateTime: '2024-05-01T12:30:45+02:00' });
    await createClientThroughApi(page, client);
    await page.reload();

    await openEditPageFromList(page, client.firstName);
    await expect(page).toHaveURL(/\/clients\/edit\/[A-Za-z0-9_-]+$/);
    await expect(page.getByLabel('First name')).toHaveValue(client.firstName);
    await expect(page.getByLabel('Last name')).toHaveValue(client.lastName);
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(client.email);
    await expect(page.getByLabel('Registration date and time')).toHaveValue('2024-05-01T10:30');

    await page.getByLabel('Last name').fill('Updated');
    await page.getByLabel('Registration date and time').fill('2024-05-02T09:15');
    await page.getByRole('button', { name: 'Update' }).click();

    await expect(page.getByText('Client updated successfully!', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Update' })).toHaveCount(0);
    await page.getByRole('link', { name: 'View clients list' }).click();
    await expect(page).toHaveURL('/clients');
    await expect(clientRow(page, client.firstName).getByRole('cell')).toHaveText([
      client.firstName,
      'Updated',
      client.email,
      '2024-05-02 09:15',
      'Edit',
    ]);

    // What the server stored, not only what the cache holds.
    await page.reload();
    await expect(clientRow(page, client.firstName).getByRole('cell').nth(1)).toHaveText('Updated');
  });
});

test.describe('delete', () => {
  test('Delete asks; No closes the question; Yes deletes and goes to /clients', async ({ page }, testInfo) => {
    const client = uniqueClient(testInfo);
    // Still listed afterwards: shows that the list has loaded when the deleted one is looked for.
    const keeper = uniqueClient(testInfo, { firstName: `K${client.firstName}`, email: `keeper.${client.email}` });
    await createClientThroughApi(page, client);
    await createClientThroughApi(page, keeper);
    await page.reload();
    await openEditPageFromList(page, client.firstName);
    const question = page.getByRole('alertdialog', { name: 'Do you really want to delete this client?' });
    await expect(question).toHaveCount(0);

    await page.getByRole('button', { name: 'Delete' }).click();
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'No' }).click();
    await expect(question).toHaveCount(0);
    await expect(page.getByText('Do you really want to delete this client?')).toHaveCount(0);
    await expect(page.getByLabel('First name')).toHaveValue(client.firstName);

    await page.getByRole('button', { name: 'Delete' }).click();
    await question.getByRole('button', { name: 'Yes' }).click();

    await expect(page).toHaveURL('/clients');
    await expect(clientRow(page, keeper.firstName)).toBeVisible();
    await expect(clientRow(page, client.firstName)).toHaveCount(0);
    // Gone on the server too.
    await page.reload();
    await expect(clientRow(page, keeper.firstName)).toBeVisible();
    await expect(clientRow(page, client.firstName)).toHaveCount(0);
  });
});
