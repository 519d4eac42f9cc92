/**
 * The offline copy of a signed-in staff member's query cache (issue 20, docs/offline.md): TanStack Query's
 * persister writes the cache to IndexedDB, at most once a second while data changes, so that `/clients` and every
 * client opened before show while the connection is down, a reload included.
 *
 * The copy is personal data on what may be a shared PC, so it belongs to one login: restored only for the account
 * that saved it (the persister's `buster`), only if saved since this login, and never once the login is older than
 * a session can last; offline-copy-store.ts removes it on Sign Out, at the session's end and when another account
 * logs in.
 */
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import type { QueryClient } from '@tanstack/react-query';
import { persistQueryClientRestore, persistQueryClientSave, persistQueryClientSubscribe } from '@tanstack/react-query-persist-client';
import { del, get, set } from 'idb-keyval';
import type { Login } from '../../lib/login-flag.ts';
import { forgetOfflineCopy, OFFLINE_COPY_KEY, savingStartedWith } from './offline-copy-store.ts';

/** At most one write per second while data changes (the figure). */
const SAVE_INTERVAL_MS = 1000;

const persister = createAsyncStoragePersister({
  storage: {
    getItem: async (key) => (await get<string>(key)) ?? null,
    setItem: (key, value) => set(key, value),
    removeItem: (key) => del(key),
  },
  key: OFFLINE_COPY_KEY,
  throttleTime: SAVE_INTERVAL_MS,
});

/** The copy holds the queries; the changes waiting to be sent are kept apart, by waiting-changes.ts, for other rules. */
const dehydrateOptions = { shouldDehydrateMutation: () => false };

/** Whether this browser can keep a copy at all (IndexedDB can be missing in some private modes, and in jsdom). */
export const canKeepOfflineCopy = () => typeof indexedDB !== 'undefined';

/** The query clients the copy was put into already: once per app, when it first goes offline (load-query.ts). */
const restored = new WeakSet<QueryClient>();

/**
 * Puts the copy saved during this login into the cache (where the cache has nothing newer). A copy that is not
 * this login's is removed instead.
 */
export async function restoreOfflineCopy(queryClient: QueryClient, login: Login): Promise<void> {
  if (restored.has(queryClient)) return;
  restored.add(queryClient);
  const now = Date.now();
  const loginAge = now - login.at;
  // Not after the session has ended at the latest (the server's SESSION_MAX_HOURS), even when nothing said so.
  if (loginAge < 0 || now >= login.endsAt) return forgetOfflineCopy();
  try {
    // maxAge: saved since this login; an older copy, or another account's (buster), is removed by the persister.
    await persistQueryClientRestore({ queryClient, persister, buster: login.account, maxAge: loginAge });
  } catch {
    // An unreadable copy has been removed by the persister; the page waits for the connection as without one.
  }
}

/**
 * Saves the cache now (what was loaded before the staff pages opened) and whenever it changes while they are open;
 * returns what stops it, which forgetOfflineCopy calls too.
 */
export function keepOfflineCopy(queryClient: QueryClient, login: Login): () => void {
  // Not an empty cache (a reload, before anything loaded): that would overwrite the copy before it could be used.
  if (
    queryClient
      .getQueryCache()
      .getAll()
      .some((query) => query.state.data !== undefined)
  ) {
    void persistQueryClientSave({ queryClient, persister, buster: login.account, dehydrateOptions });
  }
  const unsubscribe = persistQueryClientSubscribe({ queryClient, persister, buster: login.account, dehydrateOptions });
  savingStartedWith(unsubscribe);
  return unsubscribe;
}
