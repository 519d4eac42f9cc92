import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { NOT_AVAILABLE_OFFLINE } from '../lib/reachability.ts';

type Change = { seq: number; by: string };

/**
 * A "History" card (a client's, an appointment's): while it loads, offline without it, or when it failed, says so; then
 * each change, newest first, "{what} by {who} on {when}", with its details below.
 */
export function HistoryCard<Entry extends Change>({
  titleId,
  className = '',
  history,
  what,
  when,
  details,
}: {
  titleId: string;
  className?: string;
  history: UseQueryResult<readonly Entry[]>;
  /** What the change did: "Updated", "Moved". */
  what: (change: Entry) => string;
  /** When, as the page shows times. */
  when: (change: Entry) => string;
  /** What goes under the entry: the fields it changed, its times before and after. */
  details: (change: Entry) => ReactNode;
}) {
  return (
    <section className={`card history ${className}`.trim()} aria-labelledby={titleId}>
      <h2 id={titleId} className="history__title">
        History
      </h2>
      {/* Paused: offline, and not in the offline copy. */}
      {history.isPending && <p>{history.isPaused ? NOT_AVAILABLE_OFFLINE : 'Loading the history…'}</p>}
      {history.isError && <p>The history could not be loaded.</p>}
      {history.data && (
        <ol className="history__list" role="list">
          {history.data.map((change) => (
            <li key={change.seq} className="history__entry">
              <span>{`${what(change)} by ${change.by} on ${when(change)}`}</span>
              {details(change)}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
