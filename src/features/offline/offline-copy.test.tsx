/**
 * The offline copy of the query cache (issue 20): whose it is, how long it is kept, when it goes. IndexedDB from
 * fake-indexeddb (jsdom has none), so the persister and idb-keyval run as in the browser.
 */
import 'fake-indexeddb/auto';
import { hashKey, onlineManager, QueryClient, type QueryKey } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockDb } from '#mocks/db.ts';
import { scenarioOff, startScenario } from '#mocks/scenarios.ts';
import { meKeys } from '../../lib/me.ts';
import { clientKeys, clientQueries } from '../clients/api/client-queries.ts';
import { DEFAULT_SESSION_MAX_MS } from '#contract/session-expires';
import { currentLogin, setLoggedIn, type Login } from '../../lib/login-flag.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { App, createApp } from '../../app.tsx';
import { renderApp } from '../../testing/render-app.tsx';
import { nina } from '../../testing/sample-clients.ts';
import { loadQuery } from './load-query.ts';
import { keepOfflineCopy, restoreOfflineCopy } from './offline-copy.ts';
import { forgetOfflineCopy, OFFLINE_COPY_KEY } from '../../lib/offline-copy-store.ts';
import { forgetWaitingChangesOnDisk } from '../../lib/waiting-changes/waiting-changes.ts';
import { loginOf, savedQueries, storedCopy, untilWritten } from '../../testing/offline-copy.ts';

const olga = {
  _id: 'c-olga',
  firstName: 'Olga',
  lastName: 'Berg',
  email: 'olga@example.com',
  registrationDateTime: '2024-06-01T09:00:00.000Z',
};

/** A whole page from a cold start (its route's code, IndexedDB, the mock's answer): CI's busy machine took over 1 s. */
const pageLoad = { timeout: 5000 };

/** Keeps the copy of a cache holding the list with `client` (and its detail), as the staff pages do; waits for the write. */
async function keptCopy(login: Login, client = nina) {
  const queryClient = new QueryClient();
  const stop = keepOfflineCopy(queryClient, login);
  queryClient.setQueryData(clientKeys.lists(), [client]);
  queryClient.setQueryData(clientKeys.detail(client._id), { client, version: 1 });
  await untilWritten(async () => expect(await storedCopy()).toContain(client.firstName));
  return { queryClient, stop };
}

/** A copy saved, then no longer kept: as an earlier page load leaves it. */
async function saveCopy(login: Login, client = nina) {
  (await keptCopy(login, client)).stop();
}

/** The app as the browser starts it (main.tsx), after a reload: an empty cache, the copy in IndexedDB. */
function startApp(path: string) {
  mockDb.startSession();
  render(<App {...createApp({ history: createMemoryHistory({ initialEntries: [path] }) })} />);
}

/**
 * A full page load (a new cache, as after typing an address) whose route loads `query`, with the staff pages keeping
 * the copy; resolves once the copy has what it loaded. Returns what stops the saving, as leaving the page does.
 */
async function pageLoadOf(login: Login, query: { queryKey: QueryKey; queryFn?: unknown }) {
  const queryClient = createQueryClient({ onUnauthorized: () => {}, retry: false });
  const stop = keepOfflineCopy(queryClient, login);
  await loadQuery(queryClient, query as Parameters<typeof loadQuery>[1]);
  await untilWritten(async () => expect(await savedQueries()).toContain(hashKey(query.queryKey)));
  return { queryClient, stop };
}

/** What `promise` settles to within two seconds, or 'still loading' (a paused query never settles offline). */
const settledSoon = <T,>(promise: Promise<T>) =>
  Promise.race([promise, new Promise<'still loading'>((resolve) => setTimeout(() => resolve('still loading'), 2000))]);

const NOT_AVAILABLE_OFFLINE = 'This is not available offline. It will load when the connection returns.';

/** Staff open `path` offline, with nothing of it in the copy: the page says it is not available, once loaded. */
async function openedOfflineWithoutCopy(path: string) {
  setLoggedIn('admin');
  await mockDb.setClients([nina]);
  startScenario('offline');
  startApp(path);
  expect(await screen.findByText(NOT_AVAILABLE_OFFLINE, {}, pageLoad)).toBeInTheDocument();
}

/** The connection returns: the mock answers again, and TanStack Query learns it is online. */
function connectionBack() {
  scenarioOff();
  act(() => onlineManager.setOnline(true));
}

