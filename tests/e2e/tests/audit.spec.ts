/**
 * The audit trail (issue 28), in both projects: the owner finds their own sign-in and an "Export data" in it, filters
 * it, exports it; staff who open /audit by its address read "Only an owner can see this page.". The trail with this
 * test's entries fits a phone (issue 38); responsive.real.spec.ts has more of its layout at 375 px (the table's box).
 */
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import type { Account } from '../support/accounts.ts';
import { createClientThroughApi, logIn, logInThroughApi, uniqueClient } from '../support/app.ts';
import { expectSoundLayoutOnPhone } from '../support/layout.ts';

/** The mock's member of staff (mocks/db.ts); the real project's second account, added as staff by the CLI. */
const MOCK_STAFF: Account = { username: 'sam', password: 'sam' };

/** A row's cells, by column: When, What, Who, On what, Detail, IP, Browser. */
async function cellsOf(row: Locator): Promise<string[]> {
  return row.getByRole('cell').allTextContents();
}

function trailRows(page: Page): Locator {
  return page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });
}

test('the owner sees their own sign-in and an "Export data" in the audit trail, and exports it', async ({ page, account }, testInfo) => {
  await logIn(page, account);
  const browser = await page.evaluate(() => navigator.userAgent);
  const client = await createClientThroughApi(page, uniqueClient(testInfo));
  await page.goto(`/clients/edit/${client._id}`);
  await expect(page.getByLabel('First name')).toHaveValue(client.firstName);
  const exported = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export data' }).click();
  await exported;

  await page.goto('/audit');
  await expect(page.getByRole('heading', { level: 1, name: 'Audit trail' })).toBeVisible();
  // Newest first: the export, then (the real server's database holds earlier tests' entries too) this sign-in.
  const newest = trailRows(page).first();
  await expect(newest.getByRole('cell').nth(1)).toHaveText('Export data');
  const [, , who, onWhat] = await cellsOf(newest);
  expect([who, onWhat]).toEqual([account.username, client._id]);
  await expectSoundLayoutOnPhone(page, 'audit');

  await page.getByLabel('Kind').selectOption({ label: 'Signed in' });
  await page.getByLabel('Account').fill(account.username);
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/\/audit\?.*kind=sign-in/);
  await expect(trailRows(page).first().getByRole('cell').nth(1)).toHaveText('Signed in');
  const signIn = await cellsOf(trailRows(page).first());
  expect(signIn[2]).toBe(account.username);
  expect(signIn[6]).toBe(browser);
  for (const row of await trailRows(page).all()) expect((await cellsOf(row))[1]).toBe('Signed in');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^audit-trail-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile(await file.path(), 'utf8')).split('\r\n').filter((line) => line !== '');
  expect(lines[0]).toBe('\uFEFFWhen (UTC),What,Who,On what,Detail,IP,Browser');
  expect(lines.length - 1).toBe(await trailRows(page).count());
  expect(lines.slice(1).every((line) => line.includes(`,Signed in,${account.username},`))).toBe(true);
});

test('staff who open /audit by its address read that only an owner can see it', async ({ page, colleagueAccount }) => {
  await logInThroughApi(page, colleagueAccount ?? MOCK_STAFF);
  await page.goto('/audit');
  await expect(page.getByText('Only an owner can see this page.')).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Export CSV' })).toHaveCount(0);
});
