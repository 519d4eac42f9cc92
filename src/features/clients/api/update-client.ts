import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Client, type ClientInputBody } from '#contract/api';
import { apiPaths } from '#contract/paths';
import { apiRequest } from '../../../lib/api-client.ts';
import { clientKeys } from './client-queries.ts';

type UpdateClientVariables = { clientId: string; input: ClientInputBody };

/** PUT {host}/api/clients/{clientId}: the server responds with the client as stored. */
function updateClient({ clientId, input }: UpdateClientVariables): Promise<Client> {
  return apiRequest(apiPaths.client(clientId), { method: 'PUT', body: input, schema: Client });
}

/**
 * An update changes this client's detail and the list. Both take the stored client from the
 * response at once (no second request, no stale row when the list is shown next); the list is
 * then refetched to pick up anyone else's changes.
 */
export function useUpdateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateClient,
    onSuccess: (client) => {
      queryClient.setQueryData(clientKeys.detail(client._id), client);
      queryClient.setQueryData<Client[]>(clientKeys.lists(), (clients) =>
        clients?.map((cached) => (cached._id === client._id ? client : cached)),
      );
      return queryClient.invalidateQueries({ queryKey: clientKeys.lists() });
    },
  });
}
