import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ClientInputBody } from '#contract/api';
import { apiPaths } from '#contract/paths';
import { apiRequest } from '../../../lib/api-client.ts';
import { clientKeys } from './client-queries.ts';

/** POST {host}/api/clients: the response body is not read. */
function createClient(input: ClientInputBody): Promise<undefined> {
  return apiRequest(apiPaths.clients, { method: 'POST', body: input });
}

/** A new client changes the list and nothing else. */
export function useCreateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientKeys.lists() }),
  });
}
