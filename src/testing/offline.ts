import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import { startScenario } from '#mocks/scenarios.ts';

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
