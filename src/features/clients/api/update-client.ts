import { mutationOptions } from '@tanstack/react-query';
import { Client } from '#contract/api';
import { apiPaths } from '#contract/paths';
import { apiRequestVersioned } from '../../../lib/api-client.ts';
import type { ClientUpdate } from '../../../lib/waiting-changes/client-changes.ts';
import { CLIENT_CHANGE_KEY, sendAs, waitsWhenOffline } from '../../../lib/waiting-changes/waiting-changes.ts';
import { clientKeys, type VersionedClient } from './client-queries.ts';
import { conflictOf } from './conflict.ts';
import { holds, versionHolding } from './opened-version.ts';

/**
 * PUT {host}/api/clients/{clientId}: the server responds with the client as stored, and its new version. What an update
 * does wherever it runs (the edit page, or the waiting changes after a reload): this client's detail and the list take
 * the stored client at once (no second request, no stale row when the list is shown next); the list and the client's
 * history are then refetched to pick up anyone else's changes.
 */
export const updateChange = mutationOptions({
  ...waitsWhenOffline,
  mutationKey: [...CLIENT_CHANGE_KEY, 'update'],
  mutationFn: ({ clientId, input, version, opened, account }: ClientUpdate): Promise<VersionedClient> =>
    sendAs(account, async () => {
      try {
        const { data, version: stored } = await apiRequestVersioned(apiPaths.client(clientId), {
          method: 'PUT',
          body: input,
          ifMatch: version ?? (opened ? await versionHolding(clientId, opened) : null),
          schema: Client,
        });
        return { client: data, version: stored };
      } catch (error) {
        // Sent again after its answer was lost (a replay as the connection comes back, when Chromium drops requests
        // on the network change): the 412 is this very change, already stored by this account. Done, not a conflict.
        const met = conflictOf(error);
        if (met?.client && account !== undefined && met.changedBy === account && holds(met.client, input)) {
          return { client: met.client, version: met.version };
        }
        throw error;
      }
    }),
  onSuccess: (stored, _update, _context, { client: queryClient }) => {
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
