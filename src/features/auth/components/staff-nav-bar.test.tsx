import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../testing/render-app.tsx';

// The logged-in bar's chunk, held back until the test lets it arrive (a slow connection).
const chunk = vi.hoisted(() => {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  return { arrived, arrive: () => arrive(), requested: vi.fn() };
});
vi.mock('./load-staff-nav-bar.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./load-staff-nav-bar.ts')>();
  return {
    loadStaffNavBar: async () => {
      chunk.requested();
      await chunk.arrived;
      return actual.loadStaffNavBar();
    },
  };
});

describe('the logged-in navigation bar, loaded apart from the landing page', () => {
  it('is fetched as the login is sent; until it arrives, the bar shows Clients and a disabled Sign Out', async () => {
    const { user, router } = await renderApp('/login');
    expect(chunk.requested).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'admin');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(chunk.requested).toHaveBeenCalled();
    await waitFor(() => expect(router.state.location.pathname).toBe('/clients'));
    expect(window.alert).toHaveBeenCalledWith('Login successful!');
    expect(screen.getByRole('link', { name: 'Clients' })).toHaveAttribute('href', '/clients');
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeDisabled();
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();

    await act(async () => chunk.arrive());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign Out' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Sign out successful!'));
    expect(router.state.location.pathname).toBe('/');
  });
});
