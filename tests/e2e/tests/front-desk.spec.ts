import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { createClientThroughApi, expectAlert, logInThroughApi, uniqueClient, waitForApp, fillClientForm } from '../support/app.ts';
import { bodyRows, createFamily, firstNames, searchBox } from '../support/front-desk.ts';
import { dropMockEventStream, refuseEventStream } from '../support/live-updates.ts';

/** Ends the session on the server behind the SPA's back, as an idle time-out or a password change would. */
async function endSession(page: Page) {
  const status = await page.evaluate(async () => (await fetch('/logout', { method: 'POST' })).status);
  expect(status).toBeLessThan(300);
}

test.beforeEach(async ({ page, account }) => {
  await logInThroughApi(page, account);
});

test.describe('find a client', () => {
  test('the search filters by name or email as you type, without case or accents, and every word narrows it', async ({
    page,
  }, testInfo) => {
    const { tag } = await createFamily(page, testInfo);
    await page.goto('/clients');
    await waitForApp(page);

    await searchBox(page).fill(`lucia ${tag}`);
    await expect(firstNames(page)).toHaveText(['Lucía']);
    await expect(page.getByRole('status').filter({ hasText: 'clients' })).toHaveText(/^1 of \d[\d,]* clients$/);
    await expect(page).toHaveURL(new RegExp(`/clients\\?q=lucia(\\+|%20)${tag}$`));

    await searchBox(page).fill(`ANA ${tag}`);
    await expect(firstNames(page)).toHaveText(['Ana', 'Ana']);
    await searchBox(page).fill(`ana silva${tag}`);
    await expect(firstNames(page)).toHaveText(['Ana']);

    await searchBox(page).fill(`nobody${tag}`);
    await expect(page.getByText(`No clients match “nobody${tag}”.`)).toBeVisible();
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(searchBox(page)).toHaveValue('');
    await expect(searchBox(page)).toBeFocused();
    await expect(page).toHaveURL('/clients');
  });

  test('sorting by a header, and the view surviving reload, Back and a shared link', async ({ page }, testInfo) => {
    const { tag } = await createFamily(page, testInfo);
    await page.goto(`/clients?q=${tag}`);
    await waitForApp(page);
    await expect(firstNames(page)).toHaveText(['Lucía', 'Ana', 'Ana']);

    const lastName = page.getByRole('columnheader', { name: 'Last Name' });
    await lastName.getByRole('button').click();
    await expect(lastName).toHaveAttribute('aria-sort', 'ascending');
    await expect(bodyRows(page).locator('td:nth-child(2)')).toHaveText([`Costa${tag}`, `Núñez${tag}`, `Silva${tag}`]);
    await lastName.getByRole('button').click();
    await expect(lastName).toHaveAttribute('aria-sort', 'descending');
    await expect(bodyRows(page).locator('td:nth-child(2)')).toHaveText([`Silva${tag}`, `Núñez${tag}`, `Costa${tag}`]);
    await expect(page).toHaveURL(`/clients?q=${tag}&sort=lastName&dir=desc`);

    await page.reload();
    await expect(bodyRows(page).locator('td:nth-child(2)')).toHaveText([`Silva${tag}`, `Núñez${tag}`, `Costa${tag}`]);
    await expect(searchBox(page)).toHaveValue(tag);

    await page.goBack();
    await expect(page.getByRole('columnheader', { name: 'Last Name' })).toHaveAttribute('aria-sort', 'ascending');
    await page.goForward();
    await expect(page.getByRole('columnheader', { name: 'Last Name' })).toHaveAttribute('aria-sort', 'descending');

    // An address with values the page does not know shows the default view, not an error.
    await page.goto(`/clients?q=${tag}&sort=salary&dir=sideways`);
    await expect(firstNames(page)).toHaveText(['Lucía', 'Ana', 'Ana']);
  });

  test('/ focuses the search from anywhere on the page', async ({ page }, testInfo) => {
    await createClientThroughApi(page, uniqueClient(testInfo));
    await page.goto('/clients');
    await waitForApp(page);
    await page.getByRole('heading', { name: 'Clients', level: 1 }).click();
    await page.keyboard.press('/');
    await expect(searchBox(page)).toBeFocused();
    await expect(searchBox(page)).toHaveValue('');
  });

  test('Export CSV downloads the current view, UTF-8 with a BOM, formulas defused', async ({ page }, testInfo) => {
    const { tag } = await createFamily(page, testInfo);
    await createClientThroughApi(page, {
      firstName: 'Eve',
      lastName: `=HYPERLINK${tag}`,
      email: `eve.${tag}@example.com`,
      registrationDateTime: '2024-07-01T18:45',
    });
    await page.goto(`/clients?q=${tag}&sort=registrationDateTime&dir=desc`);
    await expect(firstNames(page)).toHaveText(['Eve', 'Ana', 'Ana', 'Lucía']);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^clients-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await readFile(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8').split('\r\n')).toEqual([
      'First Name,Last Name,Email,Registration Time',
      `Eve,'=HYPERLINK${tag},eve.${tag}@example.com,2024-07-01 18:45`,
      `Ana,Costa${tag},ANA.COSTA.${tag}@example.com,2023-03-10 09:00`,
      `Ana,Silva${tag},ana.${tag}@example.com,2023-02-10 09:00`,
      `Lucía,Núñez${tag},lucia.${tag}@example.com,2023-01-10 09:00`,
      '',
    ]);
  });
});

