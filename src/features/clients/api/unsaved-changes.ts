/**
 * The clients' changes this device has not saved yet (docs/offline.md), as the pages read them: TanStack Query's
 * mutations under one key that paused offline, or whose replay met a colleague's change ("Needs your decision"). Which
 * mutations count is the query client's business (lib/waiting-changes-store.ts); keeping them on the disk and sending
 * them after a reload is features/offline's, which plugs in from the app root.
 */
import { useQueryClient, type Mutation, type QueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { CLIENT_CHANGE_KEY, needsDecision, unsavedChanges } from '../../../lib/waiting-changes-store.ts';
import type { Registration } from './create-client.ts';
import type { ClientDeletion } from './delete-client.ts';
import type { ClientUpdate } from './update-client.ts';

type AnyMutation = Mutation<unknown, Error, unknown, unknown>;

export type UnsavedChange =
  | { kind: 'create'; registration: Registration; mutation: AnyMutation }
  | { kind: 'update'; update: ClientUpdate; mutation: AnyMutation }
  | { kind: 'delete'; deletion: ClientDeletion; mutation: AnyMutation };

/** What a change to a client is, from its mutation key and variables. */
export function describeChange(mutation: AnyMutation): UnsavedChange | undefined {
  const kind = mutation.options.mutationKey?.[CLIENT_CHANGE_KEY.length];
  const variables = mutation.state.variables;
  if (kind === 'create') return { kind, registration: variables as Registration, mutation };
  if (kind === 'update') return { kind, update: variables as ClientUpdate, mutation };
  if (kind === 'delete') return { kind, deletion: variables as ClientDeletion, mutation };
  return undefined;
}

/** The scope that sends one client's changes one after another. */
export const clientScope = (clientId: string) => ({ id: `client-${clientId}` });

function useMutationCacheState<T>(select: (queryClient: QueryClient) => T): T {
  const queryClient = useQueryClient();
  const subscribe = useCallback((listener: () => void) => queryClient.getMutationCache().subscribe(listener), [queryClient]);
  return useSyncExternalStore(subscribe, () => select(queryClient));
}

/** The unsaved changes, oldest first; a new array only when one of them changed (useSyncExternalStore compares). */
let lastChanges: UnsavedChange[] = [];

function unsavedChangesNow(queryClient: QueryClient): UnsavedChange[] {
  const mutations = unsavedChanges(queryClient);
  const same =
    mutations.length === lastChanges.length &&
    mutations.every((mutation, index) => lastChanges[index]?.mutation === mutation && mutation.state === lastStates.get(mutation));
  if (same) return lastChanges;
  lastStates = new WeakMap(mutations.map((mutation) => [mutation, mutation.state]));
  lastChanges = mutations.flatMap((mutation) => describeChange(mutation) ?? []);
  return lastChanges;
}
let lastStates = new WeakMap<AnyMutation, unknown>();

/** The changes not saved yet, as React state: the list's rows marked "Waiting to save" or "Needs your decision". */
export function useUnsavedChanges(): UnsavedChange[] {
  return useMutationCacheState(unsavedChangesNow);
}

/** The newest unsaved update or deletion of one client (the edit page opens on it). */
export function useUnsavedChangeOf(clientId: string): Exclude<UnsavedChange, { kind: 'create' }> | undefined {
  return useUnsavedChanges().findLast(
    (change): change is Exclude<UnsavedChange, { kind: 'create' }> =>
      (change.kind === 'update' && change.update.clientId === clientId) ||
      (change.kind === 'delete' && change.deletion.clientId === clientId),
  );
}

/**
 * A new change to a client replaces its unsaved ones that are not being sent: `waiting` ones (a second edit made
 * offline) before it is sent, so that one change per client waits, made against the version the first one was; and
 * `decided` ones (a decision taken) once it is sent or waiting, so that the page keeps showing them until then.
 */
export function supersede(queryClient: QueryClient, clientId: string, which: 'waiting' | 'decided'): void {
  const mutationCache = queryClient.getMutationCache();
  for (const change of unsavedChangesNow(queryClient)) {
    const id = change.kind === 'update' ? change.update.clientId : change.kind === 'delete' ? change.deletion.clientId : undefined;
    const matches = which === 'waiting' ? change.mutation.state.isPaused : needsDecision(change.mutation);
    if (id === clientId && matches) mutationCache.remove(change.mutation);
  }
}
