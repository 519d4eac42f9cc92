/**
 * Whether the live updates' stream is down ("Reconnecting…"), per query client (so each test's app has its own). What
 * the stream brings goes into the cache and to features/clients/api/colleague-changes.ts. No zod here: the landing
 * page's bundle may reach this module.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

export class LiveStore {
  reconnecting = false;
  readonly #listeners = new Set<() => void>();

  subscribe = (listener: () => void) => {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  };

  setReconnecting(reconnecting: boolean) {
    if (this.reconnecting === reconnecting) return;
    this.reconnecting = reconnecting;
    for (const listener of this.#listeners) listener();
  }
}

const stores = new WeakMap<QueryClient, LiveStore>();

export function liveStoreOf(queryClient: QueryClient): LiveStore {
  let store = stores.get(queryClient);
  if (!store) {
    store = new LiveStore();
    stores.set(queryClient, store);
  }
  return store;
}

/** Whether the stream has been down long enough to say so. */
export function useReconnecting(): boolean {
  const store = liveStoreOf(useQueryClient());
  return useSyncExternalStore(store.subscribe, () => store.reconnecting);
}
