/** A client's edit page (/clients/edit/$clientId): its form. Delete: edit-delete.test.tsx; the cache: edit-cache.test.tsx. */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockDb } from '#mocks/db.ts';
import { addRule } from '#mocks/scenarios.ts';
import { formRequests, openEditPage } from '../../testing/client-edit-page.ts';
import { recordJsonBodies, recordRequests } from '../../testing/request-log.ts';

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
