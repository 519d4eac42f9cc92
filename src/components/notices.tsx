import { useEffect, useSyncExternalStore } from 'react';
import './notices.css';

/** A short message after an action ("Client deleted: Ann Hart."), with at most one button (Undo). */
export type Notice = { text: string; action?: { label: string; run: () => void } };

/** How long a notice stays: Undo must be reachable for at least 10 seconds (issue 18). */
const NOTICE_MS = 15_000;

let current: { notice: Notice; id: number } | undefined;
let nextId = 0;
const listeners = new Set<() => void>();

function publish(next: typeof current): void {
  current = next;
  for (const listener of listeners) listener();
}

/** Shows `notice` in place of any other; it outlives the page it was shown from (the edit page goes to the list). */
export function showNotice(notice: Notice): void {
  publish({ notice, id: ++nextId });
}

/** Removes the notice of the moment (tests start each with none). */
export function clearNotices(): void {
  publish(undefined);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The notice of the moment, in the root layout, announced politely; it leaves after NOTICE_MS or on its button. */
export function Notices() {
  const shown = useSyncExternalStore(subscribe, () => current);
  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => {
      if (current?.id === shown.id) publish(undefined);
    }, NOTICE_MS);
    return () => clearTimeout(timer);
  }, [shown]);

  return (
    // The region is always there, so that what appears in it is announced.
    <div className="notices" aria-live="polite">
      {shown && (
        <p className="notice" role="status">
          <span>{shown.notice.text}</span>
          {shown.notice.action && (
            <button
              type="button"
              className="button button--small"
              onClick={() => {
                publish(undefined);
                shown.notice.action?.run();
              }}
            >
              {shown.notice.action.label}
            </button>
          )}
        </p>
      )}
    </div>
  );
}
