import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mockDb } from '#mocks/db.ts';
import { server } from '#mocks/node.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { startScenario } from '#mocks/scenarios.ts';
import { currentLogin } from '../../../lib/login-flag.ts';

async function logIn(user: Awaited<ReturnType<typeof renderApp>>['user'], username: string, password: string) {
  if (username) await user.type(screen.getByLabelText('Username'), username);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('/login', () => {
  it('has Username and Password fields and a Log in button', async () => {
    await renderApp('/login');
    expect(screen.getByLabelText('Username')).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });

  it('on success stores the flag, alerts "Login successful!" and goes to /clients', async () => {
    const { user, router } = await renderApp('/login');
    await logIn(user, 'admin', 'admin');

    await waitFor(() => expect(router.state.location.pathname).toBe('/clients'));
    expect(window.alert).toHaveBeenCalledWith('Login successful!');
    expect(window.localStorage.getItem('isLoggedIn')).toBe('true');
    expect(await screen.findByRole('heading', { name: 'Clients' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
  });

  it('sends exactly username and password to POST /login', async () => {
    let body: unknown;
    server.use(
      http.post('*/login', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ username: 'admin' });
      }),
    );
    const { user } = await renderApp('/login');
    await logIn(user, 'admin', 'admin');
    await waitFor(() => expect(body).toEqual({ username: 'admin', password: 'admin' }));
  });

  it('remembers when the session ends at the latest, from the response’s Session-Expires, for the offline copy', async () => {
    const endsAt = new Date(Date.now() + 4 * 60 * 60 * 1000).toUTCString();
    server.use(
      http.post('*/login', () => {
        mockDb.startSession('admin');
        return HttpResponse.json({ username: 'admin' }, { headers: { 'Session-Expires': endsAt } });
      }),
    );
    const { user, router } = await renderApp('/login');
    await logIn(user, 'admin', 'admin');

    await waitFor(() => expect(router.state.location.pathname).toBe('/clients'));
    expect(currentLogin()).toMatchObject({ account: 'admin', endsAt: Date.parse(endsAt) });
  });

  it('a wrong password alerts "Invalid username or password" and stores no flag', async () => {
    const { user, router } = await renderApp('/login');
    await logIn(user, 'admin', 'wrong');

    await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Invalid username or password'));
    expect(window.localStorage.getItem('isLoggedIn')).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('has no client-side rule: empty fields are sent and the server refusal gets the failure alert', async () => {
    let requests = 0;
    server.use(
      http.post('*/login', () => {
        requests += 1;
        return HttpResponse.json({ message: 'Username is required' }, { status: 400 });
      }),
    );
    const { user } = await renderApp('/login');
    await logIn(user, '', '');

    await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Invalid username or password'));
    expect(requests).toBe(1);
  });

  it.each([
    ['a server error', () => startScenario('server-error')],
    ['a network failure', () => startScenario('offline')],
    ['the login refused', () => startScenario('login-fails')],
    // 429 is the real server's throttle, beyond the mock's scenarios.
    [
      'too many attempts',
      () => server.use(http.post('*/login', () => HttpResponse.json({ message: 'Too many attempts' }, { status: 429 }))),
    ],
  ])('any failure (%s) gets the same alert', async (_name, steer) => {
    steer();
    const { user } = await renderApp('/login');
    await logIn(user, 'admin', 'admin');
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Invalid username or password'));
    expect(window.localStorage.getItem('isLoggedIn')).toBeNull();
  });

  it('disables Log in while the request is in flight', async () => {
    let release!: () => void;
    server.use(
      http.post('*/login', async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return HttpResponse.json({ username: 'admin' });
      }),
    );
    const { user } = await renderApp('/login');
    await logIn(user, 'admin', 'admin');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Log in' })).toBeDisabled());
    release();
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Login successful!'));
  });
});
