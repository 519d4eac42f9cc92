import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Client } from '#contract/api';
import { apiPaths } from '#contract/paths';
import { apiRequest } from '../../../lib/api-client.ts';
import { clientKeys } from './client-queries.ts';

/** DELETE {host}/api/clients/{clientId} */
function deleteClient(clientId: string): Promise<undefined> {
  return apiRequest(apiPaths.client(clientId), { method: 'DELETE' });
}

/**
 * A deleted client leaves the list at once (the list page shown next never flashes it) and
 * its detail is dropped; the list is then refetched to pick up anyone else's changes.
 */
export function useDeleteClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteClient,
    onSuccess: (_data, clientId) => {
      queryClient.removeQueries({ queryKey: clientKeys.detail(clientId), exact: true });
      queryClient.setQueryData<Client[]>(clientKeys.lists(), (clients) => clients?.filter((client) => client._id !== clientId));
      return queryClient.invalidateQueries({ queryKey: clientKeys.lists() });
    },
  });
}
