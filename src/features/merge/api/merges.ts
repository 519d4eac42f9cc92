import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Client } from '#contract/api';
import { DuplicateList, MergeConflictBody, MergeList, MergeSummary, type MergeRequest } from '#contract/merge';
import { apiPaths } from '#contract/paths';
import { apiRequest, apiRequestVersioned } from '../../../lib/api-client.ts';
import { refetchBook } from '../../../lib/book-keys.ts';
import { ApiError, MalformedResponseError } from '../../../lib/api-errors.ts';
import { onlineOnly } from '../../../lib/query-client.ts';
import { clientKeys } from '../../clients/api/client-queries.ts';

const mergeKeys = {
  duplicates: ['duplicates'] as const,
  /** Not under `clients`: what the merge page opened with stays until the merge is sent (its condition). */
  pair: (keepId: string, otherId: string) => ['merge-pair', keepId, otherId] as const,
  ofClient: (clientId: string) => [...clientKeys.detail(clientId), 'merges'] as const,
};

/** Like the staff list and the imports: read online on every visit, not kept in the offline copy (features/offline). */
const online = { staleTime: 0, meta: { offlineCopy: false } };

/** GET /api/duplicates: pairs alike in email or name, the client registered first as `kept`. */
export const duplicatesQuery = () =>
  queryOptions({
    queryKey: mergeKeys.duplicates,
    queryFn: ({ signal }) => apiRequest(apiPaths.duplicates, { schema: DuplicateList, signal }),
    ...online,
  });

/** A client and its version (the ETag), as the merge page opened it: the merge is sent on that condition. */
type MergeSide = { client: Client; version: number };
export type MergePair = { kept: MergeSide; other: MergeSide };

async function fetchSide(clientId: string, signal: AbortSignal): Promise<MergeSide> {
  const path = apiPaths.client(clientId);
  const { data, version } = await apiRequestVersioned(path, { schema: Client, signal });
  // The condition a merge is sent on: without it, no merge.
  if (version === null) throw new MalformedResponseError(path, new Error('No ETag'));
  return { client: data, version };
}

/**
 * The two clients of the merge page, read once when it opens (gcTime 0: each visit reads them again). Live updates do
 * not change them under the user's choices: a change since shows as the merge's 412, with the new values.
 */
export const mergePairQuery = (keepId: string, otherId: string) =>
  queryOptions({
    queryKey: mergeKeys.pair(keepId, otherId),
    queryFn: async ({ signal }): Promise<MergePair> => {
      const [kept, other] = await Promise.all([fetchSide(keepId, signal), fetchSide(otherId, signal)]);
      return { kept, other };
    },
    // An address without both ids asks for nothing (the page says there is no such client).
    enabled: keepId !== '' && otherId !== '',
    staleTime: Infinity,
    gcTime: 0,
    meta: { offlineCopy: false },
  });

/** GET /api/merges?clientId=: the last 30 days' merges the client took part in, for its history's "Undo merge". */
export const mergesOfQuery = (clientId: string) =>
  queryOptions({
    queryKey: mergeKeys.ofClient(clientId),
    queryFn: ({ signal }) => apiRequest(apiPaths.mergesOf(clientId), { schema: MergeList, signal }),
    ...online,
  });

/**
 * A merge or its undo changes the list, both clients, their histories, the pairs and the appointments (the other
 * client's move to the kept one, and back): all are asked for again.
 */
function refreshAfterMerge(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: clientKeys.all }),
    queryClient.invalidateQueries({ queryKey: mergeKeys.duplicates }),
    refetchBook(queryClient),
  ]);
}

/** The 412's body: either client changed since the merge page opened; both as they are now (null: deleted since). */
export function mergeConflictOf(error: unknown): MergeConflictBody | undefined {
  if (!(error instanceof ApiError) || error.status !== 412) return undefined;
  const parsed = MergeConflictBody.safeParse(error.body);
  return parsed.success ? parsed.data : undefined;
}

/**
 * POST /api/merges. On a 412 the merge page's pair (`pairQuery`) becomes the clients as they are now, so that what is
 * shown is what the next try is sent against.
 */
export function useMergeClients(pairQuery: ReturnType<typeof mergePairQuery>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: MergeRequest) => apiRequest(apiPaths.merges, { method: 'POST', body: request, schema: MergeSummary }),
    ...onlineOnly,
    onSuccess: () => void refreshAfterMerge(queryClient),
    onError: (error) => {
      const conflict = mergeConflictOf(error);
      if (!conflict?.kept.client || !conflict.other.client) return;
      queryClient.setQueryData(pairQuery.queryKey, {
        kept: { client: conflict.kept.client, version: conflict.kept.version },
        other: { client: conflict.other.client, version: conflict.other.version },
      });
    },
  });
}

/**
 * POST /api/merges/:id/undo: both clients back as they were. A plain function as well as a hook: the notice's
 * "Undo merge" runs it from wherever the user is by then.
 */
export async function undoMerge(queryClient: QueryClient, mergeId: string): Promise<MergeSummary> {
  const summary = await apiRequest(apiPaths.undoMerge(mergeId), { method: 'POST', schema: MergeSummary });
  void refreshAfterMerge(queryClient);
  return summary;
}

export function useUndoMerge() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (mergeId: string) => undoMerge(queryClient, mergeId), ...onlineOnly });
}
