import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Client } from '#contract/api';
import { apiPaths } from '#contract/paths';
import { apiRequest } from '../../../lib/api-client.ts';
import { clientKeys } from './client-queries.ts';

type DeleteClientVariables = { clientId: string; version: number | null };

/** DELETE {host}/api/clients/{clientId}, with If-Match when the version is known. */
function deleteClient({ clientId, version }: DeleteClientVariables): Promise<undefined> {
  return apiRequest(apiPaths.client(clientId), { method: 'DELETE', ifMatch: version });
}

/**
 * A deleted client leaves the list at once (the list page shown next never flashes it) and
 * its detail is dropped; the list and "Recently deleted" are then refetched.
 */
export function useDeleteClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteClient,
    onSuccess: (_data, { clientId }) => {
      queryClient.removeQueries({ queryKey: clientKeys.detail(clientId) });
      queryClient.setQueryData<Client[]>(clientKeys.lists(), (clients) => clients?.filter((client) => client._id !== clientId));
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: clientKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: clientKeys.deleted() }),
      ]);
    },
  });
}
