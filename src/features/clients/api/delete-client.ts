import { mutationOptions } from '@tanstack/react-query';
import { type Client, type ClientInputBody } from '#contract/api';
import { apiPaths } from '#contract/paths';
import { apiRequest } from '../../../lib/api-client.ts';
import { CLIENT_CHANGE_KEY, queueable, sendAs } from '../../../lib/waiting-changes-store.ts';
import { clientKeys } from './client-queries.ts';
import { versionHolding } from './opened-version.ts';

export type ClientDeletion = {
  clientId: string;
  /** Sent as If-Match when known; else the version at which the client held `opened` (opened-version.ts). */
  version: number | null;
  /** What the page showed when Delete was pressed. */
  opened?: ClientInputBody;
  /** Who made it: a deletion made offline is sent as that account or not at all. */
  account?: string;
};

/**
 * DELETE {host}/api/clients/{clientId}, wherever it runs (the edit page, or the offline queue after a reload). A deleted
 * client leaves the list at once (the list page shown next never flashes it) and its detail is dropped; the list and
 * "Recently deleted" are then refetched.
 */
export const deleteChange = mutationOptions({
  ...queueable,
  mutationKey: [...CLIENT_CHANGE_KEY, 'delete'],
  mutationFn: ({ clientId, version, opened, account }: ClientDeletion) =>
    sendAs(account, async () =>
      apiRequest(apiPaths.client(clientId), {
        method: 'DELETE',
        ifMatch: version ?? (opened ? await versionHolding(clientId, opened) : null),
      }),
    ),
  onSuccess: (_data, { clientId }, _context, { client: queryClient }) => {
    queryClient.removeQueries({ queryKey: clientKeys.detail(clientId) });
    queryClient.setQueryData<Client[]>(clientKeys.lists(), (clients) => clients?.filter((client) => client._id !== clientId));
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: clientKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: clientKeys.deleted() }),
    ]);
  },
});
