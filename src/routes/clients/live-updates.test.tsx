/**
 * Live updates (issue 19): a colleague's registration, edit and deletion reach the list and the edit page without a
 * reload, through the mock's GET /api/events; a tab's own change does not announce itself.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { delay, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { colleague } from '#mocks/colleague.ts';
import { mockDb } from '#mocks/db.ts';
import { server } from '#mocks/node.ts';
import { clientKeys } from '../../features/clients/api/client-queries.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { nina } from '../../testing/sample-clients.ts';
import { recordRequests } from '../../testing/request-log.ts';

const otto = {
  ...nina,
  _id: 'c-otto',
  firstName: 'Otto',
  lastName: 'Berg',
  email: 'otto@example.com',
  registrationDateTime: '2024-06-01T10:30:00.000Z',
};

/** The list once the stream is live (its first `ready` refetched what was loaded before it). */
async function openList() {
  await mockDb.setClients([nina, otto]);
  const requests = recordRequests();
  const view = await renderApp('/clients', { loggedIn: true, liveUpdates: true });
  await screen.findByRole('cell', { name: 'Nina' });
  await waitFor(() => expect(requests).toContain('GET /api/events'));
  await waitFor(() => expect(view.queryClient.isFetching()).toBe(0));
  return view;
}

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(`^${name} `) });

describe('the client list, live', () => {
  it('shows a colleague’s registration, edit and deletion in place, without fetching the list again', async () => {
    const { queryClient } = await openList();
    const requests = recordRequests();

    const added = await colleague.create({
      firstName: 'Zoe',
      lastName: 'Quinn',
      email: 'zoe@example.com',
      registrationDateTime: '2024-07-01T09:00',
    });
    expect(await screen.findByRole('cell', { name: 'Zoe' })).toBeInTheDocument();
    expect(rowOf('Zoe')).toHaveClass('clients-table__row--changed');

    await colleague.update('c-nina', { lastName: 'Renamed' });
    expect(await screen.findByRole('cell', { name: 'Renamed' })).toBeInTheDocument();
    expect(within(rowOf('Nina')).getByRole('cell', { name: 'Renamed' })).toBeInTheDocument();

    await colleague.delete('c-otto');
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Otto' })).not.toBeInTheDocument());

    expect(requests.filter((request) => request === 'GET /api/clients')).toEqual([]);
    expect(queryClient.getQueryData(clientKeys.lists())).toEqual([{ ...nina, lastName: 'Renamed' }, added]);
  });

  it('does not highlight the tab’s own change', async () => {
    const { user } = await openList();
    await user.click(within(rowOf('Nina')).getByRole('button', { name: 'Edit' }));
    const firstName = await screen.findByLabelText('First name');
    await user.clear(firstName);
    await user.type(firstName, 'Nadia');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Client updated successfully!')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Clients' }));
    expect(await screen.findByRole('cell', { name: 'Nadia' })).toBeInTheDocument();
    expect(rowOf('Nadia')).not.toHaveClass('clients-table__row--changed');
  });
});

describe('the edit page, live', () => {
  async function openNina() {
    await mockDb.setClients([nina]);
    const view = await renderApp('/clients/edit/c-nina', { loggedIn: true, liveUpdates: true });
    await waitFor(() => expect(screen.getByLabelText('First name')).toHaveValue('Nina'));
    return view;
  }

  it('untouched, shows the colleague’s values and says so', async () => {
    await openNina();
    await colleague.update('c-nina', { email: 'nina.p@example.com' });
    expect(await screen.findByText('Updated by colleague just now.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('nina.p@example.com');
  });

  it('edited, keeps what was typed and shows the conflict at once, with the merge', async () => {
    const { user } = await openNina();
    const lastName = screen.getByLabelText('Last name');
    await user.clear(lastName);
    await user.type(lastName, 'Mine');
    await colleague.update('c-nina', { email: 'nina.p@example.com', lastName: 'Theirs' });
    expect(await screen.findByText('This client was changed by colleague while you were editing.')).toBeInTheDocument();
    expect(screen.getByLabelText('Last name')).toHaveValue('Mine');
    expect(screen.getByText('Their value: Theirs')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('nina.p@example.com');
    expect(screen.getByRole('button', { name: 'Keep my changes' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use their version' })).toBeInTheDocument();
  });

  it('deleted: untouched, "{username} deleted this client."; edited, the 412’s words', async () => {
    await openNina();
    await colleague.delete('c-nina');
    expect(await screen.findByText('colleague deleted this client.')).toBeInTheDocument();
  });

  it('deleted while edited: the conflict view with "Restore and save my changes"', async () => {
    const { user } = await openNina();
    await user.type(screen.getByLabelText('Last name'), 'x');
    await colleague.delete('c-nina');
    expect(await screen.findByText('This client was deleted by colleague while you were editing.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Restore and save my changes' })).toBeInTheDocument();
  });

  it('"Restore and save my changes": the tab’s own restore, seen live, is not a colleague’s change', async () => {
    const { user } = await openNina();
    await user.type(screen.getByLabelText('Last name'), 'x');
    await colleague.delete('c-nina');
    await screen.findByText('This client was deleted by colleague while you were editing.');
    // The save after the restore is slow, so that the restore's own event is on screen first if it is taken for news.
    server.use(http.put('*/api/clients/:id', () => delay(300)));

    await user.click(screen.getByRole('button', { name: 'Restore and save my changes' }));
    await delay(150);
    expect(screen.queryByText(/^This client was changed by/)).not.toBeInTheDocument();
    expect(await screen.findByText('Client updated successfully!')).toBeInTheDocument();
  });
});
