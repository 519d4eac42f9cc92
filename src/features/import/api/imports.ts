import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ImportList, ImportSummary, type ImportRequest } from '#contract/import';
import { apiPaths } from '#contract/paths';
import { apiRequest } from '../../../lib/api-client.ts';
import { onlineOnly } from '../../../lib/query-client.ts';
import { clientKeys } from '../../clients/api/client-queries.ts';

const importKeys = { all: ['imports'] as const };

/** GET /api/imports: the last 30 days' imports, owners only (403 for staff). Asked again on every visit. */
export const importsQuery = () =>
  queryOptions({
    queryKey: importKeys.all,
    queryFn: ({ signal }) => apiRequest(apiPaths.imports, { schema: ImportList, signal }),
    staleTime: 0,
    // Like the staff list: an owner's page, read online, not kept in the offline copy (features/offline).
    meta: { offlineCopy: false },
  });

/**
 * After an import or its undo: the recent imports, the client list and "Recently deleted" are asked for again. Not
 * awaited: the page says what was done at once, rather than after 10,000 clients have come back.
 */
function useRefreshAfterImport() {
  const queryClient = useQueryClient();
  return () =>
    void Promise.all([
      queryClient.invalidateQueries({ queryKey: importKeys.all }),
      queryClient.invalidateQueries({ queryKey: clientKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: clientKeys.deleted() }),
    ]);
}

/** POST /api/imports: the file's rows, written in one batch; its summary. */
export function useImportClients() {
  const refresh = useRefreshAfterImport();
  return useMutation({
    mutationFn: (request: ImportRequest) => apiRequest(apiPaths.imports, { method: 'POST', body: request, schema: ImportSummary }),
    ...onlineOnly,
    onSuccess: refresh,
  });
}

/** POST /api/imports/:id/undo: the import taken back; its summary, with the clients left as they were. */
export function useUndoImport() {
  const refresh = useRefreshAfterImport();
  return useMutation({
    mutationFn: (importId: string) => apiRequest(apiPaths.undoImport(importId), { method: 'POST', schema: ImportSummary }),
    ...onlineOnly,
    onSuccess: refresh,
  });
}