test.describe('never lose typed work', () => {
  test('leaving a changed form asks first; Stay keeps it, Leave goes; reload gets the browser’s prompt', async ({ page }) => {
    await page.goto('/clients');
    await page.getByRole('link', { name: 'Register a new client' }).click();
    await page.getByLabel('First name').fill('Léa');

    await page.getByRole('link', { name: 'Clients' }).click();
    const question = page.getByRole('alertdialog', { name: 'You have unsaved changes. Leave this page?' });
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Stay' }).click();
    await expect(page).toHaveURL('/clients/register');
    await expect(page.getByLabel('First name')).toHaveValue('Léa');

    // Reloading asks through the browser's own prompt; dismissing it keeps the page.
    const prompt = page.waitForEvent('dialog');
    void page.evaluate(() => window.location.reload());
    const dialog = await prompt;
    expect(dialog.type()).toBe('beforeunload');
    await dialog.dismiss();
    await expect(page.getByLabel('First name')).toHaveValue('Léa');

    // Back, within the app, asks too.
    await page.goBack();
    await question.getByRole('button', { name: 'Leave' }).click();
    await expect(page).toHaveURL('/clients');
  });

  test('a session that ends while typing: the login page says why, and the values come back after login', async ({
    page,
    account,
    backend,
  }, testInfo) => {
    const client = uniqueClient(testInfo);
    // The save is what finds out here: the live stream, which would find out first, is off.
    if (backend === 'real') await refuseEventStream(page);
    await page.goto('/clients/register');
    if (backend === 'mock') await dropMockEventStream(page);
    await fillClientForm(page, client);
    await endSession(page);

    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText('Your session has ended. Please log in again.')).toBeVisible();
    expect(await page.evaluate(() => JSON.stringify(window.localStorage))).not.toContain(client.email);

    await page.getByLabel('Username').fill(account.username);
    await page.getByLabel('Password').fill(account.password);
    await expectAlert(page, 'Login successful!', () => page.getByRole('button', { name: 'Log in' }).click());
    await expect(page).toHaveURL('/clients/register');
    await expect(page.getByLabel('First name')).toHaveValue(client.firstName);
    await expect(page.getByLabel('Email')).toHaveValue(client.email);

    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText('Client registered successfully!')).toBeVisible();
    expect(await page.evaluate(() => Object.keys(window.sessionStorage).filter((key) => key.startsWith('salon.draft')))).toEqual([]);
  });

  test('an email another client has asks first: No keeps the form, Yes saves', async ({ page }, testInfo) => {
    const existing = await createClientThroughApi(page, uniqueClient(testInfo, { firstName: 'Marta', lastName: 'Costa' }));
    await page.goto('/clients/register');
    await page.getByLabel('First name').fill('Rui');
    await page.getByLabel('Last name').fill('Costa');
    await page.getByLabel('Email').fill(` ${existing.email.toUpperCase()} `);
    await page.getByLabel('Registration date and time').fill('2024-05-02T11:00');
    await page.getByRole('button', { name: 'Register' }).click();

    const question = page.getByRole('alertdialog', { name: 'A client with this email already exists: Marta Costa. Save anyway?' });
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'No' }).click();
    await expect(question).toBeHidden();
    await expect(page.getByLabel('First name')).toHaveValue('Rui');

    await page.getByRole('button', { name: 'Register' }).click();
    await question.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText('Client registered successfully!')).toBeVisible();
  });
});
