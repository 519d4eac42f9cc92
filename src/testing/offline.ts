import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import { vi } from 'vitest';
import { startScenario } from '#mocks/scenarios.ts';
import { PROBE_INTERVAL_MS } from '../lib/reachability.ts';

/** The connection drops: every call to the mock fails as a network error, and TanStack Query learns it is offline. */
export function goOffline(): void {
  startScenario('offline');
  act(() => onlineManager.setOnline(false));
}

/** Each change's status, oldest first: a change that waits for the connection stays 'pending' (paused). */
export const changeStatuses = (queryClient: QueryClient) =>
  queryClient
    .getMutationCache()
    .getAll()
    .map((mutation) => mutation.state.status);

/**
 * The reachability probe (every 3 s while the server does not answer) on a clock the test moves: only setInterval is
 * faked, the rest of the app runs in real time. The returned function is the next probe's turn; the setups go back to
 * real timers after each test.
 */
export function probeOnDemand(): () => Promise<void> {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  return async () => {
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS);
  };
}
