/**
 * The offline copy of the query cache (issue 20): whose it is, how long it is kept, when it goes. IndexedDB from
 * fake-indexeddb (jsdom has none), so the persister and idb-keyval run as in the browser.
 */
import 'fake-indexeddb/auto';
import { onlineManager, QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { act, render, screen, waitFor } from '@testing-library/react';
import { get } from 'idb-keyval';
import { afterEach, describe, expect, it } from 'vitest';
import { mockDb } from '#mocks/db.ts';
import { startScenario } from '#mocks/scenarios.ts';
import { clientKeys } from '../clients/api/client-queries.ts';
import { DEFAULT_SESSION_MAX_MS } from '#contract/session-expires';
import { currentLogin, setLoggedIn, type Login } from '../../lib/login-flag.ts';
import { App, createApp } from '../../app.tsx';
import { renderApp } from '../../testing/render-app.tsx';
import { keepOfflineCopy, restoreOfflineCopy } from './offline-copy.ts';
import { forgetOfflineCopy, OFFLINE_COPY_KEY } from './offline-copy-store.ts';

const nina = {
  _id: 'c-nina',
  firstName: 'Nina',
  lastName: 'Petrova',
  email: 'nina@example.com',
  registrationDateTime: '2024-05-01T10:30:00.000Z',
};

const storedCopy = () => get<string>(OFFLINE_COPY_KEY);

/** A login `ago` ms ago, whose session lasts the default length. */
const loginOf = (account: string, ago: number): Login => {
  const at = Date.now() - ago;
  return { account, at, endsAt: at + DEFAULT_SESSION_MAX_MS };
};

/** The persister writes at most once a second: a change waits for the next write. */
const nextWrite = { timeout: 3000 };
/** A whole page from a cold start (its route's code, IndexedDB, the mock's answer): CI's busy machine took over 1 s. */
const pageLoad = { timeout: 5000 };

/** Saves a cache holding the list with `client` (and its detail), as the staff pages do, and waits for the write. */
async function saveCopy(login: Login, client = nina) {
  const queryClient = new QueryClient();
  const stop = keepOfflineCopy(queryClient, login);
  queryClient.setQueryData(clientKeys.lists(), [client]);
  queryClient.setQueryData(clientKeys.detail(client._id), { client, version: 1 });
  await waitFor(async () => expect(await storedCopy()).toContain(client.firstName), nextWrite);
  stop();
}

/** The app as the browser starts it (main.tsx), after a reload: an empty cache, the copy in IndexedDB. */
function startApp(path: string) {
  mockDb.startSession();
  render(<App {...createApp({ history: createMemoryHistory({ initialEntries: [path] }) })} />);
}

async function restoredList(login: Login) {
  const queryClient = new QueryClient();
  await restoreOfflineCopy(queryClient, login);
  return queryClient.getQueryData(clientKeys.lists());
}

// Online again comes from the setup's resetReachability, after the app is unmounted: here, before, it would resume
// the unmounted app's paused requests into the offline scenario.
afterEach(() => forgetOfflineCopy());

describe('the offline copy of the cache', () => {
  it('is saved to IndexedDB and restored for the login that saved it', async () => {
    const login = loginOf('maria', 1000);
    await saveCopy(login);
    expect(await restoredList(login)).toEqual([nina]);
  });

  it('is not restored for another account, and is removed', async () => {
    await saveCopy(loginOf('maria', 1000));
    expect(await restoredList(loginOf('sam', 1000))).toBeUndefined();
    expect(await storedCopy()).toBeUndefined();
  });

  it('is not restored when saved before this login (an earlier session of the same account)', async () => {
    await saveCopy(loginOf('maria', 5000));
    expect(await restoredList(loginOf('maria', -1))).toBeUndefined();
  });

  it('is not kept once the login is older than a session can last', async () => {
    const login = loginOf('maria', 1000);
    await saveCopy(login);
    expect(await restoredList(loginOf('maria', DEFAULT_SESSION_MAX_MS))).toBeUndefined();
    expect(await storedCopy()).toBeUndefined();
  });

  it('is not kept once the session has ended at the latest, when the server’s sessions are shorter', async () => {
    const login = loginOf('maria', 2 * 60 * 60 * 1000);
    await saveCopy(login);
    // Logged in two hours ago on a server whose sessions last two hours (Session-Expires).
    expect(await restoredList({ ...login, endsAt: Date.now() - 1 })).toBeUndefined();
    expect(await storedCopy()).toBeUndefined();
  });

  it('is removed, and no longer saved, once forgotten', async () => {
    const queryClient = new QueryClient();
    keepOfflineCopy(queryClient, loginOf('maria', 1000));
    queryClient.setQueryData(clientKeys.lists(), [nina]);
    await waitFor(async () => expect(await storedCopy()).toContain('Nina'), nextWrite);

    await forgetOfflineCopy();
    queryClient.setQueryData(clientKeys.lists(), [{ ...nina, firstName: 'Ninette' }]);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(await storedCopy()).toBeUndefined();
  });
});

describe('a page opened on the offline copy', () => {
  it('online, shows what the server holds now, not what the copy saw', async () => {
    setLoggedIn('admin');
    await saveCopy(currentLogin() as Login, { ...nina, firstName: 'Earlier' });
    mockDb.setClients([nina]);

    startApp('/clients/edit/c-nina');
    await waitFor(() => expect(screen.getByLabelText('First name')).toHaveValue('Nina'), pageLoad);
  });

  it('without a response from the server, opens on the copy, and the app is offline', async () => {
    setLoggedIn('admin');
    await saveCopy(currentLogin() as Login, { ...nina, firstName: 'Earlier' });
    mockDb.setClients([nina]);
    startScenario('offline');

    startApp('/clients/edit/c-nina');
    await waitFor(() => expect(screen.getByLabelText('First name')).toHaveValue('Earlier'), pageLoad);
    expect(onlineManager.isOnline()).toBe(false);
  });
});

describe('the staff pages and the offline copy', () => {
  it('keep it while logged in, and Sign Out removes it', async () => {
    mockDb.setClients([nina]);
    const { user } = await renderApp('/clients', { loggedIn: true });
    await screen.findByRole('row', { name: /Nina Petrova/ });
    await waitFor(async () => expect(await storedCopy()).toContain('Nina'), nextWrite);

    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(currentLogin()).toBeNull());
    await waitFor(async () => expect(await storedCopy()).toBeUndefined());
  });

  it('remove it when the session ends (a 401)', async () => {
    mockDb.setClients([nina]);
    const { queryClient } = await renderApp('/clients', { loggedIn: true });
    await screen.findByRole('row', { name: /Nina Petrova/ });
    await waitFor(async () => expect(await storedCopy()).toContain('Nina'), nextWrite);

    startScenario('session-ended');
    await act(() => queryClient.refetchQueries({ queryKey: clientKeys.lists() }));
    await screen.findByRole('heading', { name: 'Staff login' });
    await waitFor(async () => expect(await storedCopy()).toBeUndefined());
  });

  it('show "You are offline. Showing clients as of {HH:MM}." while offline, with the list still there', async () => {
    mockDb.setClients([nina]);
    await renderApp('/clients', { loggedIn: true });
    await screen.findByRole('row', { name: /Nina Petrova/ });
    expect(screen.queryByText(/You are offline/)).not.toBeInTheDocument();

    act(() => onlineManager.setOnline(false));
    const banner = await screen.findByText(/^You are offline\. Showing clients as of \d\d:\d\d\.$/);
    const shown = banner.textContent?.match(/(\d\d:\d\d)/)?.[1];
    const now = new Date();
    expect(shown).toBe(`${String(now.getHours()).padStart(2, '0')}:${String(now.getMinutes()).padStart(2, '0')}`);
    expect(screen.getByRole('row', { name: /Nina Petrova/ })).toBeInTheDocument();

    act(() => onlineManager.setOnline(true));
    await waitFor(() => expect(screen.queryByText(/You are offline/)).not.toBeInTheDocument());
  });
});

describe('logging in', () => {
  it('as another account than the one logged in here removes the copy', async () => {
    await saveCopy(loginOf('maria', 1000));
    setLoggedIn('maria');
    mockDb.setClients([nina]);
    const { user } = await renderApp('/login');
    await user.type(screen.getByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'admin');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(currentLogin()?.account).toBe('admin'));
    await waitFor(async () => expect((await storedCopy()) ?? '').not.toContain('maria'));
  });
});
