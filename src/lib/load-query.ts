/**
 * The routes' loaders read through here: TanStack Query's `ensureQueryData`, except for data restored from the
 * offline copy (features/offline), which is marked invalidated when restored. That is asked of the server first,
 * so that a form never opens on what an earlier visit saw; only when the server cannot be reached does the page
 * open on the copy (lib/reachability.ts has made the app offline by then).
 */
import { onlineManager, type EnsureQueryDataOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';

export async function loadQuery<TData, TQueryKey extends QueryKey>(
  queryClient: QueryClient,
  options: EnsureQueryDataOptions<TData, Error, TData, TQueryKey>,
): Promise<TData> {
  const state = queryClient.getQueryState<TData>(options.queryKey);
  if (state?.data === undefined || !state.isInvalidated || !onlineManager.isOnline()) return queryClient.ensureQueryData(options);
  try {
    // No retries: a request without a response would otherwise wait, paused, until the app is online again.
    return await queryClient.fetchQuery({ ...options, retry: false });
  } catch (error) {
    if (onlineManager.isOnline()) throw error;
    return state.data;
  }
}
