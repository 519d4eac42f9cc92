import { expect, test } from '../fixtures.ts';
import { expectAlert, logIn, mainNav } from '../support/app.ts';
import { expectSoundLayoutOnPhone } from '../support/layout.ts';

/**
 * The staff page and a sign-in link in the mock (issue 28). Its store lives in one browser, so the new member opens
 * the link in the same browser after the owner signed out; two devices are the real project's.
 */
test('the owner adds a staff member; the link sets a password and the member lands on /clients without Staff', async ({
  page,
  account,
}) => {
  await logIn(page, account);
  await mainNav(page).getByRole('link', { name: 'Staff' }).click();
  await expect(page.getByRole('heading', { name: 'Staff', level: 1 })).toBeVisible();

  const add = page.getByRole('region', { name: 'Add a staff member' });
  await add.getByLabel('Username').fill('lena');
  await add.getByRole('button', { name: 'Create sign-in link' }).click();
  const link = await add.getByRole('textbox', { name: 'Sign-in link for lena' }).inputValue();
  expect(link).toMatch(/\/welcome\/[\w-]{22}$/);
  await expect(page.getByRole('row', { name: /^lena\b/ })).toContainText('Active');

  await expectAlert(page, 'Sign out successful!', () => mainNav(page).getByRole('button', { name: 'Sign Out' }).click());
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Welcome, lena', level: 1 })).toBeVisible();
  await page.getByLabel('New password').fill('short');
  await page.getByLabel('Repeat password').fill('short');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByText('Use at least 12 characters.')).toBeVisible();

  await page.getByLabel('New password').fill('a long passphrase for lena');
  await page.getByLabel('Repeat password').fill('a long passphrase for lena');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page).toHaveURL('/clients');
  await expect(page.getByRole('heading', { name: 'Clients', level: 1 })).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: 'My account' })).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: 'Staff' })).toHaveCount(0);

  // Used once: the same link again has expired.
  await page.goto(link);
  await expect(page.getByText('This sign-in link has expired. Ask the salon’s owner for a new one.')).toBeVisible();

  // Staff who open the staff page by address are told it is an owner's.
  await page.goto('/staff');
  await expect(page.getByText('Only an owner can see this page.')).toBeVisible();
});

test('the owner disables an account after Yes; it can no longer log in', async ({ page, account }) => {
  await logIn(page, account);
  await page.goto('/staff');
  const sam = page.getByRole('row', { name: /^sam\b/ });
  await sam.getByRole('button', { name: 'Disable' }).click();
  await sam.getByRole('alertdialog').getByRole('button', { name: 'Yes' }).click();
  await expect(sam.getByRole('cell', { name: 'Disabled' })).toBeVisible();
  await expect(sam.getByRole('button', { name: 'Enable' })).toBeVisible();

  await expectAlert(page, 'Sign out successful!', () => mainNav(page).getByRole('button', { name: 'Sign Out' }).click());
  await page.goto('/login');
  await page.getByLabel('Username').fill('sam');
  await page.getByLabel('Password').fill('sam');
  await expectAlert(page, 'Invalid username or password', () => page.getByRole('button', { name: 'Log in' }).click());
});

/** As long as a username can be (contract/team.ts: 3 to 32 characters). */
const LONG_USERNAME = 'alexandra.vasconcelos-montenegro';

test('My account at 375 px: the sessions and the password form fit, by keyboard', async ({ page, account }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await logIn(page, account);
  await mainNav(page).getByRole('link', { name: 'My account' }).click();
  await expect(page.getByRole('heading', { name: 'My account', level: 1 })).toBeVisible();
  await expect(page.getByRole('row', { name: /This device/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign out all other sessions' })).toBeDisabled();
  await expectSoundLayoutOnPhone(page, 'account');

  await page.getByLabel('Current password').focus();
  await page.keyboard.type('admin');
  await page.keyboard.press('Tab');
  await page.keyboard.type('a long passphrase');
  await page.keyboard.press('Tab');
  await page.keyboard.type('a long passphrase');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Your password has been changed.')).toBeVisible();

  // The staff page with the longest username there can be (32 characters) and its sign-in link (issue 38).
  await page.goto('/staff');
  await expect(page.getByRole('heading', { name: 'Staff', level: 1 })).toBeVisible();
  await expect(page.getByRole('row', { name: /^sam\b/ })).toBeVisible();
  const add = page.getByRole('region', { name: 'Add a staff member' });
  await add.getByLabel('Username').fill(LONG_USERNAME);
  await add.getByRole('button', { name: 'Create sign-in link' }).click();
  await expect(add.getByRole('textbox', { name: `Sign-in link for ${LONG_USERNAME}` })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`^${LONG_USERNAME}\\b`) })).toContainText('Active');
  await expectSoundLayoutOnPhone(page, 'staff');
});
