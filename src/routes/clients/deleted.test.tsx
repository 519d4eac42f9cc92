/** /clients/deleted, "Recently deleted" (issue 18): the link from the list, the table, restore and erase. */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { colleague } from '#mocks/colleague.ts';
import { mockDb } from '#mocks/db.ts';
import { startScenario } from '#mocks/scenarios.ts';
import { renderApp } from '../../testing/render-app.tsx';

const clients = [
  { _id: 'c-nina', firstName: 'Nina', lastName: 'Petrova', email: 'nina@example.com', registrationDateTime: '2024-05-01T10:30:00.000Z' },
  { _id: 'c-omar', firstName: 'Omar', lastName: 'Haddad', email: 'omar@example.com', registrationDateTime: '2023-02-01T09:00:00.000Z' },
];

describe('/clients/deleted', () => {
  it('is linked from the client list and says so when nothing was deleted', async () => {
    await mockDb.setClients(clients);
    const { user, router } = await renderApp('/clients', { loggedIn: true });
    await user.click(await screen.findByRole('link', { name: 'Recently deleted' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/clients/deleted'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Recently deleted' })).toBeInTheDocument();
    expect(await screen.findByText('No recently deleted clients.')).toBeInTheDocument();
  });

  it('lists each deleted client with name, email, when and by whom', async () => {
    await mockDb.setClients(clients);
    await colleague.delete('c-nina');
    await renderApp('/clients/deleted', { loggedIn: true });

    const row = await screen.findByRole('row', { name: /Nina Petrova/ });
    const cells = within(row).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent('Nina Petrova');
    expect(cells[1]).toHaveTextContent('nina@example.com');
    expect(cells[2]).toHaveTextContent(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
    expect(cells[3]).toHaveTextContent('colleague');
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Name',
      'Email',
      'Deleted',
      'Deleted by',
      'Actions',
    ]);
    expect(screen.queryByRole('row', { name: /Omar/ })).not.toBeInTheDocument();
  });

  it('Restore brings the client back to the list, with a notice', async () => {
    await mockDb.setClients(clients);
    await colleague.delete('c-nina');
    const { user } = await renderApp('/clients/deleted', { loggedIn: true });

    await user.click(within(await screen.findByRole('row', { name: /Nina Petrova/ })).getByRole('button', { name: 'Restore' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Client restored: Nina Petrova.');
    expect(await screen.findByText('No recently deleted clients.')).toBeInTheDocument();
    expect(await mockDb.findClient('c-nina')).toMatchObject({ firstName: 'Nina' });
  });

  it('"Erase permanently" erases a deleted client too, after its question', async () => {
    await mockDb.setClients(clients);
    await colleague.delete('c-nina');
    const { user } = await renderApp('/clients/deleted', { loggedIn: true });

    await user.click(within(await screen.findByRole('row', { name: /Nina Petrova/ })).getByRole('button', { name: 'Erase permanently' }));
    const question = screen.getByRole('alertdialog', { name: 'Erase all data of Nina Petrova? This cannot be undone.' });
    await user.click(within(question).getByRole('button', { name: 'Erase' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Client erased: Nina Petrova.');
    expect(await screen.findByText('No recently deleted clients.')).toBeInTheDocument();
    expect(await mockDb.findStored('c-nina')).toBeUndefined();
  });

  it('a failed load says so instead of claiming nothing was deleted', async () => {
    startScenario('deleted-list-fails');
    await renderApp('/clients/deleted', { loggedIn: true });
    expect(await screen.findByText('The recently deleted clients could not be loaded.')).toBeInTheDocument();
    expect(screen.queryByText('No recently deleted clients.')).not.toBeInTheDocument();
  });

  it('a visitor is sent to the login page', async () => {
    const { router } = await renderApp('/clients/deleted', { loggedIn: false });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('a deleted client does not count for the duplicate-email question', async () => {
    await mockDb.setClients(clients);
    await colleague.delete('c-nina');
    const { user } = await renderApp('/clients/register', { loggedIn: true });
    await user.type(await screen.findByLabelText('First name'), 'Nia');
    await user.type(screen.getByLabelText('Last name'), 'Petrova');
    await user.type(screen.getByLabelText('Email'), 'nina@example.com');
    await user.type(screen.getByLabelText('Registration date and time'), '2024-07-01T09:00');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByText('Client registered successfully!')).toBeInTheDocument();
    expect(screen.queryByText(/A client with this email already exists/)).not.toBeInTheDocument();
  });
});
