/**
 * The landing page, as a visitor sees it. It calls no API, so the backend is not its subject: the real project only
 * (the production build), not again with msw (docs/decisions/027-ci-time.md, second round).
 */
import { expect, test } from '../fixtures.ts';
import { mainNav, waitForApp } from '../support/app.ts';

test.describe('a visitor', () => {
  test('sees HOME, the salon text and a Login link, but no Clients link or Sign Out', async ({ page }) => {
    await page.goto('/');
    await waitForApp(page);
    const nav = mainNav(page);

    await expect(nav.getByRole('link', { name: 'HOME' })).toHaveAttribute('href', '/');
    await expect(nav.getByText('YOUR BEAUTY SALON', { exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Clients' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Sign Out' })).toHaveCount(0);

    await nav.getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Clients' })).toHaveCount(0);

    await nav.getByRole('link', { name: 'HOME' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Your Beauty Salon' })).toBeVisible();
  });
});

test.describe('the landing page', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/');
    await waitForApp(page);
  });

  test('has the salon name, two services images, the about text and the footer', async ({ page }) => {
    await expect(page.getByRole('heading', { level: 1, name: 'Your Beauty Salon' })).toBeVisible();

    const services = page.getByRole('img', { name: 'services', exact: true });
    await expect(services).toHaveCount(2);
    for (const image of await services.all()) {
      await image.scrollIntoViewIfNeeded();
      // Loaded, not a broken-image icon.
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    }

    const about = page.getByRole('region', { name: 'About' });
    await expect(about.getByRole('heading', { name: 'About' })).toBeVisible();
    await expect(about.getByText(/make-up artists, hair stylists and photographers/)).toBeVisible();

    const footer = page.getByRole('contentinfo');
    await expect(footer.getByText(/^Made in \S/)).toBeVisible();
    await expect(footer.getByRole('link')).toHaveCount(3);
    await expect(footer.getByText(/2023/)).toBeVisible();
  });

  test('has a gallery of four items, the first selected, and clicking an item selects it', async ({ page }) => {
    const gallery = page.getByRole('region', { name: 'Gallery' });
    const items = gallery.getByRole('list', { name: 'Gallery items' }).getByRole('button');
    await expect(items).toHaveCount(4);
    for (const item of await items.all()) {
      await expect(item).toContainText('Live the Beauty');
      await expect(item).toContainText('Photoshoot / Adv.Campaign');
    }
    await expect(gallery.getByText('1 / 4', { exact: true })).toBeVisible();
    await expect(items.nth(0)).toHaveAttribute('aria-pressed', 'true');

    await items.nth(2).click();
    await expect(gallery.getByText('3 / 4', { exact: true })).toBeVisible();
    await expect(items.nth(2)).toHaveAttribute('aria-pressed', 'true');
    await expect(items.nth(0)).toHaveAttribute('aria-pressed', 'false');
    // The selected item is shown large with its title.
    const title = await items
      .nth(2)
      .getAttribute('aria-labelledby')
      .then((id) => page.locator(`[id="${id}"]`).textContent());
    await expect(gallery.getByRole('heading', { level: 3, name: title ?? '' })).toBeVisible();

    await items.nth(3).click();
    await expect(gallery.getByText('4 / 4', { exact: true })).toBeVisible();
  });

  test('selects gallery items with the keyboard: Tab and Enter or Space, arrows, Home and End', async ({ page }) => {
    const gallery = page.getByRole('region', { name: 'Gallery' });
    const items = gallery.getByRole('list', { name: 'Gallery items' }).getByRole('button');
    const counter = (text: string) => gallery.getByText(text, { exact: true });

    await items.nth(0).focus();
    await page.keyboard.press('Tab');
    await expect(items.nth(1)).toBeFocused();
    await expect(counter('1 / 4')).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(counter('2 / 4')).toBeVisible();

    await page.keyboard.press('Tab');
    await expect(items.nth(2)).toBeFocused();
    await page.keyboard.press('Space');
    await expect(counter('3 / 4')).toBeVisible();

    await page.keyboard.press('ArrowRight');
    await expect(counter('4 / 4')).toBeVisible();
    await expect(items.nth(3)).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(counter('1 / 4')).toBeVisible();
    await page.keyboard.press('End');
    await expect(counter('4 / 4')).toBeVisible();
    await page.keyboard.press('Home');
    await expect(counter('1 / 4')).toBeVisible();
    await expect(items.nth(0)).toBeFocused();
  });
});
