/**
 * The waiting changes: the clients' changes made while offline that the server does not have yet (issue 20,
 * docs/offline.md). Register, Update and Delete are kept as TanStack Query's paused mutations, on the disk under one
 * IndexedDB key (kept-on-disk.ts), and sent when the connection returns. This folder belongs to no feature: the login,
 * Sign Out, the clients' pages and the offline support all use it. Here: which mutations wait, how many, sending one
 * as its account, and discarding them. Which mutations have waited, the query client notes (has-waited.ts); what each
 * one is, client-changes.ts says.
 */
import { DEFAULT_SESSION_MAX_MS } from '#contract/session-expires';
import type { Mutation, QueryClient } from '@tanstack/react-query';
import { del } from 'idb-keyval';
import { useCallback, useSyncExternalStore } from 'react';
import { ApiError, gotNoResponse } from '../api-errors.ts';
import { currentLogin } from '../login-flag.ts';
import { hasWaited } from './has-waited.ts';

export const WAITING_CHANGES_KEY = 'salon-waiting-changes';

/** Every change to a client (register, update, delete) has a mutation key under this one. */
export const CLIENT_CHANGE_KEY = ['clients', 'change'] as const;

/**
 * What every change's options share: one that got no response is tried again once the connection is back (paused
 * meanwhile: it waits); one that needs a decision stays in the cache for as long as a session lasts.
 */
export const waitsWhenOffline = {
  retry: (_failureCount: number, error: Error) => gotNoResponse(error),
  retryDelay: 0,
  gcTime: DEFAULT_SESSION_MAX_MS,
};

type AnyMutation = Mutation<unknown, Error, unknown, unknown>;

/** A waiting change whose replay met a colleague's change (a 412): it waits as "Needs your decision". */
export function needsDecision(mutation: AnyMutation): boolean {
  return (
    hasWaited(mutation) &&
    mutation.state.status === 'error' &&
    mutation.state.error instanceof ApiError &&
    mutation.state.error.status === 412
  );
}

/** Made here, not accepted by the server yet: waiting to be sent (or being sent), or needing a decision. */
export function isWaiting(mutation: AnyMutation): boolean {
  return hasWaited(mutation) && (mutation.state.status === 'pending' || needsDecision(mutation));
}

export function waitingMutations(queryClient: QueryClient): AnyMutation[] {
  return queryClient.getMutationCache().findAll({ mutationKey: CLIENT_CHANGE_KEY, predicate: isWaiting });
}

/** How many changes wait, as React state. */
export function useWaitingCount(queryClient: QueryClient): number {
  const subscribe = useCallback((listener: () => void) => queryClient.getMutationCache().subscribe(listener), [queryClient]);
  return useSyncExternalStore(subscribe, () => waitingMutations(queryClient).length);
}

/**
 * Sends a change as the account that made it, or not at all: after a Sign Out, a session's end or another account's
 * login it fails as a 401 without a request, and waits for that account's next login (kept-on-disk.ts).
 */
export function sendAs<T>(account: string | undefined, send: () => Promise<T>): Promise<T> {
  if (account !== undefined && currentLogin()?.account !== account) {
    return Promise.reject(new ApiError(401, 'Waiting for the account that made this change to log in again'));
  }
  return send();
}

/**
 * Runs `send` (a mutation's mutateAsync with `variables`) and settles when the server has the change ('sent'), or
 * when it is kept on this device to be sent later ('waiting'); rejects when the server refused it.
 */
export function sentOrWaiting(queryClient: QueryClient, variables: unknown, send: () => Promise<unknown>): Promise<'sent' | 'waiting'> {
  return new Promise((resolve, reject) => {
    const unsubscribe = queryClient.getMutationCache().subscribe(({ mutation }) => {
      if (mutation && mutation.state.variables === variables && mutation.state.isPaused) {
        unsubscribe();
        resolve('waiting');
      }
    });
    send().then(
      () => {
        unsubscribe();
        resolve('sent');
      },
      (error: unknown) => {
        unsubscribe();
        reject(error);
      },
    );
  });
}

/**
 * Drops changes here and on the disk: all of them (Sign Out, answered Yes), or all but `account`'s (a login: another
 * account never sends, nor sees, what was made under this one).
 */
export async function discardWaitingChanges(queryClient: QueryClient, account?: string): Promise<void> {
  const mutationCache = queryClient.getMutationCache();
  const changes = mutationCache.findAll({ mutationKey: CLIENT_CHANGE_KEY });
  const dropped = changes.filter(
    (mutation) => account === undefined || (mutation.state.variables as { account?: string } | undefined)?.account !== account,
  );
  for (const mutation of dropped) mutationCache.remove(mutation);
  if (dropped.length === changes.length) await forgetWaitingChangesOnDisk();
}

/** Removes the changes kept on the disk (kept-on-disk.ts writes them). */
export async function forgetWaitingChangesOnDisk(): Promise<void> {
  try {
    await del(WAITING_CHANGES_KEY);
  } catch {
    // No IndexedDB: nothing was kept.
  }
}
