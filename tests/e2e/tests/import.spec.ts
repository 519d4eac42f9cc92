/**
 * Importing clients (issue 29), in both projects: a file with new, existing, repeated and invalid rows
 * (tests/fixtures/imports/errors.csv), its preview's counts, the import and its undo. The existing client is the mock's
 * seeded Amelia Hart; the real project, which starts each test with no clients, registers her first.
 */
import { fileURLToPath } from 'node:url';
import { expect, test } from '../fixtures.ts';
import { createClientThroughApi, logIn } from '../support/app.ts';

const ERRORS_CSV = fileURLToPath(new URL('../../fixtures/imports/errors.csv', import.meta.url));

test('an owner previews a file, imports its new rows and undoes the import', async ({ page, account, backend }) => {
  await logIn(page, account);
  if (backend === 'real') {
    await createClientThroughApi(page, {
      firstName: 'Amelia',
      lastName: 'Hart',
      email: 'amelia.hart@example.com',
      registrationDateTime: '2023-03-14T09:30',
    });
  }
  await page.getByRole('link', { name: 'Import clients' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Import clients' })).toBeVisible();

  await page.getByLabel('CSV file').setInputFiles(ERRORS_CSV);
  await expect(page.getByRole('list', { name: 'Rows by verdict' }).getByRole('listitem')).toHaveText([
    'New: 4',
    'Already a client: 1',
    'Twice in this file: 1',
    'Not valid: 6',
  ]);
  await expect(page.getByRole('row', { name: /RUBY\.CHEN@example\.com/ })).toContainText('Twice in this file');

  await page.getByRole('button', { name: 'Import 4 clients' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Imported 4 clients.' })).toBeVisible();
  // Newest first: in the real project another test of the same worker may have imported the file before.
  const recent = page.getByRole('row', { name: /errors\.csv/ }).first();
  await expect(recent).toContainText(account.username);

  await page.getByRole('button', { name: 'Undo import' }).first().click();
  await expect(page.getByRole('status').filter({ hasText: 'Import undone.' })).toBeVisible();
  await expect(recent.getByRole('button', { name: 'Undo import' })).toHaveCount(0);

  await page.goto('/clients/deleted');
  await expect(page.getByRole('row', { name: /ivy\.walsh@example\.com/ })).toBeVisible();
});
