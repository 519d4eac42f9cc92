import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { mockDb } from '#mocks/db.ts';
import { server } from '#mocks/node.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { recordRequests } from '../../testing/request-log.ts';
import { startScenario } from '#mocks/scenarios.ts';

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
    await mockDb.setClients(clients);
    await renderApp('/clients', { loggedIn: true });
    await screen.findByRole('cell', { name: 'Ada' });

    const rows = bodyRows().map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
    expect(rows).toEqual([
      ['Ada', 'Early', 'ada@example.com', '2023-01-15 08:05', 'Edit'],
      ['Mia', 'Middle', 'mia@example.com', '2023-11-30 23:59', 'Edit'],
      ['Zoe', 'Late', 'zoe@example.com', '2024-06-02 18:45', 'Edit'],
    ]);
  });

  it('has an Edit button per row that opens that client', async () => {
    await mockDb.setClients(clients);
    const { user, router } = await renderApp('/clients', { loggedIn: true });
    const row = await screen.findByRole('row', { name: /^Mia / });

    await user.click(within(row).getByRole('button', { name: 'Edit' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/clients/edit/c-middle'));
    expect(await screen.findByLabelText('First name')).toHaveValue('Mia');
  });

  it('says so when there are no clients yet', async () => {
    await mockDb.setClients([]);
    await renderApp('/clients', { loggedIn: true });
    expect(await screen.findByText('No clients yet.')).toBeInTheDocument();
  });

  it('a failed load is only logged to the console: no rows and no message', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    startScenario('list-fails');
    await renderApp('/clients', { loggedIn: true });

    expect(await screen.findByRole('heading', { name: 'Clients' })).toBeInTheDocument();
    await waitFor(() => expect(consoleError).toHaveBeenCalled());
    expect(screen.getAllByRole('row')).toHaveLength(1);
    expect(screen.queryByText(/error|failed|no clients/i)).not.toBeInTheDocument();
    expect(window.alert).not.toHaveBeenCalled();
  });

  it('a malformed response from the server is treated as a failed load', async () => {
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
    await mockDb.setClients(many);
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
    await mockDb.setClients(clients);
    const { queryClient } = await renderApp('/clients?sort=firstName&dir=desc', { loggedIn: true });
    await screen.findByRole('cell', { name: 'Ada' });
    expect(bodyRows().map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['Zoe', 'Mia', 'Ada']);
    const cached = queryClient.getQueryData<typeof clients>(['clients', 'list']);
    // The server's order (registration time, then id), not the screen's.
    expect(cached?.map((client) => client._id)).toEqual((await mockDb.listClients()).map((client) => client._id));
    expect(cached?.map((client) => client._id)).toEqual(['c-early', 'c-middle', 'c-late']);
  });
});

