import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { mockDb } from '#mocks/db.ts';
import { server } from '#mocks/node.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { recordRequests } from '../../testing/request-log.ts';

const clients = [
  { _id: 'c-late', firstName: 'Zoe', lastName: 'Late', email: 'zoe@example.com', registrationDateTime: '2024-06-02T18:45:59.000Z' },
  { _id: 'c-early', firstName: 'Ada', lastName: 'Early', email: 'ada@example.com', registrationDateTime: '2023-01-15T08:05:00.000Z' },
  { _id: 'c-middle', firstName: 'Mia', lastName: 'Middle', email: 'mia@example.com', registrationDateTime: '2023-11-30T23:59:00.000Z' },
];

function bodyRows() {
  const [, body] = screen.getAllByRole('rowgroup');
  return within(body!).getAllByRole('row');
}

describe('/clients', () => {
  it('redirects to /login when no login flag is stored', async () => {
    const requests = recordRequests();
    const { router } = await renderApp('/clients');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('shows the title, the five columns and the register link', async () => {
    await renderApp('/clients', { loggedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Clients' })).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(['First Name', 'Last Name', 'Email', 'Registration Time', 'Actions']);
    expect(screen.getByRole('link', { name: 'Register a new client' })).toHaveAttribute('href', '/clients/register');
  });

  it('lists clients oldest first, with the time as 16 characters and T replaced by a space', async () => {
    mockDb.setClients(clients);
    await renderApp('/clients', { loggedIn: true });
    await screen.findByRole('cell', { name: 'Ada' });

    const rows = bodyRows().map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Ada', 'Early', 'ada@example.com', '2023-01-15 08:05', 'Edit'],
      ['Mia', 'Middle', 'mia@example.com', '2023-11-30 23:59', 'Edit'],
      ['Zoe', 'Late', 'zoe@example.com', '2024-06-02 18:45', 'Edit'],
    ]);
  });

  it('has an Edit button per row that opens that client', async () => {
    mockDb.setClients(clients);
    const { user, router } = await renderApp('/clients', { loggedIn: true });
    const row = await screen.findByRole('row', { name: /^Mia / });

    await user.click(within(row).getByRole('button', { name: 'Edit' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/clients/edit/c-middle'));
    expect(await screen.findByLabelText('First name')).toHaveValue('Mia');
  });

  it('says so when there are no clients yet', async () => {
    mockDb.setClients([]);
    await renderApp('/clients', { loggedIn: true });
    expect(await screen.findByText('No clients yet.')).toBeInTheDocument();
  });

  it('a failed load is only logged to the console: no rows and no message', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.get('*/api/clients', () => HttpResponse.json({ message: 'Internal server error' }, { status: 500 })));
    await renderApp('/clients', { loggedIn: true });

    expect(await screen.findByRole('heading', { name: 'Clients' })).toBeInTheDocument();
    await waitFor(() => expect(consoleError).toHaveBeenCalled());
    expect(screen.getAllByRole('row')).toHaveLength(1);
    expect(screen.queryByText(/error|failed|no clients/i)).not.toBeInTheDocument();
    expect(window.alert).not.toHaveBeenCalled();
  });

  it('a malformed answer from the server is treated as a failed load', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.get('*/api/clients', () => HttpResponse.json([{ _id: 'x', firstName: 42 }])));
    await renderApp('/clients', { loggedIn: true });

    await waitFor(() => expect(consoleError).toHaveBeenCalled());
    expect(screen.getAllByRole('row')).toHaveLength(1);
  });

  it('a session the server no longer accepts (401) clears the flag and goes to /login', async () => {
    mockDb.endSession();
    window.localStorage.setItem('isLoggedIn', 'true');
    const { router } = await renderApp('/clients');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem('isLoggedIn')).toBeNull();
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
  });
});

describe('/clients with a long list', () => {
  it('renders only the rows near the window, while the table still tells its full size', async () => {
    const many = Array.from({ length: 2000 }, (_, index) => ({
      _id: `c-${index}`,
      firstName: `First${index}`,
      lastName: `Last${index}`,
      email: `client${index}@example.com`,
      registrationDateTime: new Date(Date.UTC(2020, 0, 1) + index * 60_000).toISOString(),
    }));
    mockDb.setClients(many);
    await renderApp('/clients', { loggedIn: true });

    expect(await screen.findByRole('cell', { name: 'First0' })).toBeInTheDocument();
    expect(screen.getByRole('table')).toHaveAttribute('aria-rowcount', '2001');
    const rendered = bodyRows().filter((row) => row.getAttribute('aria-hidden') !== 'true');
    expect(rendered.length).toBeGreaterThan(10);
    expect(rendered.length).toBeLessThan(100);
    expect(rendered[1]).toHaveAttribute('aria-rowindex', '3');
  });
});

describe('/clients query cache', () => {
  it('entering the list fetches it once, and coming back within the fresh time fetches nothing', async () => {
    const requests = recordRequests();
    const { user } = await renderApp('/clients', { loggedIn: true });
    await screen.findByRole('cell', { name: 'Amelia' });
    expect(requests).toEqual(['GET /api/clients']);

    await user.click(screen.getByRole('link', { name: 'HOME' }));
    await user.click(screen.getByRole('link', { name: 'Clients' }));
    await screen.findByRole('cell', { name: 'Amelia' });
    expect(requests).toEqual(['GET /api/clients']);
  });

  it('keeps the server order in the cache: sorting is a select on the way out', async () => {
    mockDb.setClients(clients);
    const { queryClient } = await renderApp('/clients', { loggedIn: true });
    await screen.findByRole('cell', { name: 'Ada' });
    const cached = queryClient.getQueryData<typeof clients>(['clients', 'list']);
    expect(cached?.map((client) => client._id)).toEqual(['c-late', 'c-early', 'c-middle']);
  });
});
