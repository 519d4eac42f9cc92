/**
 * Colleagues' changes to clients as they reach the cache, per query client (so each test's app has its own): each
 * client's changes as they arrive (the edit page), and which rows changed just now (the list's highlight). The live
 * updates (features/live-updates) plug in from the app root and report here what they applied; nothing here knows
 * where a change came from. No zod here: the landing page's bundle may reach this module.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { ClientEvent } from '#contract/api';
import { ExternalStore, perQueryClient } from '../../../lib/query-client-store.ts';

/** How long a row that changed stays highlighted. */
const HIGHLIGHT_MS = 2000;

class ColleagueChanges extends ExternalStore {
  /** Client id → when it last changed (for the highlight). */
  recent: ReadonlyMap<string, number> = new Map();
  readonly #changeListeners = new Map<string, Set<(event: ClientEvent) => void>>();

  /** A colleague's change reached the cache: the client's screens are told, and its row highlighted if it changed. */
  changed(event: ClientEvent, highlight: boolean, now = Date.now()) {
    for (const listener of this.#changeListeners.get(event.clientId) ?? []) listener(event);
    if (!highlight) return;
    const recent = new Map([...this.recent].filter(([, at]) => now - at < HIGHLIGHT_MS));
    recent.set(event.clientId, now);
    this.recent = recent;
    this.notify();
    setTimeout(() => this.notify(), HIGHLIGHT_MS);
  }

  onClientChange(clientId: string, listener: (event: ClientEvent) => void) {
    const listeners = this.#changeListeners.get(clientId) ?? new Set();
    this.#changeListeners.set(clientId, listeners);
    listeners.add(listener);
    return () => void listeners.delete(listener);
  }
}

export const colleagueChangesOf = perQueryClient(() => new ColleagueChanges());

/** Whether a colleague changed this client within the last moments (the list highlights its row). */
export function useChangedJustNow(clientId: string): boolean {
  const store = colleagueChangesOf(useQueryClient());
  return useSyncExternalStore(store.subscribe, () => {
    const at = store.recent.get(clientId);
    return at !== undefined && Date.now() - at < HIGHLIGHT_MS;
  });
}

/** Calls `onChange` with each change a colleague makes to this client while the component is on screen. */
export function useClientChanges(clientId: string, onChange: (event: ClientEvent) => void): void {
  const store = colleagueChangesOf(useQueryClient());
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  useEffect(() => store.onClientChange(clientId, (event) => latest.current(event)), [store, clientId]);
}