async function restoredList(login: Login) {
  const queryClient = new QueryClient();
  await restoreOfflineCopy(queryClient, login);
  return queryClient.getQueryData(clientKeys.lists());
}

// Online again comes from the setup's resetReachability, after the app is unmounted: here, before, it would resume
// the unmounted app's paused requests into the offline scenario.
afterEach(() => forgetOfflineCopy());

/**
 * Time as Vitest's fake clock tells it (setTimeout and Date, which the persister's throttle reads through TanStack's
 * timeoutManager), running on with real time and moved on by a test where it waits for the throttle's second.
 * IndexedDB (fake-indexeddb: setImmediate), React's scheduler and Testing Library's polling keep real timers. Not
 * for the tests that render the app: its router's and the mock's timers would run on the fake clock too, which
 * falls behind real time under load (a step per tick of a real interval), and a page's last render then landed
 * after its test (React's act() warning, in 2 of 2 whole runs). The setups go back to real timers after each test.
 */
const throttleOnAClockTheTestMoves = () =>
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true, advanceTimeDelta: 1 });

describe('the offline copy of the cache', () => {
  beforeEach(throttleOnAClockTheTestMoves);

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

  it.each([
    ['left (pagehide)', () => window.dispatchEvent(new Event('pagehide'))],
    [
      'hidden (visibilitychange)',
      () => {
        vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
        document.dispatchEvent(new Event('visibilitychange'));
      },
    ],
  ])('is written at once when the page is %s, not a second later (issue 38)', async (_, leave) => {
    const { queryClient, stop } = await keptCopy(loginOf('maria', 1000));
    // Within a second of the last write: the throttled save waits for the next second, which a page left never sees.
    queryClient.setQueryData(clientKeys.lists(), [{ ...nina, firstName: 'Ninette' }]);
    leave();
    await waitFor(async () => expect(await storedCopy()).toContain('Ninette'), { timeout: 400 });
    stop();
  });

  it('is removed, and no longer saved, once forgotten', async () => {
    const { queryClient } = await keptCopy(loginOf('maria', 1000));

    await forgetOfflineCopy();
    queryClient.setQueryData(clientKeys.lists(), [{ ...nina, firstName: 'Ninette' }]);
    // The throttle's second, and more: a save that was still to come would be written now.
    await vi.advanceTimersByTimeAsync(1200);
    expect(await storedCopy()).toBeUndefined();
  });

  it('is not written again by a save that was waiting its turn when it was forgotten (Sign Out within the second)', async () => {
    const { queryClient } = await keptCopy(loginOf('maria', 1000));

    // Within a second of the last write: this save waits for the next second, and Sign Out comes meanwhile.
    queryClient.setQueryData(clientKeys.lists(), [{ ...nina, firstName: 'Ninette' }]);
    await vi.advanceTimersByTimeAsync(100);
    await forgetOfflineCopy();
    await vi.advanceTimersByTimeAsync(1500);
    expect(await storedCopy()).toBeUndefined();
  });
});

describe('a page opened on the offline copy', () => {
  it('online, shows what the server holds now, not what the copy saw', async () => {
    setLoggedIn('admin');
    await saveCopy(currentLogin() as Login, { ...nina, firstName: 'Earlier' });
    await mockDb.setClients([nina]);

    startApp('/clients/edit/c-nina');
    await waitFor(() => expect(screen.getByLabelText('First name')).toHaveValue('Nina'), pageLoad);
    // The page has settled: the history below the form has loaded too (else it lands after the test, outside act).
    await waitFor(() => expect(screen.queryByText('Loading the history…')).not.toBeInTheDocument(), pageLoad);
    // And the role (GET /api/me, issue 28): the owner's Export data shows.
    expect(await screen.findByRole('button', { name: 'Export data' }, pageLoad)).toBeInTheDocument();
  });

  it('without a response from the server, opens on the copy, and the app is offline', async () => {
    setLoggedIn('admin');
    await saveCopy(currentLogin() as Login, { ...nina, firstName: 'Earlier' });
    await mockDb.setClients([nina]);
    startScenario('offline');

    startApp('/clients/edit/c-nina');
    await waitFor(() => expect(screen.getByLabelText('First name')).toHaveValue('Earlier'), pageLoad);
    expect(onlineManager.isOnline()).toBe(false);
  });

  it('without a response from the server, reads the copy from IndexedDB once (a 50,000-client copy is 10 MB)', async () => {
    setLoggedIn('admin');
    await saveCopy(currentLogin() as Login, { ...nina, firstName: 'Earlier' });
    startScenario('offline');
    const reads = vi.spyOn(IDBObjectStore.prototype, 'get');

    startApp('/clients/edit/c-nina');
    await waitFor(() => expect(screen.getByLabelText('First name')).toHaveValue('Earlier'), pageLoad);
    // The staff pages keep the copy (what earlier page loads saved) and the page opens on it: one read serves both.
    expect(await screen.findByText(/You are offline/, {}, pageLoad)).toBeInTheDocument();
    expect(reads.mock.calls.filter(([key]) => key === OFFLINE_COPY_KEY)).toHaveLength(1);
  });
});

