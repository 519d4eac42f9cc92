/**
 * At the front desk (README): finding a client by the search box, sorting, the view in the address, Export CSV. The SPA
 * searches, sorts and writes the CSV over the list it loaded (src/features/clients/utils/client-list-view.ts), so the
 * backend is not the subject: the real project only, not again with msw (docs/decisions/027-ci-time.md, second
 * round). front-desk.spec.ts, in both, has what involves the backend: a session ending, a duplicate email.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '../fixtures.ts';
import { createClientThroughApi, uniqueClient, waitForApp } from '../support/app.ts';
import { bodyRows, createFamily, firstNames, searchBox } from '../support/front-desk.ts';

test.beforeEach(async ({ signIn }) => {
  await signIn();
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
