/**
 * Whether the server can be reached, as TanStack Query's onlineManager sees it (issue 20, docs/offline.md). The
 * browser's `online` and `offline` events only say whether there is a network at all; at a salon the Wi-Fi often
 * stays up while the router or the server is down. So a request that gets no response at all (fetch rejects) also
 * makes the app offline: queries and mutations pause, the offline banner shows. Then a light probe asks every few
 * seconds, and the first response of any status brings the app back online, as does any other response.
 */
import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/** How often the probe asks while the server does not answer. */
export const PROBE_INTERVAL_MS = 3000;

let probe: ReturnType<typeof setInterval> | null = null;

function stopProbing() {
  if (probe !== null) clearInterval(probe);
  probe = null;
}

/** A response arrived: the server is reachable. */
export function serverReached(): void {
  stopProbing();
  onlineManager.setOnline(true);
}

/** A request got no response: offline until a probe of `probeUrl` (a HEAD, any status) gets one. */
export function serverUnreachable(probeUrl: string): void {
  onlineManager.setOnline(false);
  if (probe !== null) return;
  probe = setInterval(() => {
    fetch(probeUrl, { method: 'HEAD', credentials: 'include', cache: 'no-store' }).then(serverReached, () => {
      // Still no response: the next probe asks again.
    });
  }, PROBE_INTERVAL_MS);
}

const subscribeOnline = (listener: () => void) => onlineManager.subscribe(listener);
const isOnline = () => onlineManager.isOnline();

/** Whether the app is online, as React state. */
export function useIsOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, isOnline);
}

/**
 * What a screen says offline instead of "Loading…" when the offline copy does not hold what it shows: its query waits,
 * paused, and loads by itself when the connection returns (docs/offline.md).
 */
export const NOT_AVAILABLE_OFFLINE = 'This is not available offline. It will load when the connection returns.';

/** Tests: back to online with no probe, as when the app starts. */
export function resetReachability(): void {
  serverReached();
}