describe('the staff pages and the offline copy', () => {
  it('keep it while logged in, and Sign Out removes it', async () => {
    await mockDb.setClients([nina]);
    const { user } = await renderApp('/clients', { loggedIn: true });
    await screen.findByRole('row', { name: /Nina Petrova/ });
    await untilWritten(async () => expect(await storedCopy()).toContain('Nina'));

    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(currentLogin()).toBeNull());
    await waitFor(async () => expect(await storedCopy()).toBeUndefined());
    // Sign Out ends on / with its alert: awaited, so that no render of the way there comes after the test (on a busy
    // machine it did, and React warned of updates outside act()).
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Sign out successful!'));
    await screen.findByRole('heading', { level: 1, name: 'Your Beauty Salon' });
    // And its footer, loaded apart (lazy): it arrived after the test once in a CI trial, outside act().
    await screen.findByRole('contentinfo');
  });

  it('remove it when the session ends (a 401)', async () => {
    await mockDb.setClients([nina]);
    const { queryClient } = await renderApp('/clients', { loggedIn: true });
    await screen.findByRole('row', { name: /Nina Petrova/ });
    await untilWritten(async () => expect(await storedCopy()).toContain('Nina'));
    // The navigation bar with Sign Out, loaded apart (lazy): it arrived after the 401 once in a CI trial, outside act().
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign Out' })).toBeEnabled());

    startScenario('session-ended');
    await act(() => queryClient.refetchQueries({ queryKey: clientKeys.lists() }));
    await screen.findByRole('heading', { name: 'Staff login' });
    await waitFor(async () => expect(await storedCopy()).toBeUndefined());
  });

  it('show "You are offline. Showing clients as of {HH:MM}." while offline, with the list still there', async () => {
    await mockDb.setClients([nina]);
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

describe('page loads before the connection went (issue 26)', () => {
  afterEach(() => forgetWaitingChangesOnDisk());

  /** Logged in with Nina and Olga on the server; earlier page loads saved the list and Nina's page. */
  async function listAndNinaSavedByEarlierPageLoads(): Promise<Login> {
    setLoggedIn('admin');
    const login = currentLogin() as Login;
    mockDb.startSession();
    await mockDb.setClients([nina, olga]);
    (await pageLoadOf(login, clientQueries.list())).stop();
    (await pageLoadOf(login, clientQueries.detail('c-nina'))).stop();
    return login;
  }

  it(
    'offline, the list and a client this page load never fetched come from what the earlier page loads saved',
    { timeout: 15_000 },
    async () => {
      throttleOnAClockTheTestMoves();
      // /clients after registering both, then /clients/edit/c-nina and /clients/edit/c-olga by their addresses.
      const login = await listAndNinaSavedByEarlierPageLoads();
      const { queryClient, stop } = await pageLoadOf(login, clientQueries.detail('c-olga'));

      onlineManager.setOnline(false);
      try {
        expect(await settledSoon(loadQuery(queryClient, clientQueries.list()))).toEqual([nina, olga]);
        expect(await settledSoon(loadQuery(queryClient, clientQueries.detail('c-nina')))).toEqual({ client: nina, version: 1 });
      } finally {
        stop();
        // A query still paused would be resumed by the next test's connection.
        queryClient.clear();
      }
    },
  );

  it(
    'the issue’s steps: offline, Delete and Yes on the second client; the list shows the first, whose page opens',
    { timeout: 20_000 },
    async () => {
      await listAndNinaSavedByEarlierPageLoads();
      const user = userEvent.setup();
      startApp('/clients/edit/c-olga');
      await waitFor(() => expect(screen.getByLabelText('First name')).toHaveValue('Olga'), pageLoad);
      await untilWritten(async () => expect(await savedQueries()).toContain(hashKey(clientKeys.detail('c-olga'))));

      startScenario('offline');
      act(() => onlineManager.setOnline(false));
      await user.click(screen.getByRole('button', { name: 'Delete' }));
      await user.click(screen.getByRole('button', { name: 'Yes' }));

      expect(await screen.findByText(/^You are offline\. Showing clients as of \d\d:\d\d\.$/, {}, pageLoad)).toBeInTheDocument();
      expect(screen.getByText('1 change waiting to be saved.')).toBeInTheDocument();
      const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });
      expect(within(rowOf('Olga Berg')).getByText('Waiting to save')).toBeInTheDocument();
      await user.click(within(rowOf('Nina Petrova')).getByRole('button', { name: 'Edit' }));
      await waitFor(() => expect(screen.getByLabelText('First name')).toHaveValue('Nina'), pageLoad);
      // Her history was never loaded: it says so rather than loading for ever.
      expect(await within(screen.getByRole('region', { name: 'History' })).findByText(NOT_AVAILABLE_OFFLINE)).toBeInTheDocument();
    },
  );

  it(
    'offline, a page with nothing in the copy says so instead of loading for ever, and loads when the connection returns',
    { timeout: 15_000 },
    async () => {
      await openedOfflineWithoutCopy('/clients');
      expect(screen.queryByText('Loading clients…')).not.toBeInTheDocument();

      connectionBack();
      expect(await screen.findByRole('row', { name: /Nina Petrova/ }, pageLoad)).toBeInTheDocument();
      expect(screen.queryByText(NOT_AVAILABLE_OFFLINE)).not.toBeInTheDocument();
    },
  );

  it('offline, Recently deleted with nothing in the copy says so too', { timeout: 15_000 }, async () => {
    await openedOfflineWithoutCopy('/clients/deleted');
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();

    connectionBack();
    expect(await screen.findByText('No recently deleted clients.', {}, pageLoad)).toBeInTheDocument();
  });

  it('offline, a client’s page with nothing in the copy says so too', { timeout: 15_000 }, async () => {
    await openedOfflineWithoutCopy('/clients/edit/c-nina');

    connectionBack();
    await waitFor(() => expect(screen.getByLabelText('First name')).toHaveValue('Nina'), pageLoad);
    // And its history, below the form.
    await waitFor(() => expect(screen.getByRole('region', { name: 'History' })).not.toHaveTextContent(/Loading|not available/));
  });
});

describe('logging in', () => {
  it('as another account than the one logged in here removes the copy', async () => {
    await saveCopy(loginOf('maria', 1000));
    setLoggedIn('maria');
    await mockDb.setClients([nina]);
    const { user } = await renderApp('/login');
    await user.type(screen.getByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'admin');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(currentLogin()?.account).toBe('admin'));
    await waitFor(async () => expect((await storedCopy()) ?? '').not.toContain('maria'));
  });
});

