/**
 * The staff pages' offline support (issue 20, docs/offline.md), loaded once someone is logged in: the offline copy
 * of the cache kept up to date, the app shell's service worker registered (production build only), and
 * "You are offline. Showing clients as of {HH:MM}." while the app is offline (the browser says so, or the server
 * does not answer: lib/reachability.ts).
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { registerChangeDefaults } from '../clients/api/change-defaults.ts';
import { clientKeys } from '../clients/api/client-queries.ts';
import type { Login } from '../../lib/login-flag.ts';
import { useIsOnline } from '../../lib/reachability.ts';
import { useWaitingChanges } from '../../lib/waiting-changes/client-changes.ts';
import { restoreWaitingChanges } from '../../lib/waiting-changes/kept-on-disk.ts';
import { registerAppShellWorker } from './app-shell-registration.ts';
import { canKeepOfflineCopy, keepOfflineCopy } from './offline-copy.ts';
import './offline-support.css';

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
    const takeOver = registerAppShellWorker(() => {
      updateWaiting = true;
    });
    return router.subscribe('onResolved', ({ pathChanged }) => {
      if (updateWaiting && pathChanged) takeOver();
    });
  }, [router]);
}

/** How long "All changes saved." stays after the last waiting change was sent. */
const ALL_SAVED_SHOWN_MS = 8000;

/**
 * "{n} changes waiting to be saved." while changes made offline wait or are being sent; "All changes saved." once the
 * last has been (unless one needs a decision: its row in the list says so).
 */
function useWaitingNote(): string {
  const changes = useWaitingChanges();
  const waiting = changes.filter((change) => change.mutation.state.status === 'pending').length;
  const decisions = changes.length - waiting;
  const [hadWaiting, setHadWaiting] = useState(false);
  const [allSaved, setAllSaved] = useState(false);
  // Adjusted while rendering (React's way to follow a changing value without an extra pass).
  if (waiting > 0 && !hadWaiting) {
    setHadWaiting(true);
    setAllSaved(false);
  } else if (waiting === 0 && hadWaiting) {
    setHadWaiting(false);
    setAllSaved(decisions === 0);
  }
  useEffect(() => {
    if (!allSaved) return;
    const timer = setTimeout(() => setAllSaved(false), ALL_SAVED_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [allSaved]);
  if (waiting === 1) return '1 change waiting to be saved.';
  if (waiting > 1) return `${waiting} changes waiting to be saved.`;
  return allSaved ? 'All changes saved.' : '';
}

/**
 * What a login keeps on this device from its first data on: the changes it left waiting, and the offline copy of the
 * cache. Returns what stops keeping the copy. The root calls it as soon as this module has loaded, not from the
 * component below, whose reveal React holds back (issue 38: a page left within a moment of its load kept nothing).
 */
export function keepForOffline(queryClient: QueryClient, login: Login): () => void {
  void restoreWaitingChanges(queryClient, login, registerChangeDefaults);
  return canKeepOfflineCopy() ? keepOfflineCopy(queryClient, login) : () => {};
}

/** The app shell's service worker, and what the page says while offline or while changes wait. */
export default function OfflineSupport() {
  const queryClient = useQueryClient();
  useAppShellWorker();
  const online = useIsOnline();
  const listUpdatedAt = useListUpdatedAt(queryClient);
  const waitingNote = useWaitingNote();
  const offlineNote = online
    ? ''
    : listUpdatedAt
      ? `You are offline. Showing clients as of ${hoursAndMinutes(listUpdatedAt)}.`
      : 'You are offline.';
  // Always in the page, so that screen readers announce the text when it appears (a polite live region; the
  // pages' own status, such as the list's count, keeps the status role to itself).
  return (
    <div className="offline-status" aria-live="polite">
      {offlineNote && <p>{offlineNote}</p>}
      {waitingNote && <p>{waitingNote}</p>}
    </div>
  );
}
