import { expect, test } from '../fixtures.ts';
import { fillClientForm, logInThroughApi, uniqueClient, waitForApp } from '../support/app.ts';

/** The mock backend steered from the address, the way a tester reproduces a bug report. */

const badge = (page: import('@playwright/test').Page) => page.getByRole('button', { name: /^Mock scenario: / });

test.beforeEach(async ({ page, account }) => {
  await logInThroughApi(page, account);
});

test('list-fails: the list load fails, is only logged, and the badge says so across reloads until off', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await page.goto('/clients?mock-scenario=list-fails');
  await waitForApp(page);
  await expect(badge(page)).toHaveText('Mock scenario: list-fails');
  await expect(page).toHaveURL('/clients');
  await expect(page.getByRole('heading', { name: 'Clients', level: 1 })).toBeVisible();
  await expect.poll(() => errors.some((text) => text.includes('Could not load the client list'))).toBe(true);
  await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);

  await page.reload();
  await expect(badge(page)).toHaveText('Mock scenario: list-fails');

  await page.goto('/clients?mock-scenario=off');
  await expect(badge(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit' }).first()).toBeVisible();
});

test('mock-delay shows the loading state', async ({ page }) => {
  await page.goto('/clients?mock-delay=1500');
  await expect(page.getByText('Loading clients…')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit' }).first()).toBeVisible({ timeout: 10_000 });
  await expect(badge(page)).toHaveText('Mock scenario: every call after 1500 ms');
});

test('session-ended: a submit gets 401 and the login page says why', async ({ page }, testInfo) => {
  await page.goto('/clients/register?mock-scenario=session-ended');
  await fillClientForm(page, uniqueClient(testInfo));
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Your session has ended. Please log in again.')).toBeVisible();
});

test('the panel turns presets on and off and lists the calls', async ({ page }) => {
  await page.goto('/clients');
  await expect(page.getByRole('button', { name: 'Edit' }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Mock backend' }).click();
  const panel = page.getByRole('region', { name: 'Mock backend' });
  await expect(panel.getByRole('row', { name: /GET \/api\/clients 200/ }).first()).toBeVisible();
  await panel.getByLabel('update-fails').check();
  await expect(badge(page)).toHaveText('Mock scenario: update-fails');
  await panel.getByRole('button', { name: 'Turn all off' }).click();
  await expect(badge(page)).toHaveCount(0);
  await expect(panel.getByLabel('update-fails')).not.toBeChecked();
});
