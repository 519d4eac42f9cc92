/**
 * Possible duplicates and merging them (issue 29), in both projects: two clients with one email in two cases, found on
 * "Possible duplicates"; a merge refused because a colleague changed one since the merge page opened, then done; its
 * "Undo merge" from the list's notice, and again from the kept client's history. A long email, and each page fits a
 * phone (issue 38): Possible duplicates, the merge page, the history with the merge.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { createClientThroughApi, uniqueClient, type Client } from '../support/app.ts';
import { expectSoundLayoutOnPhone } from '../support/layout.ts';

/** With `checkLayout`, Possible duplicates and the merge page at a phone's width, each as it opens. */
async function openMerge(page: Page, kept: Client, other: Client, checkLayout = false): Promise<void> {
  await page.goto('/clients');
  await page.getByRole('link', { name: 'Possible duplicates' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Possible duplicates' })).toBeVisible();
  const pair = page.getByRole('listitem', { name: `${kept.firstName} ${kept.lastName} and ${other.firstName} ${other.lastName}` });
  await expect(pair.getByRole('region', { name: 'Registered first' })).toContainText(kept.email);
  await expect(pair.getByRole('region', { name: 'Registered later' })).toContainText(other.email);
  if (checkLayout) await expectSoundLayoutOnPhone(page, 'duplicates');
  await pair.getByRole('button', { name: 'Merge' }).click();
  await expect(page.getByRole('button', { name: 'Merge into one client' })).toBeVisible();
  if (checkLayout) await expectSoundLayoutOnPhone(page, 'merge');
}

const field = (page: Page, name: string) => page.getByRole('group', { name });

test('two clients with one email are merged, a colleague’s change shown first, and the merge is undone twice', async ({
  page,
  signIn,
  colleague,
}, testInfo) => {
  await signIn('/clients');
  const kept = await createClientThroughApi(
    page,
    uniqueClient(testInfo, {
      firstName: 'Keptina',
      email: uniqueClient(testInfo).email.replace('@', '.alexandra.vasconcelos-montenegro@a-salon-with-a-long-domain.'),
    }),
  );
  const other = await createClientThroughApi(
    page,
    uniqueClient(testInfo, { firstName: 'Otherina', email: kept.email.toUpperCase(), registrationDateTime: '2024-06-02T09:00' }),
  );

  await openMerge(page, kept, other, true);
  await expect(field(page, 'Email').getByRole('radio', { name: kept.email, exact: true })).toBeChecked();
  await field(page, 'Email').getByRole('radio', { name: other.email, exact: true }).check();
  // A colleague renames the later client meanwhile: the merge is refused, and the page shows the name they gave.
  await colleague.update(other._id, { firstName: 'Otheretta' });
  await page.getByRole('button', { name: 'Merge into one client' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'One of these clients was changed since this page opened: here they are as they are now.',
  );
  await field(page, 'First name').getByRole('radio', { name: 'Otheretta' }).check();
  await page.getByRole('button', { name: 'Merge into one client' }).click();

  await expect(page).toHaveURL(/\/clients(\?|$)/);
  const notice = page.getByRole('status').filter({ hasText: `Clients merged: Otheretta ${kept.lastName}.` });
  await expect(notice).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(other.email.replace(/\./g, '\\.')) })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(kept.email.replace(/\./g, '\\.')) })).toHaveCount(0);

  await notice.getByRole('button', { name: 'Undo merge' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Merge undone: Keptina ${kept.lastName} and Otheretta ${kept.lastName}` }),
  ).toBeVisible();
  await expect(page.getByRole('row', { name: /Keptina/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Otheretta/ })).toBeVisible();

  // Merged again, then taken back from the kept client's history.
  await openMerge(page, kept, { ...other, firstName: 'Otheretta' });
  await page.getByRole('button', { name: 'Merge into one client' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Clients merged: Keptina ${kept.lastName}.` })).toBeVisible();
  await page.goto(`/clients/edit/${encodeURIComponent(kept._id)}`);
  const history = page.getByRole('region', { name: 'History' });
  const entry = history.getByRole('listitem').filter({ hasText: 'Merged by' }).first();
  await expect(entry).toContainText(`With Otheretta ${kept.lastName} (${other.email})`);
  await expectSoundLayoutOnPhone(page, 'history-merge');
  await entry.getByRole('button', { name: 'Undo merge' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Merge undone:' })).toBeVisible();
  // One entry for each undo: from the notice, then from here.
  await expect(history.getByText(/^Merge undone by/)).toHaveCount(2);
  await expect(history.getByRole('button', { name: 'Undo merge' })).toHaveCount(0);
  await page.goto(`/clients/edit/${encodeURIComponent(other._id)}`);
  await expect(page.getByLabel('First name')).toHaveValue('Otheretta');
});
