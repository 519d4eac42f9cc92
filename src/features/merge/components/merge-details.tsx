import { useQuery } from '@tanstack/react-query';
import type { ClientChange } from '#contract/api';
import type { MergeSummary } from '#contract/merge';
import type { HistoryEntryDetailsProps } from '../../clients/components/client-history.tsx';
import { FIELD_LABELS } from '../../clients/utils/client-fields.ts';
import { clientName } from '../../clients/utils/client-notices.ts';
import { mergesOfQuery, useUndoMerge } from '../api/merges.ts';
import { noticeUnmerged, undoMergeFailure } from '../utils/merge-notices.ts';

/**
 * Under a client's history's `merged` entries (the edit route fills clients' slot with it): who with, which fields
 * from where, and its "Undo merge". The client's merges are asked for only when its history has a merge.
 */
export function MergeHistoryDetails({ change, clientId }: HistoryEntryDetailsProps) {
  return change.kind === 'merged' ? <MergedEntryDetails change={change} clientId={clientId} /> : null;
}

function MergedEntryDetails({ change, clientId }: HistoryEntryDetailsProps) {
  const merges = useQuery(mergesOfQuery(clientId));
  const merge = mergeOfEntry(change, merges.data);
  return merge ? <MergeDetails merge={merge} clientId={clientId} /> : null;
}

/** The merge a history's `merged` entry records, among the client's merges: by the version it gave the kept client, or its time. */
function mergeOfEntry(change: ClientChange, merges: readonly MergeSummary[] | undefined): MergeSummary | undefined {
  return merges?.find((merge) =>
    merge.client._id === change.clientId
      ? merge.version === change.version
      : merge.other._id === change.clientId && Date.parse(merge.at) === Date.parse(change.at),
  );
}

/**
 * Under a history's `merged` entry: with whom, which fields came from the other client, and, on the kept client's
 * history, "Undo merge" for 30 days unless it was taken back.
 */
function MergeDetails({ merge, clientId }: { merge: MergeSummary; clientId: string }) {
  const undo = useUndoMerge();
  const fromOther = FIELD_LABELS.filter(([field]) => merge.fields[field] === 'other').map(([, label]) => label);
  // The history of the client that left the list (seen once the merge is undone): into whom, and what it gave.
  if (merge.other._id === clientId) {
    return (
      <>
        <span className="history__field">
          Into {clientName(merge.client)} ({merge.client.email})
        </span>
        <span className="history__field">
          {fromOther.length > 0 ? `From this client: ${fromOther.join(', ')}` : 'No field taken from this client'}
        </span>
      </>
    );
  }

  // GET /api/merges lists only the last 30 days' merges: one not taken back can be.
  const undoable = merge.undone === null;
  return (
    <>
      <span className="history__field">
        With {clientName(merge.other)} ({merge.other.email})
      </span>
      <span className="history__field">
        {fromOther.length > 0 ? `From ${clientName(merge.other)}: ${fromOther.join(', ')}` : 'Every field kept from this client'}
      </span>
      {undoable && (
        <span className="history__action">
          <button
            type="button"
            className="button button--small"
            disabled={undo.isPending}
            onClick={() => undo.mutate(merge.id, { onSuccess: noticeUnmerged })}
          >
            Undo merge
          </button>
        </span>
      )}
      {undo.isError && (
        <span className="form__error" role="alert">
          {undoMergeFailure(undo.error)}
        </span>
      )}
    </>
  );
}
