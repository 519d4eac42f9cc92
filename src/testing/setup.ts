import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { resetMockDb } from '#mocks/db.ts';
import { scenarioOff } from '#mocks/scenarios.ts';
import { server } from '#mocks/node.ts';
import { clearNotices } from '../components/notices.tsx';
import { resetReachability } from '../lib/reachability.ts';

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  // jsdom has no scrolling; the router's scroll restoration calls it on every navigation.
  window.scrollTo = () => {};
});
beforeEach(() => {
  resetMockDb();
  window.localStorage.clear();
  window.sessionStorage.clear();
  // The product's messages are alerts: every test can read what was alerted, and jsdom has no alert of its own.
  vi.spyOn(window, 'alert').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  clearNotices();
  server.resetHandlers();
  scenarioOff();
  resetReachability();
  vi.restoreAllMocks();
});
afterAll(() => server.close());
