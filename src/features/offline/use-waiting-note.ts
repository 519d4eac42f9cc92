import { useEffect, useState } from 'react';
import { useWaitingChanges } from '../../lib/waiting-changes/client-changes.ts';

/** How long "All changes saved." stays after the last waiting change was sent. */
const ALL_SAVED_SHOWN_MS = 8000;

/**
 * "{n} changes waiting to be saved." while changes made offline wait or are being sent; "All changes saved." once the
 * last has been (unless one needs a decision: its row in the list says so).
 */
export function useWaitingNote(): string {
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
