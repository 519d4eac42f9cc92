import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockDb } from '#mocks/db.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { recordJsonBodies, recordRequests } from '../../testing/request-log.ts';
import { addRule, startScenario } from '#mocks/scenarios.ts';

const nina = {
  _id: 'c-nina',
  firstName: 'Nina',
  lastName: 'Petrova',
  email: 'nina@example.com',
  // Stored with an offset: the form must show it in UTC.
  registrationDateTime: '2024-05-01T12:30:45.000+02:00',
};
const omar = {
  _id: 'c-omar',
  firstName: 'Omar',
  lastName: 'Haddad',
  email: 'omar@example.com',
  registrationDateTime: '2023-02-01T09:00:00.000Z',
};

/**
 * The requests but those of what the page loads below the form on its own: the history (client-changes.test.tsx) and
 * the appointments with the salon's time zone (appointments.test.tsx).
 */
function formRequests(requests: string[]): string[] {
  return requests.filter((request) => !/\/(history|appointments)$/.test(request) && request !== 'GET /api/salon');
}

async function openEditPage(path = '/clients/edit/c-nina', options = { loggedIn: true }) {
  await mockDb.setClients([nina, omar]);
  return renderApp(path, options);
}

describe('/clients/edit/$clientId', () => {
  it('is prefilled from the server, the date-time as the first 16 characters of the ISO form in UTC', async () => {
    await openEditPage();
    expect(await screen.findByRole('heading', { name: 'Edit a client' })).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveValue('Nina');
    expect(screen.getByLabelText('Last name')).toHaveValue('Petrova');
    expect(screen.getByLabelText('Email')).toHaveValue('nina@example.com');
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Registration date and time')).toHaveValue('2024-05-01T10:30');
    expect(screen.getByRole('button', { name: 'Update' })).toBeInTheDocument();
  });

  it('does not check the login flag', async () => {
    mockDb.startSession();
    const { router } = await openEditPage('/clients/edit/c-nina', { loggedIn: false });
    expect(router.state.location.pathname).toBe('/clients/edit/c-nina');
    expect(await screen.findByLabelText('First name')).toHaveValue('Nina');
  });

  it('Update sends the four fields and replaces the form with the success message and a link to /clients', async () => {
    const bodies = recordJsonBodies('PUT');
    const { user, router } = await openEditPage();
    const firstName = await screen.findByLabelText('First name');
    await user.clear(firstName);
    await user.type(firstName, 'Nadia');

    await user.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('Client updated successfully!')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
    expect(bodies).toEqual([
      { firstName: 'Nadia', lastName: 'Petrova', email: 'nina@example.com', registrationDateTime: '2024-05-01T10:30' },
    ]);
    expect(await mockDb.findClient('c-nina')).toMatchObject({ firstName: 'Nadia', registrationDateTime: '2024-05-01T10:30:00.000Z' });

    await user.click(screen.getByRole('link', { name: 'View clients list' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/clients'));
    expect(await screen.findByRole('cell', { name: 'Nadia' })).toBeInTheDocument();
  });

  it('an emptied field is named next to it and nothing is sent (the edit form has no alert)', async () => {
    const requests = recordRequests();
    const { user } = await openEditPage();
    await user.clear(await screen.findByLabelText('Last name'));

    await user.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('Last name is required')).toBeInTheDocument();
    expect(formRequests(requests)).toEqual(['GET /api/clients/c-nina']);
    expect(window.alert).not.toHaveBeenCalled();
  });

  it('a failed update only logs the message to the console and keeps the form', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    addRule({ kind: 'fail', endpoint: 'update', failure: 404 });
    const { user } = await openEditPage();
    await screen.findByLabelText('First name');

    await user.click(screen.getByRole('button', { name: 'Update' }));

    await waitFor(() => expect(consoleError).toHaveBeenCalledWith('Client not found'));
    expect(screen.queryByText('Client updated successfully!')).not.toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveValue('Nina');
  });

  it('an unknown client id is only logged to the console; the form stays empty and disabled', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    await openEditPage('/clients/edit/no-such-client');

    expect(await screen.findByRole('heading', { name: 'Edit a client' })).toBeInTheDocument();
    await waitFor(() => expect(consoleError).toHaveBeenCalled());
    expect(screen.getByLabelText('First name')).toHaveValue('');
    expect(screen.getByLabelText('First name')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(window.alert).not.toHaveBeenCalled();
  });
});

describe('delete with its question', () => {
  it('the question is hidden by default, shown by Delete and hidden again by No; nothing is deleted', async () => {
    const requests = recordRequests();
    const { user } = await openEditPage();
    await screen.findByLabelText('First name');
    expect(screen.queryByText('Do you really want to delete this client?')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const question = screen.getByRole('alertdialog', { name: 'Do you really want to delete this client?' });
    expect(within(question).getByRole('button', { name: 'No' })).toHaveFocus();

    await user.click(within(question).getByRole('button', { name: 'No' }));
    expect(screen.queryByText('Do you really want to delete this client?')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus();
    expect(formRequests(requests)).toEqual(['GET /api/clients/c-nina']);
    expect(await mockDb.findClient('c-nina')).toBeDefined();
  });

  it('Escape closes the question like No', async () => {
    const { user } = await openEditPage();
    await screen.findByLabelText('First name');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('Yes deletes the client and goes to /clients, where it is no longer listed', async () => {
    const { user, router } = await openEditPage();
    await screen.findByLabelText('First name');
    await user.click(screen.getByRole('button', { name: 'Delete' }));

    await user.click(screen.getByRole('button', { name: 'Yes' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/clients'));
    expect(await screen.findByRole('cell', { name: 'Omar' })).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'Nina' })).not.toBeInTheDocument();
    expect(await mockDb.findClient('c-nina')).toBeUndefined();
  });

  it('a failed delete only logs the message to the console and stays on the page', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    startScenario('delete-fails');
    const { user, router } = await openEditPage();
    await screen.findByLabelText('First name');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Yes' }));

    await waitFor(() => expect(consoleError).toHaveBeenCalledWith('Internal server error'));
    expect(router.state.location.pathname).toBe('/clients/edit/c-nina');
    expect(window.alert).not.toHaveBeenCalled();
  });
});

describe('edit and delete: query cache', () => {
  it('entering the edit page fetches that client once', async () => {
    const requests = recordRequests();
    await openEditPage();
    await screen.findByLabelText('First name');
    // And below the form its history, and its appointments in the salon's time zone.
    await waitFor(() =>
      expect(requests.toSorted()).toEqual([
        'GET /api/clients/c-nina',
        'GET /api/clients/c-nina/appointments',
        'GET /api/clients/c-nina/history',
        'GET /api/salon',
      ]),
    );
  });

  it('after an update the list shows the change without a reload, and the detail is not fetched again', async () => {
    const requests = recordRequests();
    const { user, queryClient } = await openEditPage('/clients');
    const row = await screen.findByRole('row', { name: /^Nina / });
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    const firstName = await screen.findByLabelText('First name');
    await user.clear(firstName);
    await user.type(firstName, 'Nadia');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await screen.findByText('Client updated successfully!');

    // The detail now holds what the server stored; the list is marked for a refetch.
    expect(queryClient.getQueryData(['clients', 'detail', 'c-nina'])).toMatchObject({ client: { firstName: 'Nadia' }, version: 2 });
    expect(queryClient.getQueryState(['clients', 'list'])?.isInvalidated).toBe(true);

    await user.click(screen.getByRole('link', { name: 'View clients list' }));
    // The changed row is there at once, from the cache, before the refetch's response.
    expect(await screen.findByRole('cell', { name: 'Nadia' })).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'Nina' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(formRequests(requests)).toEqual([
        'GET /api/clients',
        'GET /api/clients/c-nina',
        'PUT /api/clients/c-nina',
        'GET /api/clients',
      ]),
    );

    // Back to the same client: its detail is fresh in the cache, no request.
    await user.click(within(screen.getByRole('row', { name: /^Nadia / })).getByRole('button', { name: 'Edit' }));
    expect(await screen.findByLabelText('First name')).toHaveValue('Nadia');
    expect(formRequests(requests)).toHaveLength(4);
  });

  it('after a delete the detail is dropped from the cache and the list is refetched once', async () => {
    const requests = recordRequests();
    const { user, queryClient } = await openEditPage();
    await screen.findByLabelText('First name');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Yes' }));

    expect(await screen.findByRole('cell', { name: 'Omar' })).toBeInTheDocument();
    expect(queryClient.getQueryData(['clients', 'detail', 'c-nina'])).toBeUndefined();
    expect(formRequests(requests)).toEqual(['GET /api/clients/c-nina', 'DELETE /api/clients/c-nina', 'GET /api/clients']);
  });
});
