/** /welcome/$token (issue 28): a sign-in link sets the password and logs in; used or expired, it says so. */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { passwordMessages, SIGN_IN_LINK_EXPIRED, type SignInLink } from '#contract/team';
import { mockDb } from '#mocks/db.ts';
import { teamDb } from '#mocks/team-db.ts';
import { mockSignIn } from '#mocks/testing/sign-in.ts';
import { currentLogin, isLoggedIn } from '../lib/login-flag.ts';
import { renderApp } from '../testing/render-app.tsx';

/** A link the owner made for `username`, as the staff page does. */
async function linkFor(username: string): Promise<string> {
  const { status, body } = await mockDb.team(({ staff }) => staff.invite('admin', { username, role: 'staff' }));
  if (status !== 201) throw new Error('not added');
  return (body as { link: SignInLink }).link.path;
}

describe('/welcome/$token', () => {
  it('greets the new member, sets the password, logs in and lands on /clients without Staff', async () => {
    const path = await linkFor('lena');
    const { user, router } = await renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, lena' })).toBeInTheDocument();

    await user.type(screen.getByLabelText('New password'), 'a long passphrase');
    await user.type(screen.getByLabelText('Repeat password'), 'a long passphrase');
    await user.click(screen.getByRole('button', { name: 'Set password' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/clients'));
    expect(isLoggedIn()).toBe(true);
    expect(currentLogin()?.account).toBe('lena');
    expect(mockDb.sessionUser()).toBe('lena');
    expect(await screen.findByRole('link', { name: 'My account' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Staff' })).not.toBeInTheDocument();
    expect(await mockSignIn('lena', 'a long passphrase')).toMatchObject({ username: 'lena' });
  });

  it('says under the fields when the password is short or the two differ, and sends nothing', async () => {
    const path = await linkFor('lena');
    const { user } = await renderApp(path);
    const password = await screen.findByLabelText('New password');
    await user.type(password, 'short');
    await user.type(screen.getByLabelText('Repeat password'), 'shorter');
    await user.click(screen.getByRole('button', { name: 'Set password' }));

    expect(password).toHaveAccessibleDescription(passwordMessages.tooShort);
    expect(screen.getByLabelText('Repeat password')).toHaveAccessibleDescription(passwordMessages.mismatch);
    expect(await teamDb.linkOwner(path.replace('/welcome/', ''))).toBe('lena');
    expect(isLoggedIn()).toBe(false);
  });

  it('shows the server’s refusal of a common password under the field', async () => {
    const { user } = await renderApp(await linkFor('lena'));
    await user.type(await screen.findByLabelText('New password'), 'password1234');
    await user.type(screen.getByLabelText('Repeat password'), 'password1234');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    await waitFor(() => expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(passwordMessages.tooCommon));
    expect(isLoggedIn()).toBe(false);
  });

  it('a used link has expired', async () => {
    const path = await linkFor('lena');
    await mockDb.team(({ staff }) => staff.useLink(path.replace('/welcome/', ''), 'a long passphrase'));
    await renderApp(path);
    expect(await screen.findByText(SIGN_IN_LINK_EXPIRED)).toBeInTheDocument();
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it('a link past its 24 hours, or unknown, has expired', async () => {
    const path = await linkFor('lena');
    await teamDb.expireLinks();
    const { unmount } = await renderApp(path);
    expect(await screen.findByText(SIGN_IN_LINK_EXPIRED)).toBeInTheDocument();
    unmount();
    await renderApp('/welcome/not-a-token');
    expect(await screen.findByText(SIGN_IN_LINK_EXPIRED)).toBeInTheDocument();
  });
});