describe('/clients search and sort', () => {
  const people = [
    { _id: 'p1', firstName: 'Lucía', lastName: 'Silva', email: 'lucia@example.com', registrationDateTime: '2023-01-01T09:00:00.000Z' },
    { _id: 'p2', firstName: 'Ana', lastName: 'Silva', email: 'ana.silva@example.com', registrationDateTime: '2023-02-01T09:00:00.000Z' },
    { _id: 'p3', firstName: 'Ana', lastName: 'Costa', email: 'ana.costa@example.com', registrationDateTime: '2023-03-01T09:00:00.000Z' },
    { _id: 'p4', firstName: 'Émile', lastName: 'Zola', email: 'emile@example.org', registrationDateTime: '2023-04-01T09:00:00.000Z' },
  ];
  const firstNames = () => bodyRows().map((row) => within(row).getAllByRole('cell')[0]?.textContent);

  it('filters as you type, case- and accent-insensitive, narrowing with each word, and says how many', async () => {
    await mockDb.setClients(people);
    const { user, router } = await renderApp('/clients', { loggedIn: true });
    const search = await screen.findByRole('searchbox', { name: 'Search clients' });
    expect(screen.getByRole('status')).toHaveTextContent('4 clients');

    await user.type(search, 'lucia');
    await waitFor(() => expect(firstNames()).toEqual(['Lucía']));
    expect(screen.getByRole('status')).toHaveTextContent('1 of 4 clients');
    expect(router.state.location.search).toEqual({ q: 'lucia' });

    await user.clear(search);
    await user.type(search, 'ana silva');
    await waitFor(() => expect(firstNames()).toEqual(['Ana']));
    expect(screen.getByRole('row', { name: /^Ana Silva / })).toBeInTheDocument();
  });

  it('says when nothing matches, and the clear button brings every client back', async () => {
    await mockDb.setClients(people);
    const { user, router } = await renderApp('/clients?q=nobody', { loggedIn: true });
    expect(await screen.findByText('No clients match “nobody”.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('0 of 4 clients');

    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(firstNames()).toEqual(['Lucía', 'Ana', 'Ana', 'Émile']));
    expect(screen.getByRole('searchbox', { name: 'Search clients' })).toHaveFocus();
    expect(router.state.location.search).toEqual({});
  });

  it('/ focuses the search field from anywhere on the page, but types a slash inside a field', async () => {
    await mockDb.setClients(people);
    const { user } = await renderApp('/clients', { loggedIn: true });
    const search = await screen.findByRole('searchbox', { name: 'Search clients' });
    await user.click(screen.getByRole('heading', { name: 'Clients' }));
    await user.keyboard('/');
    expect(search).toHaveFocus();
    expect(search).toHaveValue('');
    await user.keyboard('a/b');
    expect(search).toHaveValue('a/b');
  });

  it('sorts by a column on the first press of its header and reverses on the next, saying so with aria-sort', async () => {
    await mockDb.setClients(people);
    const { user, router } = await renderApp('/clients', { loggedIn: true });
    await screen.findByRole('cell', { name: 'Lucía' });
    const header = screen.getByRole('columnheader', { name: 'First Name' });
    expect(header).not.toHaveAttribute('aria-sort');

    await user.click(within(header).getByRole('button', { name: 'First Name' }));
    await waitFor(() => expect(firstNames()).toEqual(['Ana', 'Ana', 'Émile', 'Lucía']));
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    // Equal names keep registration order.
    expect(bodyRows()[0]).toHaveAccessibleName(/Silva/);
    expect(router.state.location.search).toEqual({ sort: 'firstName' });

    await user.click(within(header).getByRole('button', { name: 'First Name' }));
    await waitFor(() => expect(firstNames()).toEqual(['Lucía', 'Émile', 'Ana', 'Ana']));
    expect(header).toHaveAttribute('aria-sort', 'descending');
    expect(bodyRows()[2]).toHaveAccessibleName(/Silva/);
    expect(router.state.location.search).toEqual({ sort: 'firstName', dir: 'desc' });
  });

  it('opens the view the address holds, and falls back to the default for values it does not know', async () => {
    await mockDb.setClients(people);
    await renderApp('/clients?q=ana&sort=lastName&dir=desc', { loggedIn: true });
    await waitFor(() => expect(firstNames()).toEqual(['Ana', 'Ana']));
    expect(screen.getByRole('row', { name: /^Ana Silva / })).toBe(bodyRows()[0]);
    expect(screen.getByRole('searchbox', { name: 'Search clients' })).toHaveValue('ana');
    expect(screen.getByRole('columnheader', { name: 'Last Name' })).toHaveAttribute('aria-sort', 'descending');
  });

  it.each(['/clients?sort=password&dir=up', '/clients?sort=1&q=', '/clients?dir=desc'])('%s shows the default view', async (path) => {
    await mockDb.setClients(people);
    await renderApp(path, { loggedIn: true });
    await screen.findByRole('cell', { name: 'Lucía' });
    expect(firstNames()).toEqual(['Lucía', 'Ana', 'Ana', 'Émile']);
    for (const header of screen.getAllByRole('columnheader')) expect(header).not.toHaveAttribute('aria-sort');
  });

  it('exports the current view as clients-YYYY-MM-DD.csv', async () => {
    await mockDb.setClients(people);
    const files: { name: string; bytes: Promise<ArrayBuffer> }[] = [];
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      files.push({ name: '', bytes: (blob as Blob).arrayBuffer() });
      return 'blob:clients';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      const file = files.at(-1);
      if (file) file.name = this.download;
    });
    const { user } = await renderApp('/clients?q=silva&sort=firstName', { loggedIn: true });
    await waitFor(() => expect(firstNames()).toEqual(['Ana', 'Lucía']));

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(click).toHaveBeenCalledTimes(1);
    expect(files[0]?.name).toMatch(/^clients-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = new Uint8Array((await files[0]?.bytes) ?? new ArrayBuffer(0));
    // UTF-8 with its byte-order mark, which a decoder would hide.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toBe(
      'First Name,Last Name,Email,Registration Time\r\n' +
        'Ana,Silva,ana.silva@example.com,2023-02-01 09:00\r\n' +
        'Lucía,Silva,lucia@example.com,2023-01-01 09:00\r\n',
    );
  });
});

describe('/clients view after an edit', () => {
  it('View clients list after an update shows the search and sort the list had', async () => {
    await mockDb.setClients([
      { _id: 'p1', firstName: 'Ana', lastName: 'Silva', email: 'ana@example.com', registrationDateTime: '2023-01-01T09:00:00.000Z' },
      { _id: 'p2', firstName: 'Bea', lastName: 'Silva', email: 'bea@example.com', registrationDateTime: '2023-02-01T09:00:00.000Z' },
      { _id: 'p3', firstName: 'Cleo', lastName: 'Costa', email: 'cleo@example.com', registrationDateTime: '2023-03-01T09:00:00.000Z' },
    ]);
    const { user, router } = await renderApp('/clients?q=silva&sort=firstName&dir=desc', { loggedIn: true });
    await user.click(within(await screen.findByRole('row', { name: /^Bea / })).getByRole('button', { name: 'Edit' }));
    await user.type(await screen.findByLabelText('Last name'), 'a');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await user.click(await screen.findByRole('link', { name: 'View clients list' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/clients'));
    expect(router.state.location.search).toEqual({ q: 'silva', sort: 'firstName', dir: 'desc' });
    await waitFor(() => expect(bodyRows().map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['Bea', 'Ana']));
  });
});
