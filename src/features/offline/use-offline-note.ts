import { useRouterState } from '@tanstack/react-router';
import { useQueryUpdatedAt } from '../../lib/query-updated-at.ts';
import { useIsOnline } from '../../lib/reachability.ts';
import { clientKeys } from '../clients/api/client-queries.ts';

/** The local time as HH:MM, 24-hour: what the desk's clock shows. */
const hoursAndMinutes = (time: number) => new Date(time).toTimeString().slice(0, 5);

/**
 * "You are offline. Showing clients as of {HH:MM}." while the app is offline (the browser says so, or the server does
 * not answer: lib/reachability.ts); "You are offline." when the list was never loaded; nothing online, nor on a page
 * that says itself what it shows offline (the calendar's `staticData.ownOfflineNote`).
 */
export function useOfflineNote(): string {
  const online = useIsOnline();
  const listUpdatedAt = useQueryUpdatedAt(clientKeys.lists());
  const pageSaysIt = useRouterState({ select: (state) => state.matches.some((match) => match.staticData.ownOfflineNote) });
  if (online || pageSaysIt) return '';
  return listUpdatedAt ? `You are offline. Showing clients as of ${hoursAndMinutes(listUpdatedAt)}.` : 'You are offline.';
}
