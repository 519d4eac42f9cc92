/** /account, My account (issue 28): change the password, see and end the sessions; passkeys (issue 30). */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { passwordMessages, type AccountSession } from '#contract/team';
import { mockDb } from '#mocks/db.ts';
import { server } from '#mocks/node.ts';
import { mockSignIn } from '#mocks/testing/sign-in.ts';
import { setLoggedIn } from '../lib/login-flag.ts';
import { changeStatuses, goOffline } from '../testing/offline.ts';
import { addPasskeyInMock, passkeyBrowser } from '../testing/passkey-browser.ts';
import { renderApp } from '../testing/render-app.tsx';

vi.mock('@simplewebauthn/browser', async () => (await import('../testing/passkey-browser.ts')).passkeyBrowserModule);

afterEach(() => passkeyBrowser.reset());

describe('/account', () => {
  it('is linked from the nav bar for staff too', async () => {
    setLoggedIn('sam');
    mockDb.startSession('sam');
    const { user, router } = await renderApp('/clients');
    await user.click(await screen.findByRole('link', { name: 'My account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    expect(await screen.findByRole('heading', { level: 1, name: 'My account' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Change password' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Your sessions' })).toBeInTheDocument();
  });

  it('changes the password: the current one first, the rules under the fields', async () => {
    const { user } = await renderApp('/account', { loggedIn: true });
    const current = await screen.findByLabelText('Current password');
    const next = screen.getByLabelText('New password');
    const repeat = screen.getByLabelText('Repeat password');
    // The current password first, then the new one twice; password managers know which is which.
    const fields = within(screen.getByRole('region', { name: 'Change password' })).getAllByLabelText(/password$/);
    expect(fields).toEqual([current, next, repeat]);
    expect(fields.map((input) => input.getAttribute('autocomplete'))).toEqual(['current-password', 'new-password', 'new-password']);

    await user.type(current, 'wrong');
    await user.type(next, 'short');
    await user.type(repeat, 'short');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(next).toHaveAccessibleDescription(passwordMessages.tooShort);

    await user.clear(next);
    await user.type(next, 'a long passphrase');
    await user.clear(repeat);
    await user.type(repeat, 'a long passphrase!');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(repeat).toHaveAccessibleDescription(passwordMessages.mismatch);

    await user.clear(repeat);
    await user.type(repeat, 'a long passphrase');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(current).toHaveAccessibleDescription(passwordMessages.wrongCurrent));
    expect(await mockSignIn('admin', 'admin')).not.toBeNull();

    await user.clear(current);
    await user.type(current, 'admin');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    expect(await mockSignIn('admin', 'a long passphrase')).not.toBeNull();
    expect(await mockSignIn('admin', 'admin')).toBeNull();
  });

  it('offline, a password change fails at once and says so, and is never sent later', async () => {
    const { user, queryClient } = await renderApp('/account', { loggedIn: true });
    await user.type(await screen.findByLabelText('Current password'), 'admin');
    await user.type(screen.getByLabelText('New password'), 'a long passphrase');
    await user.type(screen.getByLabelText('Repeat password'), 'a long passphrase');
    goOffline();

    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not change the password: the server cannot be reached. Try again once the connection is back.',
    );
    expect(changeStatuses(queryClient)).toEqual(['error']);
    expect(await mockSignIn('admin', 'admin')).not.toBeNull();
  });

  it('lists the mock’s one session as this device, with nothing else to sign out', async () => {
    await renderApp('/account', { loggedIn: true });
    const row = await screen.findByRole('row', { name: /This device/ });
    expect(within(row).queryByRole('button', { name: /Sign out/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out all other sessions' })).toBeDisabled();
  });

  it('shows each session’s browser, place and times; signs out another one, or all others', async () => {
    let sessions: AccountSession[] = [
      {
        id: 'here',
        browser: 'Firefox 133',
        system: 'Windows',
        ip: '192.0.2.1',
        signedInAt: '2026-11-20T09:00:00.000Z',
        lastUsedAt: '2026-11-26T09:00:00.000Z',
        current: true,
      },
      {
        id: 'phone',
        browser: 'Chrome 142',
        system: 'Android',
        ip: '198.51.100.7',
        signedInAt: '2026-11-21T09:00:00.000Z',
        lastUsedAt: '2026-11-25T18:30:00.000Z',
        current: false,
      },
      {
        id: 'old',
        browser: null,
        system: null,
        ip: null,
        signedInAt: '2026-11-01T09:00:00.000Z',
        lastUsedAt: '2026-11-02T09:00:00.000Z',
        current: false,
      },
    ];
    const ended: string[] = [];
    server.use(
      http.get('*/api/account/sessions', () => HttpResponse.json(sessions)),
      http.delete('*/api/account/sessions/:id', ({ params }) => {
        ended.push(String(params.id));
        sessions = sessions.filter((session) => session.id !== params.id);
        return new HttpResponse(null, { status: 204 });
      }),
      http.delete('*/api/account/sessions', () => {
        ended.push('all others');
        sessions = sessions.filter((session) => session.current);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = await renderApp('/account', { loggedIn: true });
    const phone = within(await screen.findByRole('row', { name: /Chrome 142 on Android/ }));
    expect(phone.getByRole('cell', { name: '198.51.100.7' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Firefox 133 on Windows/ })).toHaveTextContent('This device');
    expect(screen.getByRole('row', { name: /Unknown browser/ })).toHaveTextContent('Unknown');

    await user.click(phone.getByRole('button', { name: /^Sign out Chrome 142 on Android/ }));
    await waitFor(() => expect(screen.queryByRole('row', { name: /Chrome 142/ })).not.toBeInTheDocument());
    expect(ended).toEqual(['phone']);
    expect(screen.getByText('Chrome 142 on Android is signed out.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign out all other sessions' }));
    await waitFor(() => expect(screen.queryByRole('row', { name: /Unknown browser/ })).not.toBeInTheDocument());
    expect(ended).toEqual(['phone', 'all others']);
    expect(screen.getByRole('button', { name: 'Sign out all other sessions' })).toBeDisabled();
  });

  it('sends a visitor to the login page', async () => {
    const { router } = await renderApp('/account');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});

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
