/** A client's edit page: what an update and a delete do to the query cache. */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formRequests, openEditPage } from '../../testing/client-edit-page.ts';
import { recordRequests } from '../../testing/request-log.ts';

describe('edit and delete: query cache', () => {
  it('entering the edit page fetches that client once', async () => {
    const requests = recordRequests();
    await openEditPage();
    await screen.findByLabelText('First name');
    // And below the form its history, its online booking's details, and its appointments in the salon's time zone.
    await waitFor(() =>
      expect(requests.toSorted()).toEqual([
        'GET /api/clients/c-nina',
        'GET /api/clients/c-nina/appointments',
        'GET /api/clients/c-nina/details',
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
