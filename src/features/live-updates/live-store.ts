/**
 * Whether the live updates' stream is down ("Reconnecting…"), per query client (so each test's app has its own). What
 * the stream brings goes into the cache and to features/clients/api/colleague-changes.ts. No zod here: the landing
 * page's bundle may reach this module.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { ExternalStore, perQueryClient } from '../../lib/query-client-store.ts';

export class LiveStore extends ExternalStore {
  reconnecting = false;

  setReconnecting(reconnecting: boolean) {
    if (this.reconnecting === reconnecting) return;
    this.reconnecting = reconnecting;
    this.notify();
  }
}

export const liveStoreOf = perQueryClient(() => new LiveStore());

/** Whether the stream has been down long enough to say so. */
export function useReconnecting(): boolean {
  const store = liveStoreOf(useQueryClient());
  return useSyncExternalStore(store.subscribe, () => store.reconnecting);
}
