import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';

/**
 * When a query's data in the cache was last brought up to date (a load, a live change, the offline copy), or 0: never.
 * What an offline note says its page shows "as of" (the client list's, the calendar's).
 */
export function useQueryUpdatedAt(queryKey: QueryKey): number {
  const queryClient = useQueryClient();
  const subscribe = useCallback((listener: () => void) => queryClient.getQueryCache().subscribe(listener), [queryClient]);
  return useSyncExternalStore(subscribe, () => queryClient.getQueryState(queryKey)?.dataUpdatedAt ?? 0);
}
