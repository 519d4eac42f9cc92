import { mutationOptions } from '@tanstack/react-query';
import { type Client } from '#contract/api';
import { apiPaths } from '#contract/paths';
import { apiRequest } from '../../../lib/api-client.ts';
import { refetchBook } from '../../../lib/book-keys.ts';
import type { ClientDeletion } from '../../../lib/waiting-changes/client-changes.ts';
import { CLIENT_CHANGE_KEY, sendAs, waitsWhenOffline } from '../../../lib/waiting-changes/waiting-changes.ts';
import { clientKeys } from './client-queries.ts';
import { versionHolding } from './opened-version.ts';

/**
 * DELETE {host}/api/clients/{clientId}, wherever it runs (the edit page, or the waiting changes after a reload). A deleted
 * client leaves the list at once (the list page shown next never flashes it) and its detail is dropped; the list,
 * "Recently deleted" and the appointments (their upcoming ones are cancelled with them) are then refetched.
 */
export const deleteChange = mutationOptions({
  ...waitsWhenOffline,
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
      refetchBook(queryClient),
    ]);
  },
});
