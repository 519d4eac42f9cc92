import { setupWorker } from 'msw/browser';
import { resetMockDb } from './db.ts';
import { handlers } from './handlers.ts';

declare global {
  interface Window {
    /** In development: `salonMock.reset()` in the console brings back the seeded clients. */
    salonMock?: { reset: () => void };
  }
}

/** Starts msw's service worker in place of the backend: `npm run dev` needs no server and no network. */
export async function startMockWorker(): Promise<void> {
  const url = new URL(window.location.href);
  if (url.searchParams.has('mock-reset')) {
    resetMockDb();
    url.searchParams.delete('mock-reset');
    window.history.replaceState(null, '', url);
  }
  window.salonMock = { reset: resetMockDb };
  await setupWorker(...handlers).start({
    onUnhandledRequest: 'bypass',
    quiet: true,
  });
}
