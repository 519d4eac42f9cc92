/** /account, My account: the passkeys (issue 30). */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockDb } from '#mocks/db.ts';
import { mockSignIn } from '#mocks/testing/sign-in.ts';
import { addPasskeyInMock, passkeyBrowser } from '../testing/passkey-browser.ts';
import { renderApp } from '../testing/render-app.tsx';

vi.mock('@simplewebauthn/browser', async () => (await import('../testing/passkey-browser.ts')).passkeyBrowserModule);

afterEach(() => passkeyBrowser.reset());

describe('/account: passkeys', () => {
  it('adds a passkey: its name, then the browser’s dialog; the row shows it, and the audit trail', async () => {
    const { user } = await renderApp('/account', { loggedIn: true, account: 'sam' });
    const section = within(screen.getByRole('region', { name: 'Passkeys' }));
    expect(await section.findByText('No passkey yet.')).toBeInTheDocument();
    // No setting to turn on before there is a passkey.
    expect(section.queryByRole('checkbox')).not.toBeInTheDocument();

    await user.click(section.getByRole('button', { name: 'Add a passkey' }));
    const name = section.getByLabelText('Passkey name');
    expect(name).toHaveFocus();
    await user.click(section.getByRole('button', { name: 'Create passkey' }));
    expect(name).toHaveAccessibleDescription('Give the passkey a name.');
    expect(passkeyBrowser.authenticator.credentials).toHaveLength(0);

    await user.type(name, 'Front desk PC');
    await user.keyboard('{Enter}');
    const row = await section.findByRole('row', { name: /Front desk PC/ });
    expect(within(row).getByRole('cell', { name: 'Never' })).toBeInTheDocument();
    expect(section.getByRole('status')).toHaveTextContent('The passkey Front desk PC is added.');
    expect(section.queryByLabelText('Passkey name')).not.toBeInTheDocument();
    expect(passkeyBrowser.authenticator.credentials).toHaveLength(1);
    expect((await mockDb.auditEntries({ kind: 'passkey-added' }))[0]).toMatchObject({ actor: 'sam', detail: 'Front desk PC' });
  });

  it('a closed browser dialog keeps the name typed and says so plainly; the next try adds it', async () => {
    passkeyBrowser.dialog = 'cancel';
    const { user } = await renderApp('/account', { loggedIn: true });
    const section = within(screen.getByRole('region', { name: 'Passkeys' }));
    await user.click(await section.findByRole('button', { name: 'Add a passkey' }));
    await user.type(section.getByLabelText('Passkey name'), 'Phone');
    await user.click(section.getByRole('button', { name: 'Create passkey' }));

    expect(await section.findByRole('alert')).toHaveTextContent(
      'The browser’s passkey dialog was closed before it made a passkey. The name you typed is kept: press Create passkey to try again.',
    );
    expect(section.getByLabelText('Passkey name')).toHaveValue('Phone');
    expect(section.getByText('No passkey yet.')).toBeInTheDocument();

    passkeyBrowser.dialog = 'answer';
    await user.click(section.getByRole('button', { name: 'Create passkey' }));
    expect(await section.findByRole('row', { name: /Phone/ })).toBeInTheDocument();
    expect(section.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('removes a passkey after asking: No keeps it, Yes removes it (and the setting with the last one)', async () => {
    await addPasskeyInMock('admin', 'Front desk PC', { askAfterPassword: true });
    const { user } = await renderApp('/account', { loggedIn: true });
    const section = within(screen.getByRole('region', { name: 'Passkeys' }));
    const row = await section.findByRole('row', { name: /Front desk PC/ });
    expect(section.getByRole('checkbox', { name: 'Ask for my passkey after my password' })).toBeChecked();

    await user.click(within(row).getByRole('button', { name: 'Remove Front desk PC' }));
    const question = section.getByRole('alertdialog', { name: 'Do you really want to remove the passkey Front desk PC?' });
    await user.click(within(question).getByRole('button', { name: 'No' }));
    expect(section.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(row).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Remove Front desk PC' }));
    await user.click(within(section.getByRole('alertdialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(section.queryByRole('row', { name: /Front desk PC/ })).not.toBeInTheDocument());
    expect(section.getByRole('status')).toHaveTextContent('The passkey Front desk PC is removed.');
    expect(section.queryByRole('checkbox')).not.toBeInTheDocument();
    expect((await mockDb.auditEntries({ kind: 'passkey-removed' }))[0]).toMatchObject({ actor: 'admin', detail: 'Front desk PC' });
  });

  it('turns "Ask for my passkey after my password" on and off, shown only with a passkey', async () => {
    await addPasskeyInMock('admin', 'Phone');
    const { user } = await renderApp('/account', { loggedIn: true });
    const setting = await within(screen.getByRole('region', { name: 'Passkeys' })).findByRole('checkbox', {
      name: 'Ask for my passkey after my password',
    });
    expect(setting).not.toBeChecked();
    expect(setting).toHaveAccessibleDescription('Your password alone signs you in.');

    await user.click(setting);
    await waitFor(() =>
      expect(setting).toHaveAccessibleDescription(
        'Your password alone no longer signs you in: after it, the browser asks for your passkey.',
      ),
    );
    expect(setting).toBeChecked();
    expect(await mockSignIn('admin', 'admin')).not.toBeNull();
    expect(
      (await fetch(new URL('/login', window.location.origin), { method: 'POST', body: '{"username":"admin","password":"admin"}' })).status,
    ).toBe(401);

    await user.click(setting);
    await waitFor(() => expect(setting).toHaveAccessibleDescription('Your password alone signs you in.'));
    expect((await mockDb.auditEntries({ kind: 'passkey-setting-changed' })).map(({ detail }) => detail)).toEqual(['off', 'on']);
  });
});
