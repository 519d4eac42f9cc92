import { useQuery } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { ClientChange } from '#contract/api';
import { HistoryCard } from '../../../components/history-card.tsx';
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
  return (
    <HistoryCard
      titleId="history-title"
      history={useQuery(clientQueries.history(clientId))}
      what={(change) => WHAT[change.kind]}
      when={(change) => formatRegistrationTime(change.at)}
      details={(change) => (
        <>
          {changedFields(change).map((line) => (
            <span key={line} className="history__field">
              {line}
            </span>
          ))}
          {EntryDetails && <EntryDetails change={change} clientId={clientId} />}
        </>
      )}
    />
  );
}
