/**
 * The owner runs the team (issue 28) across two devices: two browser contexts on the real server, the owner's (the
 * test's page) and another person's. The mock's counterpart, in one browser, is team.mock.spec.ts.
 */
import { expect, test } from '../fixtures.ts';
import {
  createClientThroughApi,
  expectAlert,
  logIn,
  mainNav,
  setPasswordThroughLink,
  uniqueClient,
  uniqueUsername,
} from '../support/app.ts';
import { expectSoundLayoutOnPhone } from '../support/layout.ts';
import { ownerControlsOn } from '../support/roles.ts';

const SESSION_ENDED = 'Your session has ended. Please log in again.';

test('a new member sets a password through the link on their device, sees no owner controls, and is signed out within a second of Disable', async ({
  page,
  browser,
  appServer,
  signIn,
}, testInfo) => {
  // A username near the longest there can be (32 characters): the staff page must still fit a phone (issue 38).
  const lena = { username: uniqueUsername(testInfo, 'lena-montenegro-cruz'), password: 'Lena-Front-Desk-3w!Kp7#Zr' };
  const { username } = lena;
  // The owner's own login is not this test's subject (the member's sessions are): the worker's session, no password hash.
  await signIn('/clients');
  const client = await createClientThroughApi(page, uniqueClient(testInfo));
  await mainNav(page).getByRole('link', { name: 'Staff' }).click();
  const add = page.getByRole('region', { name: 'Add a staff member' });
  await add.getByLabel('Username').fill(username);
  await add.getByRole('button', { name: 'Create sign-in link' }).click();
  const link = await add.getByRole('textbox', { name: `Sign-in link for ${username}` }).inputValue();
  expect(link).toMatch(/\/welcome\/[\w-]{22}$/);

  const device = await browser.newContext({ baseURL: appServer.url });
  try {
    const staff = await device.newPage();
    await setPasswordThroughLink(staff, link, lena);

    // Each page once it knows the role (GET /api/me): the list and the client's page have none of the owner's controls.
    const list = await ownerControlsOn(staff, `/clients?q=${encodeURIComponent(client.email)}`, async () => {
      await expect(staff.getByRole('cell', { name: client.firstName, exact: true })).toBeVisible();
    });
    expect(list).toEqual([]);
    await expect(mainNav(staff).getByRole('link', { name: 'My account' })).toBeVisible();
    await expect(mainNav(staff).getByRole('link', { name: 'Staff' })).toHaveCount(0);
    const clientPage = await ownerControlsOn(staff, `/clients/edit/${encodeURIComponent(client._id)}`, async () => {
      await expect(staff.getByLabel('First name')).toHaveValue(client.firstName);
      await expect(staff.getByRole('region', { name: 'History' }).getByRole('listitem')).not.toHaveCount(0);
    });
    expect(clientPage).toEqual([]);

    // The owner disables the account; the member's open tab (its event stream) is signed out within a second.
    const member = page.getByRole('row', { name: new RegExp(`^${username}\\b`) });
    await expect(member).toContainText('Active');
    await expectSoundLayoutOnPhone(page, 'staff');
    await member.getByRole('button', { name: 'Disable' }).click();
    const disabled = page.waitForResponse(
      (response) => response.request().method() === 'PATCH' && new URL(response.url()).pathname === `/api/staff/${username}`,
    );
    await member.getByRole('alertdialog').getByRole('button', { name: 'Yes' }).click();
    expect((await disabled).status()).toBe(200);
    await expect(staff.getByText(SESSION_ENDED)).toBeVisible({ timeout: 1_000 });
    await expect(staff).toHaveURL(/^[^?]*\/login\?ended=true&/);
    await expect(member.getByRole('cell', { name: 'Disabled' })).toBeVisible();

    await staff.getByLabel('Username').fill(username);
    await staff.getByLabel('Password').fill(lena.password);
    await expectAlert(staff, 'Invalid username or password', () => staff.getByRole('button', { name: 'Log in' }).click(), 15_000);
    await expect(staff).toHaveURL(/\/login/);
  } finally {
    await device.close();
  }
});

test('My account lists both devices’ sessions; Sign out ends the other, whose open tab asks to log in again', async ({
  page,
  browser,
  appServer,
  staffApi,
}, testInfo) => {
  const member = { username: uniqueUsername(testInfo, 'ines'), password: 'Ines-Front-Desk-8v!Qx2#Tm' };
  const link = await staffApi!.addStaffMember(member.username);

  const device = await browser.newContext({ baseURL: appServer.url });
  try {
    const other = await device.newPage();
    await setPasswordThroughLink(other, link, member);
    await logIn(page, member);

    await mainNav(page).getByRole('link', { name: 'My account' }).click();
    const sessions = page.getByRole('region', { name: 'Your sessions' });
    const rows = sessions.getByRole('row').filter({ has: page.getByRole('cell') });
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: 'This device' })).toHaveCount(1);
    const signOutOther = sessions.getByRole('button', { name: /^Sign out .+, last used / });
    await expect(signOutOther).toHaveCount(1);

    await signOutOther.click();
    await expect(sessions.getByRole('status')).toHaveText(/ is signed out\.$/);
    await expect(other.getByText(SESSION_ENDED)).toBeVisible();
    await expect(other).toHaveURL('/login?ended=true&redirect=%2Fclients');
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText('This device');
    await expect(sessions.getByRole('button', { name: 'Sign out all other sessions' })).toBeDisabled();
  } finally {
    await device.close();
  }
});
