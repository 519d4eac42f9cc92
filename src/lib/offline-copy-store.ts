/**
 * Where the offline copy of the query cache lives (one IndexedDB key) and how it goes: on Sign Out, when the
 * session ends and when another account logs in. Apart from features/offline/offline-copy.ts, which only the staff
 * pages load: this runs from the login, Sign Out and the app's answer to a 401 (app.tsx, which loads it then), so it
 * belongs to no feature (as waiting-changes/).
 */
import { del } from 'idb-keyval';

export const OFFLINE_COPY_KEY = 'salon-offline-copy';

/** Stops the copy being saved again (features/offline/offline-copy.ts keeps it while the staff pages are open). */
let stopSaving: (() => void) | null = null;

export function savingStartedWith(stop: () => void): void {
  stopSaving = stop;
}

/** Removes the copy; without IndexedDB (some private modes) nothing was kept, so nothing fails. */
export async function forgetOfflineCopy(): Promise<void> {
  stopSaving?.();
  stopSaving = null;
  try {
    await del(OFFLINE_COPY_KEY);
  } catch {
    // No IndexedDB: there is no copy to remove.
  }
}
