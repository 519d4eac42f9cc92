/** /account, My account (issue 28): change the password, see and end the sessions. Its passkeys: account-passkeys.test.tsx. */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { passwordMessages, type AccountSession } from '#contract/team';
import { mockDb } from '#mocks/db.ts';
import { server } from '#mocks/node.ts';
import { mockSignIn } from '#mocks/testing/sign-in.ts';
import { setLoggedIn } from '../lib/login-flag.ts';
import { changeStatuses, goOffline } from '../testing/offline.ts';
import { renderApp } from '../testing/render-app.tsx';

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
