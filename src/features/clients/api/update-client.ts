import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Client, type ClientInputBody } from '#contract/api';
import { apiPaths } from '#contract/paths';
import { apiRequestVersioned } from '../../../lib/api-client.ts';
import { clientKeys, type VersionedClient } from './client-queries.ts';

type UpdateClientVariables = {
  clientId: string;
  input: ClientInputBody;
  /** The version the form was opened at: sent as If-Match, so a colleague's change since is a 412, not overwritten. */
  version: number | null;
};

/** PUT {host}/api/clients/{clientId}: the server responds with the client as stored, and its new version. */
async function updateClient({ clientId, input, version }: UpdateClientVariables): Promise<VersionedClient> {
  const { data, version: stored } = await apiRequestVersioned(apiPaths.client(clientId), {
    method: 'PUT',
    body: input,
    ifMatch: version,
    schema: Client,
  });
  return { client: data, version: stored };
}

/**
 * An update changes this client's detail and the list. Both take the stored client from the
 * response at once (no second request, no stale row when the list is shown next); the list and
 * the client's history are then refetched to pick up anyone else's changes.
 */
export function useUpdateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateClient,
    onSuccess: (stored) => {
      const { client } = stored;
      queryClient.setQueryData(clientKeys.detail(client._id), stored);
      queryClient.setQueryData<Client[]>(clientKeys.lists(), (clients) =>
        clients?.map((cached) => (cached._id === client._id ? client : cached)),
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: clientKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: clientKeys.history(client._id) }),
      ]);
    },
  });
}
