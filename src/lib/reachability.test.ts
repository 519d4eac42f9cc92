/** The server's reachability as TanStack Query's onlineManager sees it (issue 20): no response means offline. */
import { onlineManager } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { scenarioOff, startScenario } from '#mocks/scenarios.ts';
import { apiPaths } from '#contract/paths';
import { probeOnDemand } from '../testing/offline.ts';
import { apiRequest } from './api-client.ts';

describe('reachability', () => {
  it('a request without any response makes the app offline; the probe brings it back once the server answers', async () => {
    const nextProbe = probeOnDemand();
    startScenario('offline');
    await expect(apiRequest(apiPaths.clients)).rejects.toThrow();
    expect(onlineManager.isOnline()).toBe(false);

    scenarioOff();
    // The next probe's response, whatever the status (401 here: no session), is enough.
    await nextProbe();
    await waitFor(() => expect(onlineManager.isOnline()).toBe(true));
  });

  it('an error response is still a response: the app stays online', async () => {
    startScenario('list-fails');
    await expect(apiRequest(apiPaths.clients)).rejects.toThrow();
    expect(onlineManager.isOnline()).toBe(true);
  });

  it('a cancelled request says nothing about the server', async () => {
    startScenario('slow');
    const controller = new AbortController();
    const request = apiRequest(apiPaths.clients, { signal: controller.signal });
    controller.abort();
    await expect(request).rejects.toThrow();
    expect(onlineManager.isOnline()).toBe(true);
  });
});
