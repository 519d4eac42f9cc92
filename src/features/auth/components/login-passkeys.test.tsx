/** /login with passkeys (issue 30): the button, the Username field's autofill, the step after the password. */
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { mockDb } from '#mocks/db.ts';
import { server } from '#mocks/node.ts';
import { startScenario } from '#mocks/scenarios.ts';
import { SoftwareAuthenticator } from '#tests/harness/software-authenticator.ts';
import { addPasskeyInMock, passkeyBrowser } from '../../../testing/passkey-browser.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { loadSignedInChunks } from '../../../testing/signed-in-chunks.ts';

vi.mock('@simplewebauthn/browser', async () => (await import('../../../testing/passkey-browser.ts')).passkeyBrowserModule);

afterEach(() => passkeyBrowser.reset());

const passkeyButton = () => screen.getByRole('button', { name: 'Sign in with a passkey' });

async function expectSignedIn(router: Awaited<ReturnType<typeof renderApp>>['router'], username: string) {
  await waitFor(() => expect(router.state.location.pathname).toBe('/clients'));
  expect(window.alert).toHaveBeenCalledWith('Login successful!');
  expect(window.alert).not.toHaveBeenCalledWith('Invalid username or password');
  expect(window.localStorage.getItem('isLoggedIn')).toBe('true');
  expect(mockDb.sessionUser()).toBe(username);
  expect(await screen.findByRole('heading', { name: 'Clients' })).toBeInTheDocument();
  // The signed-in bar is its own chunk (load-staff-nav-bar.ts), as are the live updates and the offline support: on a
  // busy machine they finished loading after the test.
  await loadSignedInChunks();
  expect(await screen.findByRole('link', { name: 'My account' })).toBeInTheDocument();
}

const passkeyFailures = async () =>
  (await mockDb.auditEntries({ kind: 'passkey-failed' })).map(({ actor, detail }) => ({ actor, detail })).reverse();

