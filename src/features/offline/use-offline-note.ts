import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { useIsOnline } from '../../lib/reachability.ts';
import { clientKeys } from '../clients/api/client-queries.ts';

/** When the client list in the cache was last brought up to date (a load or a live change), or 0: never. */
function useListUpdatedAt(): number {
  const queryClient = useQueryClient();
  const subscribe = useCallback((listener: () => void) => queryClient.getQueryCache().subscribe(listener), [queryClient]);
  return useSyncExternalStore(subscribe, () => queryClient.getQueryState(clientKeys.lists())?.dataUpdatedAt ?? 0);
}

/** The local time as HH:MM, 24-hour: what the desk's clock shows. */
const hoursAndMinutes = (time: number) => new Date(time).toTimeString().slice(0, 5);

/**
 * "You are offline. Showing clients as of {HH:MM}." while the app is offline (the browser says so, or the server does
 * not answer: lib/reachability.ts); "You are offline." when the list was never loaded; nothing online.
 */
export function useOfflineNote(): string {
  const online = useIsOnline();
  const listUpdatedAt = useListUpdatedAt();
  if (online) return '';
  return listUpdatedAt ? `You are offline. Showing clients as of ${hoursAndMinutes(listUpdatedAt)}.` : 'You are offline.';
}
