import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type ClientInputBody } from '#contract/api';
import { apiPaths } from '#contract/paths';
import { apiRequest } from '../../../lib/api-client.ts';
import { useIdempotencyKey } from '../../../lib/idempotency-key.ts';
import { currentLogin } from '../../../lib/login-flag.ts';
import type { Registration } from '../../../lib/waiting-changes/client-changes.ts';
import { CLIENT_CHANGE_KEY, sendAs, sentOrWaiting, waitsWhenOffline } from '../../../lib/waiting-changes/waiting-changes.ts';
import { clientKeys } from './client-queries.ts';

/**
 * POST {host}/api/clients (the response body is not read). What a registration does wherever it runs: from the
 * register page, or from the waiting changes after a reload (lib/waiting-changes/kept-on-disk.ts).
 * A new client changes the list and nothing else.
 */
export const createChange = mutationOptions({
  ...waitsWhenOffline,
  mutationKey: [...CLIENT_CHANGE_KEY, 'create'],
  mutationFn: ({ input, idempotencyKey, account }: Registration) =>
    sendAs(account, () => apiRequest(apiPaths.clients, { method: 'POST', body: input, idempotencyKey })),
  onSuccess: (_data, _registration, _context, { client }) => client.invalidateQueries({ queryKey: clientKeys.lists() }),
});

/**
 * Registers a client. Each registration carries an Idempotency-Key (beyond the spec), and Register pressed again
 * after a failure with the same values sends the same key: a registration whose answer was lost, or one replayed from
 * the waiting changes, is not made twice. Offline, `register` settles once the registration waits on this device
 * (`waiting`); the mutation stays pending until the server has it.
 */
export function useCreateClient() {
  const queryClient = useQueryClient();
  const idempotencyKeyFor = useIdempotencyKey();
  const [waiting, setWaiting] = useState(false);
  const mutation = useMutation(createChange);
  const register = async (input: ClientInputBody) => {
    const registration = { input, idempotencyKey: idempotencyKeyFor(input), account: currentLogin()?.account };
    setWaiting((await sentOrWaiting(queryClient, registration, () => mutation.mutateAsync(registration))) === 'waiting');
  };
  return { register, mutation, waiting: waiting && mutation.isPending };
}
