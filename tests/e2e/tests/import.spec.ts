/**
 * Importing clients (issue 29), in both projects: a file with new, existing, repeated and invalid rows
 * (tests/fixtures/imports/errors.csv), its preview's counts, the import and its undo. The existing client is the mock's
 * seeded Amelia Hart; the real project, which starts each test with no clients, registers her first. Each step's page
 * fits a phone (issue 38): before the file, its preview, the import done.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '../fixtures.ts';
import { createClientThroughApi, logIn } from '../support/app.ts';
import { expectSoundLayoutOnPhone } from '../support/layout.ts';

/** errors.csv's rows under the long name a salon's old booking system gives its export (the preview's title, the recent imports'). */
const ERRORS_CSV = {
  name: 'clients-exported-from-the-old-booking-system-2024-05-errors.csv',
  mimeType: 'text/csv',
  buffer: readFileSync(fileURLToPath(new URL('../../fixtures/imports/errors.csv', import.meta.url))),
};

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
  await expect(page.getByRole('table')).toContainText(/No imports in the last 30 days|errors\.csv/);
  await expectSoundLayoutOnPhone(page, 'import');

  await page.getByLabel('CSV file').setInputFiles(ERRORS_CSV);
  await expect(page.getByRole('list', { name: 'Rows by verdict' }).getByRole('listitem')).toHaveText([
    'New: 4',
    'Already a client: 1',
    'Twice in this file: 1',
    'Not valid: 6',
  ]);
  await expect(page.getByRole('row', { name: /RUBY\.CHEN@example\.com/ })).toContainText('Twice in this file');
  await expectSoundLayoutOnPhone(page, 'import-preview');

  await page.getByRole('button', { name: 'Import 4 clients' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Imported 4 clients.' })).toBeVisible();
  // Newest first: in the real project another test of the same worker may have imported the file before.
  const recent = page.getByRole('row', { name: /errors\.csv/ }).first();
  await expect(recent).toContainText(account.username);
  await expectSoundLayoutOnPhone(page, 'import-done');

  await page.getByRole('button', { name: 'Undo import' }).first().click();
  await expect(page.getByRole('status').filter({ hasText: 'Import undone.' })).toBeVisible();
  await expect(recent.getByRole('button', { name: 'Undo import' })).toHaveCount(0);

  await page.goto('/clients/deleted');
  await expect(page.getByRole('row', { name: /ivy\.walsh@example\.com/ })).toBeVisible();
});
