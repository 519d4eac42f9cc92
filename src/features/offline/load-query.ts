/**
 * The routes' loaders read through here: TanStack Query's `ensureQueryData` while the server answers. The offline
 * copy (offline-copy.ts) comes in only when it does not: a page never opens on what an earlier visit saw while the
 * server could say what is true now. Offline (the browser says so, or a request got no response: lib/reachability.ts),
 * the copy is put into the cache once, and the page opens on it.
 */
import { onlineManager, type EnsureQueryDataOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { currentLogin } from '../../lib/login-flag.ts';

async function fromOfflineCopy(queryClient: QueryClient): Promise<void> {
  const login = currentLogin();
  if (!login) return;
  const { canKeepOfflineCopy, restoreOfflineCopy } = await import('./offline-copy.ts');
  if (canKeepOfflineCopy()) await restoreOfflineCopy(queryClient, login);
}

/**
 * `fromOtherQueries`: what the page can open on offline when neither the cache nor the copy has its query, from another
 * query's data (a client's page from the list's row: TanStack Query's "initial data from the cache"). Kept as data
 * from long ago, so that it is refetched as soon as the connection allows.
 */
export async function loadQuery<TData, TQueryKey extends QueryKey>(
  queryClient: QueryClient,
  options: EnsureQueryDataOptions<TData, Error, TData, TQueryKey>,
  fromOtherQueries?: () => TData | undefined,
): Promise<TData> {
  if (onlineManager.isOnline() || queryClient.getQueryData(options.queryKey) !== undefined) {
    try {
      return await queryClient.ensureQueryData(options);
    } catch (error) {
      // Offline now (no retries then: lib/query-client.ts): the copy may have it.
      if (onlineManager.isOnline()) throw error;
    }
  }
  await fromOfflineCopy(queryClient);
  if (queryClient.getQueryData(options.queryKey) === undefined) {
    const derived = fromOtherQueries?.();
    if (derived !== undefined) queryClient.setQueryData<TData>(options.queryKey as QueryKey, () => derived, { updatedAt: 0 });
  }
  // From the copy; or, not in it, once the connection is back (the query waits, paused: the route's pending screen
  // says it is not available offline).
  return queryClient.ensureQueryData(options);
}
