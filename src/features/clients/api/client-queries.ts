import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { Client, ClientHistory, ClientList, DeletedClientList } from '#contract/api';
import { apiPaths } from '#contract/paths';
import { apiRequest, apiRequestVersioned } from '../../../lib/api-client.ts';

/** Query keys for clients, general to specific: invalidating `all` reaches every list and detail. */
export const clientKeys = {
  all: ['clients'] as const,
  lists: () => [...clientKeys.all, 'list'] as const,
  details: () => [...clientKeys.all, 'detail'] as const,
  detail: (clientId: string) => [...clientKeys.details(), clientId] as const,
  /** Under its client's detail: whatever refreshes a client refreshes its history. */
  history: (clientId: string) => [...clientKeys.detail(clientId), 'history'] as const,
  /** Under its client's detail too: the phone and offers consent an online booking keeps (issue 41). */
  contactDetails: (clientId: string) => [...clientKeys.detail(clientId), 'details'] as const,
  deleted: () => [...clientKeys.all, 'deleted'] as const,
};

/** A client as the edit form opened it, with its version (the ETag; null from a server that sends none). */
export type VersionedClient = { client: Client; version: number | null };

/** GET {host}/api/clients */
function fetchClients({ signal }: { signal?: AbortSignal } = {}): Promise<Client[]> {
  return apiRequest(apiPaths.clients, { schema: ClientList, signal });
}

/** GET {host}/api/clients/{clientId} */
async function fetchClient(clientId: string, { signal }: { signal?: AbortSignal } = {}): Promise<VersionedClient> {
  const { data, version } = await apiRequestVersioned(apiPaths.client(clientId), { schema: Client, signal });
  return { client: data, version };
}

/**
 * Oldest registration first; a new array, the cached one is left as it is.
 * Each time is parsed once, not at every comparison, and a list already in order (the
 * server sends it so) is only copied: this runs on every list load, 50,000 clients included.
 * Equal times keep their order, as with a stable sort.
 */
export function sortByRegistration(clients: readonly Client[]): Client[] {
  const times = clients.map((client) => Date.parse(client.registrationDateTime));
  if (times.every((time, index) => index === 0 || (times[index - 1] as number) <= time)) return clients.slice();
  return times
    .map((_, index) => index)
    .sort((a, b) => (times[a] as number) - (times[b] as number))
    .map((index) => clients[index] as Client);
}

/**
 * A client as the cached list has it, without a version (the list carries none): what its edit page opens on offline
 * when the page itself was never loaded (issue 38). A change made on it learns its version when sent (opened-version.ts).
 */
export function clientFromList(queryClient: QueryClient, clientId: string): VersionedClient | undefined {
  const client = queryClient.getQueryData<Client[]>(clientKeys.lists())?.find((listed) => listed._id === clientId);
  return client && { client, version: null };
}

export const clientQueries = {
  list: () =>
    queryOptions({
      queryKey: clientKeys.lists(),
      queryFn: fetchClients,
      select: sortByRegistration,
    }),
  detail: (clientId: string) =>
    queryOptions({
      queryKey: clientKeys.detail(clientId),
      queryFn: ({ signal }) => fetchClient(clientId, { signal }),
    }),
  /** GET {host}/api/clients/{clientId}/history: newest first. */
  history: (clientId: string) =>
    queryOptions({
      queryKey: clientKeys.history(clientId),
      queryFn: ({ signal }) => apiRequest(apiPaths.clientHistory(clientId), { schema: ClientHistory, signal }),
    }),
  /** GET {host}/api/deleted-clients: newest deletion first. */
  deleted: () =>
    queryOptions({
      queryKey: clientKeys.deleted(),
      queryFn: ({ signal }) => apiRequest(apiPaths.deletedClients, { schema: DeletedClientList, signal }),
    }),
};
