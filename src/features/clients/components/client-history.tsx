import { useQuery } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { ClientChange } from '#contract/api';
import { NOT_AVAILABLE_OFFLINE } from '../../../lib/reachability.ts';
import { clientQueries } from '../api/client-queries.ts';
import { FIELD_LABELS, shownValue } from '../utils/client-fields.ts';
import { formatRegistrationTime } from '../utils/date-time.ts';

const WHAT: Record<ClientChange['kind'], string> = {
  registered: 'Registered',
  updated: 'Updated',
  deleted: 'Deleted',
  restored: 'Restored',
  erased: 'Erased',
  imported: 'Imported',
  merged: 'Merged',
  unmerged: 'Merge undone',
};

/** Kinds whose entry has values before and after: each field they changed is shown. */
const CHANGING: ReadonlySet<ClientChange['kind']> = new Set(['updated', 'imported', 'merged', 'unmerged']);

/** For an update (by hand, by an import, by a merge or its undo), each field it changed, from → to. */
function changedFields(change: ClientChange): string[] {
  const { before, after } = change;
  if (!CHANGING.has(change.kind) || !before || !after) return [];
  return FIELD_LABELS.filter(([field]) => before[field] !== after[field]).map(
    ([field, label]) => `${label}: ${shownValue(field, before[field])} → ${shownValue(field, after[field])}`,
  );
}

/**
 * A slot under each entry of the history, which the route fills: another feature's details of a change (the merge's,
 * features/merge). Clients, the core feature, imports no other.
 */
export type HistoryEntryDetails = ComponentType<HistoryEntryDetailsProps>;
export type HistoryEntryDetailsProps = { change: ClientChange; clientId: string };

/** The edit page's "History": every change of the client, newest first, who and when. */
export function ClientHistory({ clientId, entryDetails: EntryDetails }: { clientId: string; entryDetails?: HistoryEntryDetails }) {
  const history = useQuery(clientQueries.history(clientId));
  return (
    <section className="card history" aria-labelledby="history-title">
      <h2 id="history-title" className="history__title">
        History
      </h2>
      {/* Paused: offline, and not in the offline copy. */}
      {history.isPending && <p>{history.isPaused ? NOT_AVAILABLE_OFFLINE : 'Loading the history…'}</p>}
      {history.isError && <p>The history could not be loaded.</p>}
      {history.data && (
        <ol className="history__list" role="list">
          {history.data.map((change) => (
            <li key={change.seq} className="history__entry">
              <span>
                {WHAT[change.kind]} by {change.by} on {formatRegistrationTime(change.at)}
              </span>
              {changedFields(change).map((line) => (
                <span key={line} className="history__field">
                  {line}
                </span>
              ))}
              {EntryDetails && <EntryDetails change={change} clientId={clientId} />}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
