import type { QueryClient } from '@tanstack/react-query';
import { mergeMessages, type MergeSummary } from '#contract/merge';
import { showNotice } from '../../../components/notices.tsx';
import { actionFailureMessage } from '../../../lib/action-failure-message.ts';
import { isApiError } from '../../../lib/api-errors.ts';
import { clientName } from '../../clients/utils/client-notices.ts';
import { undoMerge } from '../api/merges.ts';

/** After "Undo merge", from the notice or from the kept client's history: both clients are back. */
export function noticeUnmerged(summary: MergeSummary): void {
  showNotice({ text: mergeMessages.unmerged(clientName(summary.keptBefore), clientName(summary.other)) });
}

/** What an undo refused says: the server's 409 ("… was changed since the merge, so it was not undone."). */
export function undoMergeFailure(error: unknown): string {
  return actionFailureMessage(error, 'The merge could not be undone', isApiError);
}

/** "Clients merged: Ann Hart." (the kept client as stored) with "Undo merge", on the list the merge page goes to. */
export function noticeMerged(queryClient: QueryClient, summary: MergeSummary): void {
  showNotice({
    text: mergeMessages.merged(summary.client.firstName, summary.client.lastName),
    action: {
      label: 'Undo merge',
      run: () =>
        void undoMerge(queryClient, summary.id).then(noticeUnmerged, (error: unknown) => showNotice({ text: undoMergeFailure(error) })),
    },
  });
}
