/** /staff, the staff page (issue 28): owners only; add a member with a sign-in link; role, disable, reset, sign out. */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LAST_OWNER, USERNAME_RULE, USERNAME_TAKEN } from '#contract/team';
import { mockDb } from '#mocks/db.ts';
import { teamDb } from '#mocks/team-db.ts';
import { mockSignIn } from '#mocks/testing/sign-in.ts';
import { setLoggedIn } from '../lib/login-flag.ts';
import { changeStatuses, goOffline } from '../testing/offline.ts';
import { renderApp } from '../testing/render-app.tsx';

const rowOf = (username: string) => screen.findByRole('row', { name: new RegExp(`^${username}\\b`) });

describe('/staff', () => {
  it('shows an owner every account: username, role, status, last sign-in, sessions; linked from the nav bar', async () => {
    const { user, router } = await renderApp('/clients', { loggedIn: true });
    await user.click(await screen.findByRole('link', { name: 'Staff' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff'));

    expect(await screen.findByRole('heading', { level: 1, name: 'Staff' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Username',
      'Role',
      'Status',
      'Last sign-in',
      'Sessions',
      'Actions',
    ]);
    const sam = within(await rowOf('sam'));
    expect(sam.getByRole('combobox', { name: 'Role of sam' })).toHaveDisplayValue('Staff');
    expect(sam.getByRole('cell', { name: 'Active' })).toBeInTheDocument();
    expect(sam.getByRole('cell', { name: 'Never' })).toBeInTheDocument();
    expect(sam.getByRole('cell', { name: '0' })).toBeInTheDocument();
    const admin = within(await rowOf('admin'));
    expect(admin.getByRole('combobox', { name: 'Role of admin' })).toHaveDisplayValue('Owner');
    expect(admin.getByRole('cell', { name: '1' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Audit trail' })).toHaveAttribute('href', '/audit');
  });

  it('tells staff it is an owner’s page, and their nav bar has My account but no Staff', async () => {
    setLoggedIn('sam');
    mockDb.startSession('sam');
    await renderApp('/staff');
    expect(await screen.findByText('Only an owner can see this page.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'My account' })).toHaveAttribute('href', '/account');
    expect(screen.queryByRole('link', { name: 'Staff' })).not.toBeInTheDocument();
  });

  it('sends a visitor to the login page', async () => {
    const { router } = await renderApp('/staff');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('adds a staff member and shows the one-time link to copy', async () => {
    const { user } = await renderApp('/staff', { loggedIn: true });
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const form = within(screen.getByRole('region', { name: 'Add a staff member' }));
    await user.type(form.getByLabelText('Username'), 'Lena');
    expect(form.getByLabelText('Role')).toHaveDisplayValue('Staff');
    await user.click(form.getByRole('button', { name: 'Create sign-in link' }));

    const link = (await form.findByRole('textbox', { name: 'Sign-in link for lena' })) as HTMLInputElement;
    expect(link.value).toMatch(new RegExp(`^${window.location.origin}/welcome/[\\w-]{22}$`));
    await user.click(form.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(link.value);
    expect(await form.findByText('Link copied.')).toBeInTheDocument();

    const lena = within(await rowOf('lena'));
    expect(lena.getByRole('combobox', { name: 'Role of lena' })).toHaveDisplayValue('Staff');
    expect(await teamDb.linkOwner(link.value.split('/welcome/')[1] ?? '')).toBe('lena');
  });

  it('says under the field when the username is against the rule or taken', async () => {
    const { user } = await renderApp('/staff', { loggedIn: true });
    const form = within(screen.getByRole('region', { name: 'Add a staff member' }));
    const username = form.getByLabelText('Username');
    await user.type(username, 'ab');
    await user.click(form.getByRole('button', { name: 'Create sign-in link' }));
    expect(await form.findByText(USERNAME_RULE)).toBeInTheDocument();
    expect(username).toHaveAccessibleDescription(USERNAME_RULE);

    await user.clear(username);
    await user.type(username, 'sam');
    await user.click(form.getByRole('button', { name: 'Create sign-in link' }));
    expect(await form.findByText(USERNAME_TAKEN)).toBeInTheDocument();
    expect(username).toHaveAccessibleDescription(USERNAME_TAKEN);
    expect(form.queryByText(USERNAME_RULE)).not.toBeInTheDocument();
  });

  it('Disable asks first: No keeps the account, Yes disables it and Enable brings it back', async () => {
    const { user } = await renderApp('/staff', { loggedIn: true });
    const sam = within(await rowOf('sam'));
    await user.click(sam.getByRole('button', { name: 'Disable' }));
    const question = sam.getByRole('alertdialog', { name: /^Disable sam\?/ });
    await user.click(within(question).getByRole('button', { name: 'No' }));
    expect(sam.getByRole('cell', { name: 'Active' })).toBeInTheDocument();
    expect(await mockSignIn('sam', 'sam')).not.toBeNull();

    await user.click(sam.getByRole('button', { name: 'Disable' }));
    await user.click(within(sam.getByRole('alertdialog')).getByRole('button', { name: 'Yes' }));
    expect(await sam.findByRole('cell', { name: 'Disabled' })).toBeInTheDocument();
    expect(sam.getByRole('status')).toHaveTextContent('sam is disabled.');
    expect(await mockSignIn('sam', 'sam')).toBeNull();

    await user.click(sam.getByRole('button', { name: 'Enable' }));
    expect(await sam.findByRole('cell', { name: 'Active' })).toBeInTheDocument();
    expect(await mockSignIn('sam', 'sam')).not.toBeNull();
  });

  it('changes a role, and refuses to leave no active owner with the server’s words by the action', async () => {
    const { user } = await renderApp('/staff', { loggedIn: true });
    const admin = within(await rowOf('admin'));
    await user.selectOptions(admin.getByRole('combobox', { name: 'Role of admin' }), 'staff');
    expect(await admin.findByRole('alert')).toHaveTextContent(LAST_OWNER);
    expect(admin.getByRole('combobox', { name: 'Role of admin' })).toHaveDisplayValue('Owner');

    await user.click(admin.getByRole('button', { name: 'Disable' }));
    await user.click(within(admin.getByRole('alertdialog')).getByRole('button', { name: 'Yes' }));
    expect(await admin.findByRole('alert')).toHaveTextContent(LAST_OWNER);

    const sam = within(await rowOf('sam'));
    await user.selectOptions(sam.getByRole('combobox', { name: 'Role of sam' }), 'owner');
    expect(await sam.findByRole('status')).toHaveTextContent('sam is now owner.');
    expect(mockDb.roleOf('sam')).toBe('owner');
  });

  it('offline, a role change fails at once by the action, and waits for no connection', async () => {
    const { user, queryClient } = await renderApp('/staff', { loggedIn: true });
    const sam = within(await rowOf('sam'));
    goOffline();

    await user.selectOptions(sam.getByRole('combobox', { name: 'Role of sam' }), 'owner');
    expect(await sam.findByRole('alert')).toHaveTextContent(
      'Could not change sam: the server cannot be reached. Try again once the connection is back.',
    );
    expect(changeStatuses(queryClient)).toEqual(['error']);
    expect(mockDb.roleOf('sam')).toBe('staff');
  });

  it('Reset password asks first, then shows a new link; the old password stops working', async () => {
    const { user } = await renderApp('/staff', { loggedIn: true });
    const sam = within(await rowOf('sam'));
    await user.click(sam.getByRole('button', { name: 'Reset password' }));
    await user.click(within(sam.getByRole('alertdialog', { name: /^Reset the password of sam\?/ })).getByRole('button', { name: 'Yes' }));
    expect(((await sam.findByRole('textbox', { name: 'Sign-in link for sam' })) as HTMLInputElement).value).toContain('/welcome/');
    expect(await mockSignIn('sam', 'sam')).toBeNull();
  });

  it('Sign out everywhere asks first; signing out oneself ends this session', async () => {
    const { user, router } = await renderApp('/staff', { loggedIn: true });
    const admin = within(await rowOf('admin'));
    await user.click(admin.getByRole('button', { name: 'Sign out everywhere' }));
    await user.click(within(admin.getByRole('alertdialog', { name: 'Sign admin out everywhere?' })).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(mockDb.hasSession()).toBe(false));
    // The list asked again gets 401: the session ended, as on any 401.
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
