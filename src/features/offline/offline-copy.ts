/**
 * The offline copy of a signed-in staff member's query cache (issue 20, docs/offline.md): TanStack Query's
 * persister writes the cache to IndexedDB, at most once a second while data changes and at once when the page is hidden
 * or left, so that `/clients` and every client opened since the login show while the connection is down, whatever page
 * was loaded last, a reload included.
 *
 * The copy is personal data on what may be a shared PC, so it belongs to one login: restored only for the account
 * that saved it (the persister's `buster`), only if saved since this login, and never once the login is older than
 * a session can last; lib/offline-copy-store.ts removes it on Sign Out, at the session's end and when another account
 * logs in.
 */
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { defaultShouldDehydrateQuery, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { persistQueryClientSave, persistQueryClientSubscribe, type Persister } from '@tanstack/react-query-persist-client';
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import type { Login } from '../../lib/login-flag.ts';
import { forgetOfflineCopy, OFFLINE_COPY_KEY, savingStartedWith } from '../../lib/offline-copy-store.ts';

/**
 * idb-keyval's own database and store (where the copy's key is), with each write's transaction committed as soon as it
 * is asked for: a write made as the page is left cannot wait for the page's next task, which never comes (Chromium
 * aborts a transaction the page left open).
 */
const keyvalStore = createStore('keyval-store', 'keyval');
const committedAtOnce: UseStore = (mode, callback) =>
  keyvalStore(mode, (store) => {
    const result = callback(store);
    store.transaction.commit();
    return result;
  });

/** At most one write per second while data changes (the figure). */
const SAVE_INTERVAL_MS = 1000;

/**
 * The copy in IndexedDB through TanStack's persister, which saves the latest cache at most once per `throttleTime`: a
 * save asked for within it waits, and is written only while `saving()` still says so (not after Sign Out removed the
 * copy).
 */
const copyStorage = (saving: () => boolean, throttleTime: number) =>
  createAsyncStoragePersister({
    storage: {
      getItem: async (key) => (await get<string>(key)) ?? null,
      setItem: async (key, value) => {
        if (saving()) await set(key, value, committedAtOnce);
      },
      removeItem: (key) => del(key),
    },
    key: OFFLINE_COPY_KEY,
    throttleTime,
  });

/** For reading and removing the copy; what writes it is keepOfflineCopy's own. */
const storage = copyStorage(() => false, SAVE_INTERVAL_MS);

type SavedQuery = DehydratedState['queries'][number];

/**
 * The copy holds the queries, but those that say `meta: { offlineCopy: false }` (the audit trail); the changes
 * waiting to be sent are kept apart, by waiting-changes.ts, for other rules.
 */
const dehydrateOptions = {
  shouldDehydrateMutation: () => false,
  shouldDehydrateQuery: (query: Parameters<typeof defaultShouldDehydrateQuery>[0]) =>
    defaultShouldDehydrateQuery(query) && query.meta?.offlineCopy !== false,
};

/** Whether this browser can keep a copy at all (IndexedDB can be missing in some private modes, and in jsdom). */
export const canKeepOfflineCopy = () => typeof indexedDB !== 'undefined';

/** Not after the login's session has ended at the latest (the server's SESSION_MAX_HOURS), even when nothing said so. */
function sessionMayLast(login: Login): boolean {
  const now = Date.now();
  return now >= login.at && now < login.endsAt;
}

/** The copy as last read, until this page load writes it: keeping it and opening on it share one read (decision 020). */
let lastRead: { login: Login; queries: Promise<SavedQuery[]> } | null = null;

const sameLogin = (a: Login, b: Login) => a.account === b.account && a.at === b.at;

function savedQueriesOf(login: Login): Promise<SavedQuery[]> {
  if (!lastRead || !sameLogin(lastRead.login, login)) lastRead = { login, queries: readSavedQueries(login) };
  return lastRead.queries;
}

/**
 * The saved copy's queries when it is this login's: saved by its account (the buster) since it logged in. Any other
 * copy, or an unreadable one, is removed.
 */
async function readSavedQueries(login: Login): Promise<SavedQuery[]> {
  try {
    const copy = await storage.restoreClient();
    if (!copy) return [];
    if (copy.buster === login.account && copy.timestamp >= login.at) return copy.clientState.queries;
  } catch {
    // Unreadable: removed, as another login's is.
  }
  try {
    await storage.removeClient();
  } catch {
    // No IndexedDB: there is no copy to remove.
  }
  return [];
}

/** The query clients the copy was put into already: once per app, when it first goes offline (load-query.ts). */
const restored = new WeakSet<QueryClient>();

/**
 * Puts the copy saved during this login into the cache (where the cache has nothing newer). A copy that is not
 * this login's is removed instead.
 */
export async function restoreOfflineCopy(queryClient: QueryClient, login: Login): Promise<void> {
  if (restored.has(queryClient)) return;
  restored.add(queryClient);
  if (!sessionMayLast(login)) return forgetOfflineCopy();
  const queries = await savedQueriesOf(login);
  try {
    hydrate(queryClient, { queries, mutations: [] });
  } catch {
    // A copy the cache cannot take: the page waits for the connection as without one.
  }
}

/**
 * Saves the cache now (what was loaded before the staff pages opened) and whenever it changes while they are open;
 * returns what stops it, which forgetOfflineCopy calls too.
 *
 * A page load starts with an empty cache, so each save also carries on what this login's earlier page loads saved and
 * this one has not loaded again (its own is newer) nor dropped (a deleted client): the list opened before a reload
 * of a client's page stays in the copy (issue 26, docs/offline.md).
 */
export function keepOfflineCopy(queryClient: QueryClient, login: Login): () => void {
  let stopped = false;
  const dropped = new Set<string>();
  let earlier = sessionMayLast(login) ? savedQueriesOf(login) : Promise.resolve<SavedQuery[]>([]);
  const stopDropping = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'removed') dropped.add(event.query.queryHash);
  });
  /** A persister that writes through `writer`, adding what earlier page loads saved and this one has not replaced. */
  const carryingOn = (writer: Persister): Persister => ({
    ...writer,
    persistClient: async (client) => {
      const { queries } = client.clientState;
      const inCache = new Set(queries.map((query) => query.queryHash));
      const carried = (await earlier).filter((query) => !inCache.has(query.queryHash) && !dropped.has(query.queryHash));
      // What the cache has now is saved from it from now on: not kept twice in memory (a list can be 10 MB).
      earlier = Promise.resolve(carried);
      if (stopped) return;
      lastRead = null;
      return writer.persistClient({ ...client, clientState: { ...client.clientState, queries: [...carried, ...queries] } });
    },
  });
  const saving = () => !stopped;
  const throttled = carryingOn(copyStorage(saving, SAVE_INTERVAL_MS));
  // The page is hidden or left (another address typed, a reload, the tab closed): what changed within the last second
  // would wait for a write that never comes, so it is written at once (issue 38), as the persisters people use do.
  const atOnce = carryingOn(copyStorage(saving, 0));
  const options = { queryClient, buster: login.account, dehydrateOptions };
  const saveNow = () => {
    if (!stopped) void persistQueryClientSave({ ...options, persister: atOnce });
  };
  const saveWhenHidden = () => {
    if (document.visibilityState === 'hidden') saveNow();
  };
  // An empty cache (a reload, before anything loaded) adds nothing to the copy.
  if (
    queryClient
      .getQueryCache()
      .getAll()
      .some((query) => query.state.data !== undefined)
  ) {
    void persistQueryClientSave({ ...options, persister: throttled });
  }
  const unsubscribe = persistQueryClientSubscribe({ ...options, persister: throttled });
  window.addEventListener('pagehide', saveNow);
  document.addEventListener('visibilitychange', saveWhenHidden);
  const stop = () => {
    stopped = true;
    lastRead = null;
    unsubscribe();
    stopDropping();
    window.removeEventListener('pagehide', saveNow);
    document.removeEventListener('visibilitychange', saveWhenHidden);
  };
  savingStartedWith(stop);
  return stop;
}