describe('/login with a passkey', () => {
  it('keeps the spec’s form and adds the button; the Username field offers saved passkeys', async () => {
    await renderApp('/login');
    expect(screen.getByLabelText('Username')).toHaveAttribute('autocomplete', 'username webauthn');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Log in' })).toHaveAttribute('type', 'submit');
    expect(passkeyButton()).toHaveAttribute('type', 'button');
  });

  it('the button signs in as the passkey’s account: the flag, the alert, /clients', async () => {
    await addPasskeyInMock('sam', 'Phone');
    const { user, router } = await renderApp('/login');
    await user.click(passkeyButton());
    await expectSignedIn(router, 'sam');
    expect((await mockDb.auditEntries({ kind: 'sign-in' }))[0]).toMatchObject({ actor: 'sam', detail: 'passkey: Phone' });
  });

  it('an unknown passkey, or a closed dialog, gets the login’s alert and no flag', async () => {
    // A passkey this site's server never registered (made for another account's options, never sent).
    passkeyBrowser.authenticator = new SoftwareAuthenticator({ origin: window.location.origin });
    passkeyBrowser.authenticator.register({
      challenge: 'c3RyYW5nZXI',
      rp: { name: 'Your Beauty Salon', id: window.location.hostname },
      user: { id: 'c3RyYW5nZXI', name: 'stranger', displayName: 'stranger' },
      pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
    });
    const { user, router } = await renderApp('/login');
    await user.click(passkeyButton());
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Invalid username or password'));
    expect(await passkeyFailures()).toEqual([{ actor: '(unknown)', detail: 'unknown passkey' }]);

    passkeyBrowser.dialog = 'cancel';
    await user.click(passkeyButton());
    await waitFor(() => expect(window.alert).toHaveBeenCalledTimes(2));
    expect(window.alert).toHaveBeenLastCalledWith('Invalid username or password');
    expect(window.localStorage.getItem('isLoggedIn')).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('after the right password of an account that asks for it: "Confirm with your passkey", then signed in', async () => {
    await addPasskeyInMock('sam', 'Phone', { askAfterPassword: true });
    passkeyBrowser.dialog = 'wait';
    const { user, router } = await renderApp('/login');
    await user.type(screen.getByLabelText('Username'), 'sam');
    await user.type(screen.getByLabelText('Password'), 'sam');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Confirm with your passkey');
    // The password alone opened no session, and set no flag.
    expect(mockDb.hasSession()).toBe(false);
    expect(window.localStorage.getItem('isLoggedIn')).toBeNull();
    expect(window.alert).not.toHaveBeenCalled();

    passkeyBrowser.closeDialog('answer');
    await expectSignedIn(router, 'sam');
    expect((await mockDb.auditEntries({ kind: 'sign-in' }))[0]).toMatchObject({ actor: 'sam', detail: 'password and passkey: Phone' });
  });

  it('a cancelled step after the password: the login’s alert, no session, and a failed step in the audit trail', async () => {
    await addPasskeyInMock('sam', 'Phone', { askAfterPassword: true });
    passkeyBrowser.dialog = 'cancel';
    const { user, router } = await renderApp('/login');
    await user.type(screen.getByLabelText('Username'), 'sam');
    await user.type(screen.getByLabelText('Password'), 'sam');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Invalid username or password'));
    expect(window.alert).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Confirm with your passkey')).not.toBeInTheDocument();
    expect(mockDb.hasSession()).toBe(false);
    expect(window.localStorage.getItem('isLoggedIn')).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
    await waitFor(async () => expect(await passkeyFailures()).toEqual([{ actor: 'sam', detail: 'cancelled' }]));
  });

  describe('the Username field’s autofill (conditional mediation)', () => {
    it('waits from when the page opens; a saved passkey picked there signs in', async () => {
      await addPasskeyInMock('sam', 'Phone');
      passkeyBrowser.autofill = true;
      const { router } = await renderApp('/login');
      await waitFor(() => expect(passkeyBrowser.autofillWaiting).toBe(1));
      passkeyBrowser.pickFromAutofill();
      await expectSignedIn(router, 'sam');
    });

    it('is ended by the button’s own request, and waits again after it failed', async () => {
      passkeyBrowser.autofill = true;
      passkeyBrowser.dialog = 'wait';
      const { user } = await renderApp('/login');
      await waitFor(() => expect(passkeyBrowser.autofillWaiting).toBe(1));
      await user.click(passkeyButton());
      await waitFor(() => expect(passkeyBrowser.autofillWaiting).toBe(0));
      // The ended autofill request is not a failure: no alert.
      expect(window.alert).not.toHaveBeenCalled();

      passkeyBrowser.closeDialog('cancel');
      await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Invalid username or password'));
      await waitFor(() => expect(passkeyBrowser.autofillWaiting).toBe(1));
    });

    it.each([
      ['offline', () => startScenario('offline')],
      [
        'refused by the server',
        () => server.use(http.post('*/login/passkey/options', () => HttpResponse.json({ message: 'Busy' }, { status: 503 }))),
      ],
      ['refused by the browser: the site opened on an IP address', () => (passkeyBrowser.onIpAddress = true)],
    ])('says nothing when it cannot start (%s): nobody asked for anything yet', async (_name, steer) => {
      steer();
      passkeyBrowser.autofill = true;
      await renderApp('/login');
      expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
      // The options' request has failed by now.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(window.alert).not.toHaveBeenCalled();
    });

    it('ends when the page is left', async () => {
      passkeyBrowser.autofill = true;
      const { user, router } = await renderApp('/login');
      await waitFor(() => expect(passkeyBrowser.autofillWaiting).toBe(1));
      await user.click(screen.getByRole('link', { name: 'HOME' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      await waitFor(() => expect(passkeyBrowser.autofillWaiting).toBe(0));
      expect(window.alert).not.toHaveBeenCalled();
    });
  });
});
