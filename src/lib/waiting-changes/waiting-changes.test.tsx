/**
 * Changes made offline (issue 20): kept as paused mutations, on the disk too, sent when the connection returns, in
 * order, each once, as the account that made it; a colleague's change meanwhile waits for a decision. Offline is
 * TanStack's onlineManager, as lib/reachability.ts and the browser's events set it; IndexedDB from fake-indexeddb.
 */
import 'fake-indexeddb/auto';
import { onlineManager } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { get } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { colleague } from '#mocks/colleague.ts';
import { mockDb } from '#mocks/db.ts';
import { http, HttpResponse } from 'msw';
import { ClientInput } from '#contract/api';
import { server } from '#mocks/node.ts';
import { App, createApp } from '../../app.tsx';
import { setLoggedIn } from '../login-flag.ts';
import { probeOnDemand } from '../../testing/offline.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { nina, omar } from '../../testing/sample-clients.ts';
import { forgetWaitingChangesOnDisk, WAITING_CHANGES_KEY } from './waiting-changes.ts';

const SAVED_HERE = 'Saved on this device. It will be sent when the connection returns.';

/** Every write the app sends from now on, as "METHOD /path If-Match". */
function recordWrites(): string[] {
  const writes: string[] = [];
  const listener = ({ request }: { request: Request }) => {
    if (request.method === 'GET' || request.method === 'HEAD') return;
    writes.push(`${request.method} ${new URL(request.url).pathname} ${request.headers.get('If-Match') ?? '-'}`.trim());
  };
  server.events.on('request:start', listener);
  return writes;
}

/**
 * The connection goes or comes back, and what TanStack Query does about it (pausing, or resuming the paused changes)
 * is inside act: it tells its subscribers on the next task (its notifyManager), not while setOnline runs.
 */
const setOnline = (online: boolean) =>
  act(async () => {
    onlineManager.setOnline(online);
    await new Promise((resolve) => setTimeout(resolve));
  });
const goOffline = () => setOnline(false);
const goOnline = () => setOnline(true);

type User = Awaited<ReturnType<typeof renderApp>>['user'];

/** The list, then the client's edit page, as staff open them (the list is in the cache before the network goes). */
async function openClient(path = '/clients/edit/c-nina') {
  const view = await renderApp('/clients', { loggedIn: true });
  await screen.findByRole('cell', { name: 'Nina' });
  await act(() => view.router.navigate({ to: path }));
  await screen.findByLabelText('First name');
  return view;
}

/** On the edit page: a new first name, and Update; offline, the change then waits. */
async function saveFirstName(user: User, firstName: string) {
  const field = await screen.findByLabelText('First name');
  await waitFor(() => expect(field).not.toHaveValue(''));
  await user.clear(field);
  await user.type(field, firstName);
  await user.click(screen.getByRole('button', { name: 'Update' }));
  await screen.findByText(SAVED_HERE);
}

/** Nina's edit page, then the connection goes and her first name becomes Nadia: the change waits on this device. */
async function nadiaSavedOffline() {
  const view = await openClient();
  await goOffline();
  await saveFirstName(view.user, 'Nadia');
  return view;
}

function rowOf(name: string) {
  return screen.getByRole('cell', { name }).closest('tr') as HTMLTableRowElement;
}

beforeEach(() => mockDb.setClients([nina, omar]));
afterEach(async () => {
  server.events.removeAllListeners('request:start');
  await forgetWaitingChangesOnDisk();
});

