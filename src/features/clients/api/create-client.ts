import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { type ClientInputBody } from '#contract/api';
import { apiPaths } from '#contract/paths';
import { apiRequest } from '../../../lib/api-client.ts';
import { clientKeys } from './client-queries.ts';

type Registration = { input: ClientInputBody; idempotencyKey: string };

/** POST {host}/api/clients: the response body is not read. */
function createClient({ input, idempotencyKey }: Registration): Promise<undefined> {
  return apiRequest(apiPaths.clients, { method: 'POST', body: input, idempotencyKey });
}

/** 128 random bits in hex (crypto.randomUUID needs a secure context, and a salon's own network may be plain HTTP). */
function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Registers a client. Each registration carries an Idempotency-Key (beyond the spec), and Register pressed again
 * after a failure with the same values sends the same key: a registration whose answer was lost is not made twice.
 * A new client changes the list and nothing else.
 */
export function useCreateClient() {
  const queryClient = useQueryClient();
  const lastAttempt = useRef<{ values: string; key: string } | null>(null);
  const mutation = useMutation({
    mutationFn: createClient,
    onSuccess: () => {
      lastAttempt.current = null;
      return queryClient.invalidateQueries({ queryKey: clientKeys.lists() });
    },
  });
  const register = (input: ClientInputBody) => {
    const values = JSON.stringify(input);
    if (lastAttempt.current?.values !== values) lastAttempt.current = { values, key: newIdempotencyKey() };
    return mutation.mutateAsync({ input, idempotencyKey: lastAttempt.current.key });
  };
  return { register, isPending: mutation.isPending, isSuccess: mutation.isSuccess };
}
