/**
 * At the front desk (README), in both projects: typed work is never lost, to a navigation, an ended session or a
 * duplicate email. Finding and sorting clients is in front-desk.real.spec.ts.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { createClientThroughApi, expectAlert, uniqueClient, fillClientForm } from '../support/app.ts';
import { dropMockEventStream, refuseEventStream } from '../support/live-updates.ts';

/** Ends the session on the server behind the SPA's back, as an idle time-out or a password change would. */
async function endSession(page: Page) {
  const status = await page.evaluate(async () => (await fetch('/logout', { method: 'POST' })).status);
  expect(status).toBeLessThan(300);
}

test.beforeEach(async ({ signIn }) => {
  await signIn();
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
    // The page's own first requests (the role, the stream) answered first: else one of them, not the save, finds out.
    await page.waitForLoadState('networkidle');
    await endSession(page);

    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText('Your session has ended. Please log in again.')).toBeVisible();
    expect(await page.evaluate(() => JSON.stringify(window.localStorage))).not.toContain(client.email);

    await page.getByLabel('Username').fill(account.username);
    await page.getByLabel('Password').fill(account.password);
    // The real server's password check (scrypt) on a busy machine: 15 s, as in support/app.ts's logIn.
    await expectAlert(page, 'Login successful!', () => page.getByRole('button', { name: 'Log in' }).click(), 15_000);
    await expect(page).toHaveURL('/clients/register');
    await expect(page.getByLabel('First name')).toHaveValue(client.firstName);
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(client.email);

    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText('Client registered successfully!')).toBeVisible();
    expect(await page.evaluate(() => Object.keys(window.sessionStorage).filter((key) => key.startsWith('salon.draft')))).toEqual([]);
  });

  test('an email another client has asks first: No keeps the form, Yes saves', async ({ page }, testInfo) => {
    const existing = await createClientThroughApi(page, uniqueClient(testInfo, { firstName: 'Marta', lastName: 'Costa' }));
    await page.goto('/clients/register');
    await page.getByLabel('First name').fill('Rui');
    await page.getByLabel('Last name').fill('Costa');
    await page.getByLabel('Email', { exact: true }).fill(` ${existing.email.toUpperCase()} `);
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
