/**
 * A colleague's change, written into the query cache where it is held (docs/testing-the-cache.md, "Live updates"):
 * the list is patched in place (never refetched: at 50,000 clients that is megabytes per change), a cached detail
 * takes the new version, and what only the server can tell (history, "Recently deleted") is invalidated.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Client, ClientEvent } from '#contract/api';
import { clientKeys, type VersionedClient } from '../clients/api/client-queries.ts';

function sameClient(a: Client, b: Client): boolean {
  return (
    a.firstName === b.firstName && a.lastName === b.lastName && a.email === b.email && a.registrationDateTime === b.registrationDateTime
  );
}

/** The list with the change made: the same array when it changes nothing there. */
function patchList(clients: Client[], { clientId, client }: Pick<ClientEvent, 'clientId' | 'client'>): Client[] {
  const index = clients.findIndex((cached) => cached._id === clientId);
  if (!client) return index < 0 ? clients : clients.toSpliced(index, 1);
  // In the server's order (oldest registration first) or not: the list's `select` puts it in order.
  if (index < 0) return [...clients, client];
  return sameClient(clients[index] as Client, client) ? clients : clients.with(index, client);
}

/** Applies one change; whether it changed a row of the cached list (a tab's own change, already there, does not). */
export function applyChange(queryClient: QueryClient, event: ClientEvent): boolean {
  const { clientId, client, version, kind } = event;
  let listChanged = false;

  const list = queryClient.getQueryData<Client[]>(clientKeys.lists());
  if (list) {
    const patched = patchList(list, event);
    if (patched !== list) {
      queryClient.setQueryData(clientKeys.lists(), patched);
      listChanged = true;
    }
  }

  const detailKey = clientKeys.detail(clientId);
  const detail = queryClient.getQueryData<VersionedClient>(detailKey);
  if (detail && (detail.version === null || detail.version < version)) {
    if (client) queryClient.setQueryData<VersionedClient>(detailKey, { client, version });
    // Gone: dropped unless a screen shows it (the edit page says what happened instead).
    else if ((queryClient.getQueryCache().find({ queryKey: detailKey, exact: true })?.getObserversCount() ?? 0) === 0) {
      queryClient.removeQueries({ queryKey: detailKey });
    }
  }

  void queryClient.invalidateQueries({ queryKey: clientKeys.history(clientId), exact: true });
  if (kind === 'deleted' || kind === 'restored' || kind === 'erased')
    void queryClient.invalidateQueries({ queryKey: clientKeys.deleted() });
  return listChanged;
}

/** After a `reset`, or a first stream whose start may have missed changes: every client query asks again. */
export function refetchClients(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: clientKeys.all });
}
