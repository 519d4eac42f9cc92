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
import { LONGEST_SESSION_MS, type Login } from '../../lib/login-flag.ts';
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

/** Whether this browser can keep a copy at all (IndexedDB can be missing in some private modes, and in jsdom). */
export const canKeepOfflineCopy = () => typeof indexedDB !== 'undefined';

/**
 * Puts the copy saved during this login back into the cache, before the first render: the routes' loaders then
 * find their data there, online or not. A copy that is not this login's is removed instead.
 */
export async function restoreOfflineCopy(queryClient: QueryClient, login: Login): Promise<void> {
  const loginAge = Date.now() - login.at;
  if (loginAge < 0 || loginAge >= LONGEST_SESSION_MS) return forgetOfflineCopy();
  try {
    // maxAge: saved since this login; an older copy, or another account's (buster), is removed by the persister.
    await persistQueryClientRestore({ queryClient, persister, buster: login.account, maxAge: loginAge });
    // The copy is as of its last save: each screen shows it at once and asks the server again (offline, that
    // request is what tells the app so: lib/reachability.ts).
    await queryClient.invalidateQueries({ refetchType: 'none' });
  } catch {
    // An unreadable copy has been removed by the persister; the app fetches as without one.
  }
}

/**
 * Saves the cache now and whenever it changes while the staff pages are open (what was loaded before they opened
 * included); returns what stops it, which forgetOfflineCopy calls too.
 */
export function keepOfflineCopy(queryClient: QueryClient, login: Login): () => void {
  void persistQueryClientSave({ queryClient, persister, buster: login.account });
  const unsubscribe = persistQueryClientSubscribe({ queryClient, persister, buster: login.account });
  savingStartedWith(unsubscribe);
  return unsubscribe;
}
