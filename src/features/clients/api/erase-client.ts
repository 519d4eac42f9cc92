import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Client, type DeletedClient } from '#contract/api';
import { apiPaths } from '#contract/paths';
import { apiRequest } from '../../../lib/api-client.ts';
import { refetchBook } from '../../../lib/book-keys.ts';
import { clientKeys } from './client-queries.ts';

/** POST {host}/api/clients/{clientId}/erase: the client, its history and any deleted copy are gone. */
function eraseClient(clientId: string): Promise<undefined> {
  return apiRequest(apiPaths.eraseClient(clientId), { method: 'POST' });
}

/**
 * An erased client leaves the list, "Recently deleted" and the cache at once; both lists are then refetched, and the
 * appointments (theirs no longer name them).
 */
export function useEraseClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: eraseClient,
    onSuccess: (_data, clientId) => {
      queryClient.removeQueries({ queryKey: clientKeys.detail(clientId) });
      queryClient.setQueryData<Client[]>(clientKeys.lists(), (clients) => clients?.filter((client) => client._id !== clientId));
      queryClient.setQueryData<DeletedClient[]>(clientKeys.deleted(), (clients) => clients?.filter((client) => client._id !== clientId));
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: clientKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: clientKeys.deleted() }),
        refetchBook(queryClient),
      ]);
    },
  });
}
