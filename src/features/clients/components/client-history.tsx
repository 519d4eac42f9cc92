import { useQuery } from '@tanstack/react-query';
import type { ClientChange, ClientFields } from '#contract/api';
import { NOT_AVAILABLE_OFFLINE } from '../../../lib/reachability.ts';
import { clientQueries } from '../api/client-queries.ts';
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

/** The form's labels, in the form's order. */
const FIELD_LABELS: ReadonlyArray<[keyof ClientFields, string]> = [
  ['firstName', 'First name'],
  ['lastName', 'Last name'],
  ['email', 'Email'],
  ['registrationDateTime', 'Registration date and time'],
];

function shown(field: keyof ClientFields, value: string): string {
  return field === 'registrationDateTime' ? formatRegistrationTime(value) : value;
}

/** Kinds whose entry has values before and after: each field they changed is shown. */
const CHANGING: ReadonlySet<ClientChange['kind']> = new Set(['updated', 'imported', 'merged', 'unmerged']);

/** For an update (by hand, by an import, by a merge or its undo), each field it changed, from → to. */
function changedFields(change: ClientChange): string[] {
  const { before, after } = change;
  if (!CHANGING.has(change.kind) || !before || !after) return [];
  return FIELD_LABELS.filter(([field]) => before[field] !== after[field]).map(
    ([field, label]) => `${label}: ${shown(field, before[field])} → ${shown(field, after[field])}`,
  );
}

/** The edit page's "History": every change of the client, newest first, who and when. */
export function ClientHistory({ clientId }: { clientId: string }) {
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
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
