import { queryOptions } from '@tanstack/react-query';
import { Client, ClientList } from '../../../../contract/api';
import { apiPaths } from '../../../../contract/paths';
import { apiRequest } from '../../../lib/api-client';

/** Query keys for clients, general to specific: invalidating `all` reaches every list and detail. */
export const clientKeys = {
  all: ['clients'] as const,
  lists: () => [...clientKeys.all, 'list'] as const,
  details: () => [...clientKeys.all, 'detail'] as const,
  detail: (clientId: string) => [...clientKeys.details(), clientId] as const,
};

/** GET {host}/api/clients */
export function fetchClients({ signal }: { signal?: AbortSignal } = {}): Promise<Client[]> {
  return apiRequest(apiPaths.clients, { schema: ClientList, signal });
}

/** GET {host}/api/clients/{clientId} */
export function fetchClient(clientId: string, { signal }: { signal?: AbortSignal } = {}): Promise<Client> {
  return apiRequest(apiPaths.client(clientId), { schema: Client, signal });
}

/** Oldest registration first (SPEC.md section 4); a new array, the cached one is left as it is. */
export function sortByRegistration(clients: readonly Client[]): Client[] {
  return clients.toSorted((a, b) => Date.parse(a.registrationDateTime) - Date.parse(b.registrationDateTime));
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
};
