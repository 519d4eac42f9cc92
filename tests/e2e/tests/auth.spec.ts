import { expect, test } from '../fixtures.ts';
import { WRONG_PASSWORD } from '../support/accounts.ts';
import { expectAlert, logIn, loginFlag, mainNav, waitForApp } from '../support/app.ts';

test.describe('login', () => {
  test('a wrong password gets the alert and stays on /login, logged out', async ({ page, account }) => {
    await page.goto('/login');
    await page.getByLabel('Username').fill(account.username);
    await page.getByLabel('Password').fill(WRONG_PASSWORD);

    // The real server checks the password all the same (scrypt): as long as a login's, 15 s (support/app.ts, logIn).
    await expectAlert(page, 'Invalid username or password', () => page.getByRole('button', { name: 'Log in' }).click(), 15_000);

    await expect(page).toHaveURL('/login');
    expect(await loginFlag(page)).toBeNull();
    await expect(mainNav(page).getByRole('link', { name: 'Login' })).toBeVisible();
  });

  test('the right password gets the alert, sets the flag and opens /clients', async ({ page, account }) => {
    await logIn(page, account);

    expect(await loginFlag(page)).toBe('true');
    const nav = mainNav(page);
    await expect(nav.getByRole('link', { name: 'Clients' })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Login' })).toHaveCount(0);
  });
});

test.describe('the guard on /clients', () => {
  test('without the login flag, /clients redirects to /login', async ({ page }) => {
    await page.goto('/clients');
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
  });
});

test.describe('Sign Out', () => {
  test('clears the flag, goes to / and shows the alert', async ({ page, account }) => {
    await logIn(page, account);

    await expectAlert(page, 'Sign out successful!', () => mainNav(page).getByRole('button', { name: 'Sign Out' }).click());

    await expect(page).toHaveURL('/');
    expect(await loginFlag(page)).toBeNull();
    await expect(mainNav(page).getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(mainNav(page).getByRole('link', { name: 'Clients' })).toHaveCount(0);

    // And the guard applies again.
    await page.goto('/clients');
    await expect(page).toHaveURL('/login');
    await waitForApp(page);
  });
});
