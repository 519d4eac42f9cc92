import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { createClientThroughApi, deleteClientThroughApi, uniqueClient, waitForApp, fillClientForm } from '../support/app.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { expectSoundLayout } from '../support/layout.ts';
import { createFamily, firstNames, searchBox } from '../support/front-desk.ts';

/**
 * axe-core at WCAG 2.1 A and AA on every route, in both login states, and in the states a route can be in. In the real
 * project only: the pages' markup is the same whichever backend answers, and axe leaves the mock's panel out
 * (support/axe.ts), so the mock project would scan the same pages again at about 5 s a scan.
 */

async function open(page: Page, path: string, heading: string | RegExp) {
  await page.goto(path);
  await waitForApp(page);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

test.describe('logged out', () => {
  test('/ has no violations', async ({ page }, testInfo) => {
    await open(page, '/', 'Your Beauty Salon');
    await expectNoAxeViolations(page, testInfo, '/');
  });

  test('/login has no violations', async ({ page }, testInfo) => {
    await open(page, '/login', 'Staff login');
    await expectNoAxeViolations(page, testInfo, '/login');
  });

  test('/clients/register has no violations (the page does not check the flag)', async ({ page }, testInfo) => {
    await open(page, '/clients/register', 'Register a new client');
    await expectNoAxeViolations(page, testInfo, '/clients/register');
  });

  test('/clients and /clients/edit/:id are not reachable: they lead to /login', async ({ page }) => {
    await page.goto('/clients');
    await expect(page).toHaveURL('/login');
    // No session: the server refuses the client, and the SPA asks to log in.
    await page.goto('/clients/edit/some-client');
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Staff login' })).toBeVisible();
  });
});

test.describe('logged in', () => {
  test.beforeEach(async ({ signIn }) => {
    await signIn();
  });

  test('/ has no violations', async ({ page }, testInfo) => {
    await open(page, '/', 'Your Beauty Salon');
    await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await expectNoAxeViolations(page, testInfo, '/ (logged in)');
  });

  test('/login has no violations', async ({ page }, testInfo) => {
    await open(page, '/login', 'Staff login');
    await expectNoAxeViolations(page, testInfo, '/login (logged in)');
  });

  test('/clients has no violations', async ({ page }, testInfo) => {
    await createClientThroughApi(page, uniqueClient(testInfo));
    await open(page, '/clients', 'Clients');
    await expect(page.getByRole('button', { name: 'Edit' }).first()).toBeVisible();
    await expectNoAxeViolations(page, testInfo, '/clients');
  });

  test('/clients/deleted has no violations, on a desktop and on a phone, nor its erase question', async ({ page }, testInfo) => {
    // A long email: on a phone the table scrolls sideways in its box, the actions held at its right edge.
    const client = await createClientThroughApi(
      page,
      uniqueClient(testInfo, { email: uniqueClient(testInfo).email.replace('@', '.alexandra.fernandes@') }),
    );
    await deleteClientThroughApi(page, client._id);
    await open(page, '/clients/deleted', 'Recently deleted');
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: client.email, exact: true }) });
    await expect(row.getByRole('button', { name: 'Restore' })).toBeVisible();
    await expectNoAxeViolations(page, testInfo, '/clients/deleted');

    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoAxeViolations(page, testInfo, '/clients/deleted at 375 px');

    await row.getByRole('button', { name: 'Erase permanently' }).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await expectNoAxeViolations(page, testInfo, '/clients/deleted at 375 px (erase question)');
  });

  test('/clients/register has no violations, nor its success message', async ({ page }, testInfo) => {
    const client = uniqueClient(testInfo);
    await open(page, '/clients/register', 'Register a new client');
    await expectNoAxeViolations(page, testInfo, '/clients/register (logged in)');

    await fillClientForm(page, client);
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText('Client registered successfully!')).toBeVisible();
    await expectNoAxeViolations(page, testInfo, '/clients/register (success)');
  });

  test('/clients/edit/:id has no violations: the form, the delete question and the success message', async ({ page }, testInfo) => {
    const client = await createClientThroughApi(page, uniqueClient(testInfo));
    await open(page, `/clients/edit/${client._id}`, 'Edit a client');
    await expect(page.getByLabel('First name')).toHaveValue(client.firstName);
    await expectNoAxeViolations(page, testInfo, '/clients/edit/:id');

    await page.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await expectNoAxeViolations(page, testInfo, '/clients/edit/:id (delete question)');
    await page.getByRole('button', { name: 'No' }).click();

    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Client updated successfully!')).toBeVisible();
    await expectNoAxeViolations(page, testInfo, '/clients/edit/:id (success)');
  });

  test('/clients/import has no violations: the file, its preview, on a phone, and the import done', async ({ page }, testInfo) => {
    // Four axe runs: as the front desk's, past the 30 s default beside another worker.
    test.slow();
    await open(page, '/clients/import', 'Import clients');
    await expectNoAxeViolations(page, testInfo, '/clients/import');

    await page.getByLabel('CSV file').setInputFiles(fileURLToPath(new URL('../../fixtures/imports/errors.csv', import.meta.url)));
    await expect(page.getByRole('button', { name: 'Import 5 clients' })).toBeVisible();
    await expectNoAxeViolations(page, testInfo, '/clients/import (preview)');
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoAxeViolations(page, testInfo, '/clients/import at 375 px (preview)');

    await page.getByRole('button', { name: 'Import 5 clients' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Imported 5 clients.' })).toBeVisible();
    await expectNoAxeViolations(page, testInfo, '/clients/import at 375 px (imported)');
  });
});

