import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { loadMockDb, resetMockDb } from '#mocks/db.ts';
import { scenarioOff } from '#mocks/scenarios.ts';
import { server } from '#mocks/node.ts';
import { clearNotices } from '../components/notices.tsx';
import { forgetListView } from '../features/clients/utils/last-list-view.ts';
import { resetReachability } from '../lib/reachability.ts';
import { FakeIntersectionObserver } from './intersection-observer.ts';

/**
 * React's "An update to … inside a test was not wrapped in act(...)" fails the test it came in: such a test asserts
 * before the screen has settled (await the change: findBy…, waitFor) or moves fake timers outside act(). Printed only,
 * a new one drowned in a run's output (issue 27).
 */
const actWarnings: string[] = [];
// This file runs before each test file, and the files of a worker share one console (isolate: false): the console's
// own error, not the wrapper a file before set.
const consoleError = ((console.error as { original?: typeof console.error }).original ?? console.error).bind(console);
console.error = Object.assign(
  (...args: unknown[]) => {
    const [format] = args;
    if (typeof format === 'string' && format.includes('not wrapped in act')) {
      actWarnings.push(format.replace('%s', String(args[1])).split('\n')[0] ?? format);
    }
    consoleError(...args);
  },
  { original: consoleError },
);
function failOnActWarnings() {
  const warnings = actWarnings.splice(0);
  if (warnings.length > 0)
    throw new Error(`React warned:\n${warnings.join('\n')}\nAwait the change (findBy…, waitFor) or move timers inside act().`);
}

beforeAll(async () => {
  // The store is ready once loaded (at once in Node, in memory), as the browser's mock awaits it (mocks/browser.ts).
  await loadMockDb();
  server.listen({ onUnhandledRequest: 'error' });
  // jsdom has no scrolling; the router's scroll restoration calls it on every navigation.
  window.scrollTo = () => {};
  // Nor an IntersectionObserver: this one sees nothing until a test scrolls (intersection-observer.ts).
  window.IntersectionObserver = FakeIntersectionObserver;
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
  // The list's last search and sort: left set, "View clients list" in a later test showed another test's search.
  forgetListView();
  server.resetHandlers();
  scenarioOff();
  resetReachability();
  vi.restoreAllMocks();
  vi.useRealTimers();
  failOnActWarnings();
});
afterAll(() => {
  server.close();
  failOnActWarnings();
});
