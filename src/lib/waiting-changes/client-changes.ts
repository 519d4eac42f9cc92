/**
 * The waiting changes as the pages read them (docs/offline.md): what each change to a client carries, and the
 * changes that paused offline or whose replay met a colleague's change ("Needs your decision"), as React state. The
 * changes' options live with the clients' feature (features/clients/api/); what they carry is here, so that a change
 * can be told from the others without it.
 */
import type { ClientInputBody } from '#contract/api';
import { useQueryClient, type Mutation, type QueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { CLIENT_CHANGE_KEY, needsDecision, waitingMutations } from './waiting-changes.ts';

export type Registration = {
  input: ClientInputBody;
  idempotencyKey: string;
  /** Who registered it: a registration made offline is sent as that account or not at all. */
  account?: string;
};

export type ClientUpdate = {
  clientId: string;
  input: ClientInputBody;
  /**
   * The version the form was opened at: sent as If-Match, so a colleague's change since is a 412, not overwritten.
   * Null when the page opened without one (offline, from the list): the history then says which
   * (features/clients/api/opened-version.ts).
   */
  version: number | null;
  /** What the form was opened with: a 412 met offline shows the colleague's values beside these (EditConflict). */
  opened?: ClientInputBody;
  /** Who made it: a change made offline is sent as that account or not at all. */
  account?: string;
};

export type ClientDeletion = {
  clientId: string;
  /** Sent as If-Match when known; else the version at which the client held `opened`. */
  version: number | null;
  /** What the page showed when Delete was pressed. */
  opened?: ClientInputBody;
  /** Who made it: a deletion made offline is sent as that account or not at all. */
  account?: string;
};

type AnyMutation = Mutation<unknown, Error, unknown, unknown>;

export type WaitingChange =
  | { kind: 'create'; registration: Registration; mutation: AnyMutation }
  | { kind: 'update'; update: ClientUpdate; mutation: AnyMutation }
  | { kind: 'delete'; deletion: ClientDeletion; mutation: AnyMutation };

/** What a change to a client is, from its mutation key and variables. */
export function describeChange(mutation: AnyMutation): WaitingChange | undefined {
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

/** The waiting changes, oldest first; a new array only when one of them changed (useSyncExternalStore compares). */
let lastChanges: WaitingChange[] = [];

function waitingChangesNow(queryClient: QueryClient): WaitingChange[] {
  const mutations = waitingMutations(queryClient);
  const same =
    mutations.length === lastChanges.length &&
    mutations.every((mutation, index) => lastChanges[index]?.mutation === mutation && mutation.state === lastStates.get(mutation));
  if (same) return lastChanges;
  lastStates = new WeakMap(mutations.map((mutation) => [mutation, mutation.state]));
  lastChanges = mutations.flatMap((mutation) => describeChange(mutation) ?? []);
  return lastChanges;
}
let lastStates = new WeakMap<AnyMutation, unknown>();

/** The waiting changes, as React state: the list's rows marked "Waiting to save" or "Needs your decision". */
export function useWaitingChanges(): WaitingChange[] {
  return useMutationCacheState(waitingChangesNow);
}

/** The newest waiting update or deletion of one client (the edit page opens on it). */
export function useWaitingChangeOf(clientId: string): Exclude<WaitingChange, { kind: 'create' }> | undefined {
  return useWaitingChanges().findLast(
    (change): change is Exclude<WaitingChange, { kind: 'create' }> =>
      (change.kind === 'update' && change.update.clientId === clientId) ||
      (change.kind === 'delete' && change.deletion.clientId === clientId),
  );
}

/**
 * A new change to a client replaces its waiting ones that are not being sent: `waiting` ones (a second edit made
 * offline) before it is sent, so that one change per client waits, made against the version the first one was; and
 * `decided` ones (a decision taken) once it is sent or waiting, so that the page keeps showing them until then.
 */
export function supersede(queryClient: QueryClient, clientId: string, which: 'waiting' | 'decided'): void {
  const mutationCache = queryClient.getMutationCache();
  for (const change of waitingChangesNow(queryClient)) {
    const id = change.kind === 'update' ? change.update.clientId : change.kind === 'delete' ? change.deletion.clientId : undefined;
    const matches = which === 'waiting' ? change.mutation.state.isPaused : needsDecision(change.mutation);
    if (id === clientId && matches) mutationCache.remove(change.mutation);
  }
}
