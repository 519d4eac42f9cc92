import type { Locator, Page, TestInfo } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { createClientThroughApi, deleteClientThroughApi, uniqueClient, waitForApp } from '../support/app.ts';
import { createFamily, firstNames, searchBox } from '../support/front-desk.ts';
import { expectSoundLayout, saveScreenshot } from '../support/layout.ts';

/**
 * The pages' layout at a phone's and a desk's width. In the real project only: the layout is the same whichever backend
 * answers.
 */

/** The audit trail's rows (audit.spec.ts has what they say). */
function trailRows(page: Page): Locator {
  return page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });
}

/** A phone and a desktop (the 375 px and 1280 px). */
const VIEWPORTS = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

/** A client with a long name and email: the pages that list or edit it must still fit. */
function longClient(testInfo: TestInfo) {
  return uniqueClient(testInfo, {
    lastName: 'Vasconcelos-Montenegro',
    email: `${uniqueClient(testInfo).email.replace('@', '.alexandra.fernandes@')}`,
  });
}

for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.width} px wide (${viewport.name})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    /** Checks the page and saves its screenshot as <project>/<width>-<name>.png. */
    async function checkPage(page: Page, name: string, heading: string | RegExp) {
      await waitForApp(page);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expectSoundLayout(page, `${name} at ${viewport.width} px`);
      await saveScreenshot(page, `${test.info().project.name}/${viewport.width}-${name}`);
    }

    test('the visitor pages fit, with no overlapping controls', async ({ page }) => {
      await page.goto('/');
      await checkPage(page, 'landing', 'Your Beauty Salon');
      await page.goto('/login');
      await checkPage(page, 'login', 'Staff login');
    });

    test('the staff pages fit, with no overlapping controls', async ({ page, signIn }, testInfo) => {
      await signIn();
      const client = await createClientThroughApi(page, longClient(testInfo));

      await page.goto('/');
      await checkPage(page, 'landing-logged-in', 'Your Beauty Salon');

      await page.goto('/clients');
      await expect(page.getByRole('cell', { name: client.firstName, exact: true })).toBeVisible();
      await checkPage(page, 'clients', 'Clients');

      await page.goto('/clients/register');
      await checkPage(page, 'register', 'Register a new client');

      await page.goto(`/clients/edit/${client._id}`);
      await expect(page.getByLabel('First name')).toHaveValue(client.firstName);
      await checkPage(page, 'edit', 'Edit a client');

      await page.getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByRole('alertdialog')).toBeVisible();
      await checkPage(page, 'edit-delete-question', 'Edit a client');
    });

    test("Recently deleted fits, each row's Restore and Erase in view", async ({ page, signIn }, testInfo) => {
      await signIn();
      const client = await createClientThroughApi(page, longClient(testInfo));
      await deleteClientThroughApi(page, client._id);

      await page.goto('/clients/deleted');
      const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: client.email, exact: true }) });
      await expect(row).toBeVisible();
      await checkPage(page, 'deleted', 'Recently deleted');
      if (viewport.name === 'desktop') {
        // At a desk the table fits its box: nothing sits under the actions column, held at the box's right edge.
        const table = page.getByRole('table');
        const overflow = await table.evaluate((element) => element.scrollWidth - (element.parentElement?.clientWidth ?? 0));
        expect(overflow, 'the table is wider than its box by').toBeLessThanOrEqual(0);
      }
      // In view as the page opens, not only after scrolling the table sideways (issue 26): the whole button,
      // inside the window and not clipped by the table's scrolling box.
      for (const name of ['Restore', 'Erase permanently']) {
        await expect.soft(row.getByRole('button', { name }), `${name} in view`).toBeInViewport({ ratio: 1 });
      }

      await row.getByRole('button', { name: 'Erase permanently' }).click();
      const question = page.getByRole('alertdialog');
      await expect(question).toBeVisible();
      await checkPage(page, 'deleted-erase-question', 'Recently deleted');
      for (const name of ['Erase', 'Cancel']) {
        await expect.soft(question.getByRole('button', { name, exact: true }), `${name} in view`).toBeInViewport({ ratio: 1 });
      }
    });
  });
}

test.describe('the front desk (logged in)', () => {
  test.beforeEach(async ({ signIn }) => {
    await signIn();
  });

  test('at 375 px the search, count and export fit and work', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const { tag } = await createFamily(page, testInfo);
    await page.goto('/clients');
    await waitForApp(page);
    await searchBox(page).fill(`ana ${tag}`);
    await expect(firstNames(page)).toHaveText(['Ana', 'Ana']);
    await expect(page.getByRole('button', { name: 'Export CSV' })).toBeVisible();
    await expectSoundLayout(page, '/clients searched at 375 px');
  });
});

test.describe('the audit trail at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the audit trail fits: filters stacked, the table scrolling inside its box', async ({ page, signIn }) => {
    await signIn('/audit');
    await waitForApp(page);
    await expect(trailRows(page).first()).toBeVisible();
    await expectSoundLayout(page, 'audit trail at 375 px');
    const scroller = page.locator('.table-scroll');
    const { clientWidth, scrollWidth } = await scroller.evaluate((box) => ({ clientWidth: box.clientWidth, scrollWidth: box.scrollWidth }));
    expect(scrollWidth).toBeGreaterThan(clientWidth);
    // Scrolled to its far side, the row still says when (the When column stays at the box's left edge).
    await scroller.evaluate((box) => box.scrollTo({ left: box.scrollWidth }));
    const when = trailRows(page).first().getByRole('cell').first();
    const [whenBox, scrollerBox] = [await when.boundingBox(), await scroller.boundingBox()];
    expect(whenBox && scrollerBox && whenBox.x - scrollerBox.x).toBeLessThan(2);
    await saveScreenshot(page, `${test.info().project.name}/375-audit`);
  });
});