describe('changes made offline', () => {
  it('an update waits on this device, marked in the list and counted, and is sent once with its If-Match when online', async () => {
    const writes = recordWrites();
    const { user, router } = await openClient();
    await goOffline();
    const field = screen.getByLabelText('First name');
    await user.clear(field);
    await user.type(field, 'Nadia');
    await user.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByRole('status')).toHaveTextContent(SAVED_HERE);
    expect(await screen.findByText('1 change waiting to be saved.')).toBeInTheDocument();
    expect(writes).toEqual([]);
    await act(() => router.navigate({ to: '/clients' }));
    expect(within(rowOf('Nadia')).getByText('Waiting to save')).toBeInTheDocument();
    // Kept on the disk at once: a closed tab keeps it.
    await waitFor(async () => expect(JSON.stringify(await get(WAITING_CHANGES_KEY))).toContain('Nadia'));

    await goOnline();

    expect(await screen.findByText('All changes saved.')).toBeInTheDocument();
    expect(writes).toEqual(['PUT /api/clients/c-nina "v1"']);
    expect((await mockDb.findClient('c-nina'))?.firstName).toBe('Nadia');
    expect(within(rowOf('Nadia')).queryByText('Waiting to save')).not.toBeInTheDocument();
    await waitFor(async () => expect(await get(WAITING_CHANGES_KEY)).toBeUndefined());
  });

  it('register, update and delete made offline are each sent once, in the order made; a second edit of a client replaces its first', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const writes = recordWrites();
    // Each client opened once before the network goes: their pages are in the cache.
    const { user, router } = await openClient('/clients/edit/c-omar');
    await screen.findByDisplayValue('Omar');
    await act(() => router.navigate({ to: '/clients' }));
    await act(() => router.navigate({ to: '/clients/edit/$clientId', params: { clientId: 'c-nina' } }));
    await screen.findByDisplayValue('Nina');
    await act(() => router.navigate({ to: '/clients/register' }));
    await goOffline();
    await user.type(await screen.findByLabelText('First name'), 'Léa');
    await user.type(screen.getByLabelText('Last name'), 'Moreau');
    await user.type(screen.getByLabelText('Email'), 'lea@example.com');
    await user.type(screen.getByLabelText('Registration date and time'), '2024-05-01T10:30');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText(SAVED_HERE)).toBeInTheDocument();

    await act(() => router.navigate({ to: '/clients/edit/$clientId', params: { clientId: 'c-omar' } }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await screen.findByRole('heading', { name: 'Clients' });

    for (const firstName of ['Nadia', 'Nadine']) {
      await act(() => router.navigate({ to: '/clients' }));
      await act(() => router.navigate({ to: '/clients/edit/$clientId', params: { clientId: 'c-nina' } }));
      await saveFirstName(user, firstName);
    }
    expect(screen.getByText('3 changes waiting to be saved.')).toBeInTheDocument();
    await act(() => router.navigate({ to: '/clients' }));
    expect(within(rowOf('Léa')).getByText('Waiting to save')).toBeInTheDocument();
    expect(within(rowOf('Léa')).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(rowOf('Omar')).getByText('Waiting to save')).toBeInTheDocument();
    expect(within(rowOf('Nadine')).getByText('Waiting to save')).toBeInTheDocument();

    await goOnline();

    expect(await screen.findByText('All changes saved.')).toBeInTheDocument();
    expect(writes).toEqual(['POST /api/clients -', 'DELETE /api/clients/c-omar "v1"', 'PUT /api/clients/c-nina "v1"']);
    expect((await mockDb.listClients()).map((client) => client.firstName)).toEqual(['Nadine', 'Léa']);
  });

  it('a change stored by the server whose answer was lost is not a conflict when sent again: the 412 is its own', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const nextProbe = probeOnDemand();
    const writes = recordWrites();
    // The first PUT is stored, and its answer lost on the way back.
    server.use(
      http.put(
        '*/api/clients/:clientId',
        async ({ request, params }) => {
          await mockDb.updateClient(String(params.clientId), ClientInput.parse(await request.json()), 'admin');
          return HttpResponse.error();
        },
        { once: true },
      ),
    );
    const { router } = await nadiaSavedOffline();
    await act(() => router.navigate({ to: '/clients' }));

    await goOnline();
    // Its answer lost, the app is offline again until the probe (lib/reachability.ts) gets a response.
    await waitFor(() => expect(writes.length === 1 && !onlineManager.isOnline()).toBe(true));
    await nextProbe();

    expect(await screen.findByText('All changes saved.')).toBeInTheDocument();
    expect(writes).toEqual(['PUT /api/clients/c-nina "v1"', 'PUT /api/clients/c-nina "v1"']);
    expect(screen.queryByText('Needs your decision')).not.toBeInTheDocument();
  });

  it('survive a reload: the next start of the app sends them, once', async () => {
    const writes = recordWrites();
    const first = await nadiaSavedOffline();
    await waitFor(async () => expect(JSON.stringify(await get(WAITING_CHANGES_KEY))).toContain('Nadia'));
    // The tab closes while offline; the app starts again once the connection is back.
    first.unmount();
    await goOnline();
    render(<App {...createApp({ history: createMemoryHistory({ initialEntries: ['/clients'] }), retry: false, liveUpdates: false })} />);

    expect(await screen.findByText('All changes saved.', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(writes).toEqual(['PUT /api/clients/c-nina "v1"']);
    expect((await mockDb.findClient('c-nina'))?.firstName).toBe('Nadia');
  });

  it('a colleague’s change meanwhile: the change waits as "Needs your decision", and the client opens on the conflict with it as mine', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, router } = await nadiaSavedOffline();
    await colleague.update('c-nina', { email: 'nina.petrova@example.com' });
    await act(() => router.navigate({ to: '/clients' }));

    await goOnline();

    expect(await within(rowOf('Nadia')).findByText('Needs your decision')).toBeInTheDocument();
    expect(screen.queryByText('All changes saved.')).not.toBeInTheDocument();
    expect(await mockDb.findClient('c-nina')).toMatchObject({ firstName: 'Nina', email: 'nina.petrova@example.com' });
    await user.click(within(rowOf('Nadia')).getByRole('button', { name: 'Edit' }));
    expect(await screen.findByText('This client was changed by colleague while you were editing.')).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveValue('Nadia');
    expect(screen.getByLabelText('Email')).toHaveValue('nina.petrova@example.com');

    // The colleague again, before the decision is sent: a new conflict, and what was typed is still there.
    await colleague.update('c-nina', { lastName: 'Petrova-Novak' });
    await user.click(screen.getByRole('button', { name: 'Keep my changes' }));
    expect(await screen.findByLabelText('Last name')).toHaveValue('Petrova-Novak');
    expect(screen.getByLabelText('First name')).toHaveValue('Nadia');
    // The same form all along (not a new one given back what was typed, as after a session's end).
    expect(screen.queryByText(/What you typed before your session ended is back/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Keep my changes' }));

    expect(await screen.findByText('Client updated successfully!')).toBeInTheDocument();
    expect(await mockDb.findClient('c-nina')).toMatchObject({
      firstName: 'Nadia',
      lastName: 'Petrova-Novak',
      email: 'nina.petrova@example.com',
    });
    await act(() => router.navigate({ to: '/clients' }));
    expect(within(rowOf('Nadia')).queryByText('Needs your decision')).not.toBeInTheDocument();
  });

  describe('a client whose page was never opened, opened offline from the list (issue 38)', () => {
    /** The list online; offline, Edit on Omar, whose own page was never loaded: it opens on the list's row. */
    async function omarOpenedOfflineFromList() {
      const view = await renderApp('/clients', { loggedIn: true });
      await screen.findByRole('cell', { name: 'Omar' });
      await goOffline();
      await view.user.click(within(rowOf('Omar')).getByRole('button', { name: 'Edit' }));
      await waitFor(() => expect(screen.getByLabelText('First name')).toHaveValue('Omar'));
      return view;
    }

    it('an edit waits, and is sent once with the If-Match of the version the list showed', async () => {
      const writes = recordWrites();
      const { user } = await omarOpenedOfflineFromList();
      await saveFirstName(user, 'Omari');

      await goOnline();

      expect(await screen.findByText('All changes saved.')).toBeInTheDocument();
      expect(writes).toEqual(['PUT /api/clients/c-omar "v1"']);
      expect((await mockDb.findClient('c-omar'))?.firstName).toBe('Omari');
    });

    it('a colleague’s change since the list was loaded is not overwritten: the edit waits for a decision', async () => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      const { user, router } = await omarOpenedOfflineFromList();
      await saveFirstName(user, 'Omari');
      await colleague.update('c-omar', { email: 'omar.new@example.com' });
      await act(() => router.navigate({ to: '/clients' }));

      await goOnline();

      expect(await within(rowOf('Omari')).findByText('Needs your decision')).toBeInTheDocument();
      expect(await mockDb.findClient('c-omar')).toMatchObject({ firstName: 'Omar', email: 'omar.new@example.com' });
    });

    it('a deletion is sent with the If-Match of the version the list showed', async () => {
      const writes = recordWrites();
      const { user } = await omarOpenedOfflineFromList();
      await user.click(screen.getByRole('button', { name: 'Delete' }));
      await user.click(screen.getByRole('button', { name: 'Yes' }));
      await screen.findByRole('heading', { name: 'Clients' });

      await goOnline();

      expect(await screen.findByText('All changes saved.')).toBeInTheDocument();
      expect(writes).toEqual(['DELETE /api/clients/c-omar "v1"']);
      expect(await mockDb.findClient('c-omar')).toBeUndefined();
    });
  });

  it('a 401 stops the replay; the same account logging in again sends the change, once', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const writes = recordWrites();
    const { user } = await nadiaSavedOffline();
    mockDb.endSession();

    await goOnline();

    expect(await screen.findByRole('heading', { name: 'Staff login' })).toBeInTheDocument();
    expect(writes).toEqual(['PUT /api/clients/c-nina "v1"']);
    expect((await mockDb.findClient('c-nina'))?.firstName).toBe('Nina');
    await user.type(screen.getByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'admin');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    await waitFor(async () => expect((await mockDb.findClient('c-nina'))?.firstName).toBe('Nadia'));
    expect(writes).toEqual(['PUT /api/clients/c-nina "v1"', 'POST /login -', 'PUT /api/clients/c-nina "v1"']);
  });

  it('are never sent under another account', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const writes = recordWrites();
    await nadiaSavedOffline();
    // Another account's login on this browser, as another tab would leave it.
    act(() => setLoggedIn('sam'));

    await goOnline();

    // Not sent: the change waits for its own account, and the app asks to log in.
    expect(await screen.findByRole('heading', { name: 'Staff login' })).toBeInTheDocument();
    expect(writes).toEqual([]);
    expect((await mockDb.findClient('c-nina'))?.firstName).toBe('Nina');
  });

  it('Sign Out with changes waiting asks first: No stays, Yes discards them', async () => {
    const writes = recordWrites();
    const { user } = await nadiaSavedOffline();

    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent('1 change has not been saved yet. Sign out anyway?');
    await user.click(screen.getByRole('button', { name: 'No' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Sign out successful!'));
    await goOnline();
    await waitFor(async () => expect(await get(WAITING_CHANGES_KEY)).toBeUndefined());
    expect(writes.filter((write) => write.startsWith('PUT'))).toEqual([]);
  });
});
