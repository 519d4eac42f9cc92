/**
 * The staff pages' offline support (issue 20, docs/offline.md), loaded once someone is logged in: the offline copy
 * of the cache kept up to date, the changes made offline kept on the disk, the app shell's service worker registered
 * (production build only), and what the page says while offline or while changes wait.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Login } from '../../lib/login-flag.ts';
import { restoreWaitingChanges } from '../../lib/waiting-changes/kept-on-disk.ts';
import { registerChangeDefaults } from '../clients/api/change-defaults.ts';
import { canKeepOfflineCopy, keepOfflineCopy } from './offline-copy.ts';
import { useAppShellWorker } from './use-app-shell-worker.ts';
import { useOfflineNote } from './use-offline-note.ts';
import { useWaitingNote } from './use-waiting-note.ts';
import './offline-support.css';

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
  useAppShellWorker();
  const offlineNote = useOfflineNote();
  const waitingNote = useWaitingNote();
  // Always in the page, so that screen readers announce the text when it appears (a polite live region; the
  // pages' own status, such as the list's count, keeps the status role to itself).
  return (
    <div className="offline-status" aria-live="polite">
      {offlineNote && <p>{offlineNote}</p>}
      {waitingNote && <p>{waitingNote}</p>}
    </div>
  );
}
