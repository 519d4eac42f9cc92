/**
 * The `mock` project's setup (vite.config.ts): the tests of mocks/ that need no page run in
 * Node, with the mock's server and a fresh mock store per test as setup.ts gives the others, without jsdom, Testing
 * Library or the act() guard, which cost about a second a file (docs/decisions/027-ci-time.md, issue 39).
 */
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { loadMockDb, resetMockDb } from '#mocks/db.ts';
import { scenarioOff } from '#mocks/scenarios.ts';
import { server } from '#mocks/node.ts';
import { resetReachability } from '../lib/reachability.ts';

beforeAll(async () => {
  // The store is ready once loaded (at once in Node, in memory), as the browser's mock awaits it (mocks/browser.ts).
  await loadMockDb();
  server.listen({ onUnhandledRequest: 'error' });
});
beforeEach(() => resetMockDb());
afterEach(() => {
  server.resetHandlers();
  scenarioOff();
  resetReachability();
  vi.restoreAllMocks();
  vi.useRealTimers();
});
afterAll(() => server.close());
