/**
 * The staff pages' offline support (issue 20, docs/offline.md), loaded once someone is logged in: the offline copy
 * of the cache kept up to date, the app shell's service worker registered (production build only), and
 * "You are offline. Showing clients as of {HH:MM}." while the app is offline (the browser says so, or the server
 * does not answer: lib/reachability.ts).
 */
import { onlineManager, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { registerSW } from 'virtual:pwa-register';
import { clientKeys } from '../clients/api/client-queries.ts';
import { useCurrentLogin } from '../../lib/login-flag.ts';
import { canKeepOfflineCopy, keepOfflineCopy } from './offline-copy.ts';
import './offline-support.css';

const subscribeOnline = (listener: () => void) => onlineManager.subscribe(listener);
const isOnline = () => onlineManager.isOnline();

/** When the client list in the cache was last brought up to date (a load or a live change), or 0: never. */
function useListUpdatedAt(queryClient: QueryClient): number {
  const subscribe = useCallback((listener: () => void) => queryClient.getQueryCache().subscribe(listener), [queryClient]);
  return useSyncExternalStore(subscribe, () => queryClient.getQueryState(clientKeys.lists())?.dataUpdatedAt ?? 0);
}

/** The local time as HH:MM, 24-hour: what the desk's clock shows. */
const hoursAndMinutes = (time: number) => new Date(time).toTimeString().slice(0, 5);

/**
 * A new version of the app waits until the next navigation to take over (a reload at the page just opened), never
 * in the middle of typing: the router's navigation has passed the unsaved-changes question by then.
 */
function useAppShellWorker() {
  const router = useRouter();
  useEffect(() => {
    let updateWaiting = false;
    const update = registerSW({
      onNeedRefresh: () => {
        updateWaiting = true;
      },
    });
    return router.subscribe('onResolved', ({ pathChanged }) => {
      if (updateWaiting && pathChanged) void update(true);
    });
  }, [router]);
}

export default function OfflineSupport() {
  const queryClient = useQueryClient();
  const login = useCurrentLogin();
  useEffect(() => {
    if (!login || !canKeepOfflineCopy()) return;
    return keepOfflineCopy(queryClient, login);
  }, [queryClient, login]);
  useAppShellWorker();
  const online = useSyncExternalStore(subscribeOnline, isOnline);
  const listUpdatedAt = useListUpdatedAt(queryClient);
  // Always in the page, so that screen readers announce the text when it appears (a polite live region; the
  // pages' own status, such as the list's count, keeps the status role to itself).
  return (
    <p className="offline-status" aria-live="polite">
      {online ? '' : listUpdatedAt ? `You are offline. Showing clients as of ${hoursAndMinutes(listUpdatedAt)}.` : 'You are offline.'}
    </p>
  );
}
