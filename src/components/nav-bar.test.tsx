import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../testing/render-app.tsx';
import { addRule } from '#mocks/scenarios.ts';

describe('navigation bar', () => {
  it('always shows HOME and the salon name; a visitor gets Login, not Clients or Sign Out', async () => {
    const { user, router } = await renderApp('/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(nav).toHaveTextContent('YOUR BEAUTY SALON');
    expect(screen.getByRole('link', { name: 'HOME' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('link', { name: 'Clients' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign Out' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('with the login flag stored shows Clients and Sign Out instead of Login', async () => {
    await renderApp('/', { loggedIn: true });
    expect(screen.getByRole('link', { name: 'Clients' })).toHaveAttribute('href', '/clients');
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('Sign Out clears the flag, goes to / and shows the alert', async () => {
    const { user, router } = await renderApp('/clients', { loggedIn: true });
    await screen.findByRole('heading', { name: 'Clients' });

    await user.click(screen.getByRole('button', { name: 'Sign Out' }));

    await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Sign out successful!'));
    expect(window.localStorage.getItem('isLoggedIn')).toBeNull();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
  });

  it('Sign Out ends locally even when the server fails to end the session; only the message is logged', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    addRule({ kind: 'fail', endpoint: 'logout', failure: 500 });
    const { user, router } = await renderApp('/clients', { loggedIn: true });
    await screen.findByRole('heading', { name: 'Clients' });

    await user.click(screen.getByRole('button', { name: 'Sign Out' }));

    await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Sign out successful!'));
    expect(consoleError).toHaveBeenCalledWith('Internal server error');
    expect(window.localStorage.getItem('isLoggedIn')).toBeNull();
    expect(router.state.location.pathname).toBe('/');
  });
});