test.describe('possible duplicates and the merge page (logged in)', () => {
  test.beforeEach(async ({ signIn }) => {
    await signIn();
  });

  test('have no violations and fit a 375 px phone', async ({ page }, testInfo) => {
    // Four axe runs: as the front desk's, past the 30 s default beside another worker.
    test.slow();
    const kept = await createClientThroughApi(
      page,
      uniqueClient(testInfo, { email: `a.very.long.address.${Date.now()}@a-salon-with-a-long-domain.example.com` }),
    );
    await createClientThroughApi(
      page,
      uniqueClient(testInfo, { firstName: 'Later', email: kept.email.toUpperCase(), registrationDateTime: '2024-06-02T09:00' }),
    );
    await open(page, '/clients/duplicates', 'Possible duplicates');
    await expect(page.getByRole('button', { name: 'Merge' })).toBeVisible();
    await expectNoAxeViolations(page, testInfo, '/clients/duplicates');
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoAxeViolations(page, testInfo, '/clients/duplicates at 375 px');
    await expectSoundLayout(page, '/clients/duplicates at 375 px');

    await page.getByRole('button', { name: 'Merge' }).click();
    await expect(page.getByRole('group', { name: 'Email' }).getByRole('radio')).toHaveCount(2);
    await expectNoAxeViolations(page, testInfo, '/clients/merge at 375 px');
    await expectSoundLayout(page, '/clients/merge at 375 px');
    await page.setViewportSize({ width: 1280, height: 800 });
    await expectNoAxeViolations(page, testInfo, '/clients/merge');
  });
});

test.describe('the front desk (logged in)', () => {
  test.beforeEach(async ({ signIn }) => {
    await signIn();
  });

  test('axe finds nothing on results, no results and the questions', async ({ page }, testInfo) => {
    // Four axe runs: over 20 s alone on CI's machine, past the 30 s default beside another worker.
    test.slow();
    const { tag } = await createFamily(page, testInfo);
    await page.goto(`/clients?q=ana ${tag}&sort=firstName`);
    await expect(firstNames(page)).toHaveText(['Ana', 'Ana']);
    await expectNoAxeViolations(page, testInfo, '/clients (search results, sorted)');
    await searchBox(page).fill(`nobody${tag}`);
    await expect(page.getByText(`No clients match “nobody${tag}”.`)).toBeVisible();
    await expectNoAxeViolations(page, testInfo, '/clients (no results)');

    await page.goto('/clients/register');
    await fillClientForm(page, {
      firstName: 'Rui',
      lastName: 'Costa',
      email: `ana.${tag}@example.com`,
      registrationDateTime: '2024-05-02T11:00',
    });
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await expectNoAxeViolations(page, testInfo, '/clients/register (duplicate email question)');
    await page.getByRole('button', { name: 'No' }).click();
    await page.getByRole('link', { name: 'HOME' }).click();
    await expect(page.getByRole('alertdialog', { name: /unsaved changes/ })).toBeVisible();
    await expectNoAxeViolations(page, testInfo, '/clients/register (leave question)');
  });
});
