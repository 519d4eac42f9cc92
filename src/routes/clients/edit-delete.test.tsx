/** A client's edit page: Delete, with its question. */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockDb } from '#mocks/db.ts';
import { startScenario } from '#mocks/scenarios.ts';
import { formRequests, openEditPage } from '../../testing/client-edit-page.ts';
import { recordRequests } from '../../testing/request-log.ts';

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
