import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Client } from '#contract/api';
import { apiPaths } from '#contract/paths';
import { apiRequestVersioned } from '../../../lib/api-client.ts';
import { refetchBook } from '../../../lib/book-keys.ts';
import { clientKeys, type VersionedClient } from './client-queries.ts';

/**
 * POST {host}/api/clients/{clientId}/restore: the client is back in the list, same id and history. Its detail is the
 * restored one at once; the list, "Recently deleted", its history and the appointments (those its deletion cancelled
 * are booked again) are refetched. A plain function as well as a
 * hook: Undo runs it after the page that deleted is gone.
 */
export async function restoreClient(queryClient: QueryClient, clientId: string): Promise<VersionedClient> {
  const { data, version } = await apiRequestVersioned(apiPaths.restoreClient(clientId), { method: 'POST', schema: Client });
  const restored = { client: data, version };
  queryClient.setQueryData(clientKeys.detail(clientId), restored);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: clientKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: clientKeys.deleted() }),
    queryClient.invalidateQueries({ queryKey: clientKeys.history(clientId) }),
    refetchBook(queryClient),
  ]);
  return restored;
}

export function useRestoreClient() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (clientId: string) => restoreClient(queryClient, clientId) });
}
