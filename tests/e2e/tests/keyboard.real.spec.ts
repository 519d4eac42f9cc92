import { expect, test } from '../fixtures.ts';
import { clientRow, expectAlert, mainNav, uniqueClient, waitForApp } from '../support/app.ts';
import { expectVisibleFocus, tabTo } from '../support/keyboard.ts';

/**
 * The main flow with page.keyboard only (Tab, Shift+Tab, Enter, Space and typing), checking
 * at every Tab stop that the focus is visible. Alerts are accepted like the other tests do:
 * they are the browser's own dialogs, not the page's. The keyboard is the subject, not the backend: the real project
 * only (clients.spec.ts has the same flow by mouse in both; docs/decisions/027-ci-time.md, second round).
 */
test('log in, register, edit and delete a client with the keyboard only', async ({ page, account }, testInfo) => {
  test.slow();
  const client = uniqueClient(testInfo);
  const keyboard = page.keyboard;
  /** A save's message, then back to the list through its link. */
  const savedThenBackToList = async (message: string) => {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
    await tabTo(page, page.getByRole('link', { name: 'View clients list' }));
    await keyboard.press('Enter');
    await expect(page).toHaveURL('/clients');
  };

  await test.step('log in', async () => {
    await page.goto('/');
    await waitForApp(page);
    await tabTo(page, mainNav(page).getByRole('link', { name: 'Login' }));
    await keyboard.press('Enter');
    await expect(page).toHaveURL('/login');

    await tabTo(page, page.getByLabel('Username'));
    await keyboard.type(account.username);
    await keyboard.press('Tab');
    await expect(page.getByLabel('Password')).toBeFocused();
    await expectVisibleFocus(page);
    await keyboard.type(account.password);
    // The real server's password check (scrypt) on a busy machine: 15 s, as in support/app.ts's logIn.
    await expectAlert(page, 'Login successful!', () => keyboard.press('Enter'), 15_000);
    await expect(page).toHaveURL('/clients');
  });

  await test.step('register', async () => {
    await tabTo(page, page.getByRole('link', { name: 'Register a new client' }));
    await keyboard.press('Enter');
    await expect(page).toHaveURL('/clients/register');

    await tabTo(page, page.getByLabel('First name'));
    await keyboard.type(client.firstName);
    await keyboard.press('Tab');
    await keyboard.type(client.lastName);
    await keyboard.press('Tab');
    await keyboard.type(client.email);
    await keyboard.press('Tab');
    await expect(page.getByLabel('Registration date and time')).toBeFocused();
    await expectVisibleFocus(page);
    // Chromium's datetime-local field in en-US: mm/dd/yyyy, then Tab to hh:mm and AM/PM.
    await keyboard.type('06152024');
    await keyboard.press('Tab');
    await keyboard.type('0805A');
    await expect(page.getByLabel('Registration date and time')).toHaveValue('2024-06-15T08:05');

    await tabTo(page, page.getByRole('button', { name: 'Register' }));
    await keyboard.press('Enter');
    await savedThenBackToList('Client registered successfully!');
    await expect(clientRow(page, client.firstName).getByRole('cell')).toHaveText([
      client.firstName,
      client.lastName,
      client.email,
      '2024-06-15 08:05',
      'Edit',
    ]);
  });

  await test.step('edit', async () => {
    await tabTo(page, clientRow(page, client.firstName).getByRole('button', { name: 'Edit' }));
    await keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Edit a client' })).toBeVisible();
    await expect(page.getByLabel('Registration date and time')).toHaveValue('2024-06-15T08:05');

    await tabTo(page, page.getByLabel('Last name'));
    await keyboard.press('ControlOrMeta+A');
    await keyboard.type('Keyboard');
    await tabTo(page, page.getByRole('button', { name: 'Update' }));
    await keyboard.press('Space');
    await savedThenBackToList('Client updated successfully!');
    await expect(clientRow(page, client.firstName).getByRole('cell').nth(1)).toHaveText('Keyboard');
  });

  await test.step('delete: No, then Yes', async () => {
    await tabTo(page, clientRow(page, client.firstName).getByRole('button', { name: 'Edit' }));
    await keyboard.press('Enter');
    await expect(page.getByLabel('First name')).toHaveValue(client.firstName);
    const question = page.getByRole('alertdialog', { name: 'Do you really want to delete this client?' });

    const deleteButton = page.getByRole('button', { name: 'Delete' });
    await tabTo(page, deleteButton);
    await keyboard.press('Enter');
    await expect(question).toBeVisible();
    // The question takes the focus on its safe answer.
    await expect(question.getByRole('button', { name: 'No' })).toBeFocused();
    await expectVisibleFocus(page);
    await keyboard.press('Space');
    await expect(question).toHaveCount(0);
    await expect(deleteButton).toBeFocused();
    await expectVisibleFocus(page);

    await keyboard.press('Enter');
    await expect(question).toBeVisible();
    await tabTo(page, question.getByRole('button', { name: 'Yes' }), { backwards: true });
    await keyboard.press('Enter');
    await expect(page).toHaveURL('/clients');
    await expect(page.getByRole('heading', { name: 'Clients', level: 1 })).toBeVisible();
    await expect(clientRow(page, client.firstName)).toHaveCount(0);
  });
});
