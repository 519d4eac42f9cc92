import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockDb } from '#mocks/db.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { recordRequests } from '../../testing/request-log.ts';
import { nina, omar, typeNewClient } from '../../testing/sample-clients.ts';

const leaveQuestion = () => screen.queryByRole('alertdialog', { name: 'You have unsaved changes. Leave this page?' });

describe('unsaved changes', () => {
  it('a link away from a changed form asks; Stay keeps everything, Leave goes', async () => {
    await mockDb.setClients([nina]);
    const { user, router } = await renderApp('/clients/register', { loggedIn: true });
    await typeNewClient(user);

    await user.click(screen.getByRole('link', { name: 'Clients' }));
    const question = await screen.findByRole('alertdialog', { name: 'You have unsaved changes. Leave this page?' });
    expect(within(question).getByRole('button', { name: 'Stay' })).toHaveFocus();
    await user.click(within(question).getByRole('button', { name: 'Stay' }));
    expect(leaveQuestion()).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/clients/register');
    expect(screen.getByLabelText('First name')).toHaveValue('Léa');

    await user.click(screen.getByRole('link', { name: 'Clients' }));
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/clients'));
  });

  it('Escape answers Stay', async () => {
    const { user, router } = await renderApp('/clients/register', { loggedIn: true });
    await user.type(await screen.findByLabelText('First name'), 'L');
    await user.click(screen.getByRole('link', { name: 'HOME' }));
    await screen.findByRole('alertdialog');
    await user.keyboard('{Escape}');
    expect(leaveQuestion()).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/clients/register');
  });

  it('an unchanged form, or one changed back, does not ask', async () => {
    await mockDb.setClients([nina]);
    const { user, router } = await renderApp('/clients/edit/c-nina', { loggedIn: true });
    const firstName = await screen.findByLabelText('First name');
    await user.type(firstName, 'x');
    await user.type(firstName, '{Backspace}');
    await user.click(screen.getByRole('link', { name: 'Clients' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/clients'));
    expect(leaveQuestion()).not.toBeInTheDocument();
  });

  it('a form just saved does not ask', async () => {
    await mockDb.setClients([nina]);
    const { user, router } = await renderApp('/clients/edit/c-nina', { loggedIn: true });
    await user.type(await screen.findByLabelText('First name'), 'a');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await screen.findByText('Client updated successfully!');
    await user.click(screen.getByRole('link', { name: 'View clients list' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/clients'));
    expect(leaveQuestion()).not.toBeInTheDocument();
  });

  it('deleting the client leaves without asking, changes or not', async () => {
    await mockDb.setClients([nina, omar]);
    const { user, router } = await renderApp('/clients/edit/c-nina', { loggedIn: true });
    await user.type(await screen.findByLabelText('First name'), 'a');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/clients'));
    expect(leaveQuestion()).not.toBeInTheDocument();
  });

  it('Sign Out asks first, and Stay keeps the session and the form', async () => {
    const requests = recordRequests();
    const { user, router } = await renderApp('/clients/register', { loggedIn: true });
    await typeNewClient(user);
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    await user.click(await screen.findByRole('button', { name: 'Stay' }));
    expect(requests).not.toContain('POST /logout');
    expect(window.localStorage.getItem('isLoggedIn')).toBe('true');
    expect(router.state.location.pathname).toBe('/clients/register');

    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Sign out successful!'));
    expect(router.state.location.pathname).toBe('/');
    expect(window.localStorage.getItem('isLoggedIn')).toBeNull();
  });
});

describe('a session that ends while typing', () => {
  it('keeps the values for that page in sessionStorage, says why on the login page, and brings them back after login, unsent', async () => {
    await mockDb.setClients([nina]);
    const { user, router } = await renderApp('/clients/register', { loggedIn: true });
    await typeNewClient(user);
    mockDb.endSession();

    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Your session has ended. Please log in again.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(JSON.stringify({ ...window.localStorage })).not.toContain('Moreau');
    expect(JSON.stringify({ ...window.sessionStorage })).toContain('Moreau');

    await user.type(screen.getByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'admin');
    const requests = recordRequests();
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/clients/register'));
    expect(window.alert).toHaveBeenCalledWith('Login successful!');
    expect(await screen.findByLabelText('First name')).toHaveValue('Léa');
    expect(screen.getByLabelText('Email')).toHaveValue('lea@example.com');
    expect(screen.getByRole('status')).toHaveTextContent('What you typed before your session ended is back');
    // Nothing is sent again by itself: staff submit again themselves.
    expect(requests).toEqual(['POST /login']);

    await user.click(screen.getByRole('button', { name: 'Register' }));
    await screen.findByText('Client registered successfully!');
    expect((await mockDb.listClients()).map((client) => client.lastName)).toContain('Moreau');
    expect(Object.keys(window.sessionStorage).filter((key) => key.startsWith('salon.draft'))).toEqual([]);
  });

  it('kept too when another request finds the session ended first (a refetch), not the form’s own save', async () => {
    await mockDb.setClients([nina]);
    const { user, router, queryClient } = await renderApp('/clients/register', { loggedIn: true });
    await typeNewClient(user);
    mockDb.endSession();

    // The account's role asked again (as when the connection comes back): its 401 ends the session for the app.
    await act(() => queryClient.refetchQueries({ queryKey: ['me'] }).catch(() => {}));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText('Your session has ended. Please log in again.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'admin');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/clients/register'));
    expect(await screen.findByLabelText('First name')).toHaveValue('Léa');
    expect(screen.getByLabelText('Email')).toHaveValue('lea@example.com');
  });

  it('on the edit page too, back to that client', async () => {
    await mockDb.setClients([nina]);
    const { user, router } = await renderApp('/clients/edit/c-nina', { loggedIn: true });
    const lastName = await screen.findByLabelText('Last name');
    await user.clear(lastName);
    await user.type(lastName, 'Ivanova');
    mockDb.endSession();
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await screen.findByText('Your session has ended. Please log in again.');

    await user.type(screen.getByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'admin');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/clients/edit/c-nina'));
    await waitFor(() => expect(screen.getByLabelText('Last name')).toHaveValue('Ivanova'));
    expect(screen.getByLabelText('First name')).toHaveValue('Nina');
  });

  it('a plain login from the Login link still goes to /clients, without the message', async () => {
    const { user, router } = await renderApp('/');
    await user.click(screen.getByRole('link', { name: 'Login' }));
    await screen.findByRole('heading', { name: 'Staff login' });
    expect(screen.queryByText('Your session has ended. Please log in again.')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'admin');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/clients'));
  });

  it('a visitor without a session who opens a client gets the plain login page', async () => {
    await mockDb.setClients([nina]);
    const { router } = await renderApp('/clients/edit/c-nina');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toEqual({});
    expect(screen.queryByText('Your session has ended. Please log in again.')).not.toBeInTheDocument();
  });

  it('never sends staff to another site after login', async () => {
    const { user, router } = await renderApp('/login?ended=true&redirect=%22%2F%2Fevil.example%2F%22');
    await user.type(screen.getByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'admin');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/clients'));
  });
});
