/**
 * State kept beside a query client, one per client (so each test's app has its own), for a screen to read with
 * useSyncExternalStore: the live updates' stream status, colleagues' changes. Features that plug in through the query
 * client keep such state here without importing one another.
 */
import type { QueryClient } from '@tanstack/react-query';

/** A store a component reads with useSyncExternalStore: `subscribe` for React, `notify` when what it holds changed. */
export class ExternalStore {
  readonly #listeners = new Set<() => void>();

  subscribe = (listener: () => void) => {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  };

  protected notify() {
    for (const listener of this.#listeners) listener();
  }
}

/** `storeOf(queryClient)`: that query client's one store, made by `create` when first asked for. */
export function perQueryClient<Store>(create: () => Store): (queryClient: QueryClient) => Store {
  const stores = new WeakMap<QueryClient, Store>();
  return (queryClient) => {
    let store = stores.get(queryClient);
    if (!store) {
      store = create();
      stores.set(queryClient, store);
    }
    return store;
  };
}