describe('the role in the offline copy (issue 28)', () => {
  /** Open /clients online as `account`, then reload it with no response from the server: the page opens on the copy. */
  async function reloadedOffline(account: 'admin' | 'sam') {
    await mockDb.setClients([nina]);
    const { unmount } = await renderApp('/clients', { loggedIn: true, account });
    await screen.findByRole('row', { name: /Nina Petrova/ });
    await untilWritten(async () => expect(await savedQueries()).toContain(hashKey(meKeys.all)));
    unmount();

    startScenario('offline');
    mockDb.startSession(account);
    const app = createApp({ history: createMemoryHistory({ initialEntries: ['/clients'] }) });
    render(<App {...app} />);
    expect(await screen.findByRole('row', { name: /Nina Petrova/ }, pageLoad)).toBeInTheDocument();
    return app.queryClient;
  }

  it('an owner reloading offline keeps Export CSV: the copy knows the role', { timeout: 15_000 }, async () => {
    const queryClient = await reloadedOffline('admin');
    expect(await screen.findByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
    expect(queryClient.getQueryData(meKeys.all)).toEqual({ username: 'admin', role: 'owner' });
  });

  it('staff reloading offline are still staff, with no owner’s controls', { timeout: 15_000 }, async () => {
    const queryClient = await reloadedOffline('sam');
    await waitFor(() => expect(queryClient.getQueryData(meKeys.all)).toEqual({ username: 'sam', role: 'staff' }));
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
  });
});
