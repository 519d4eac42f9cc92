import { setupWorker } from 'msw/browser';
import sqlWasmUrl from 'sql.js/dist/sql-wasm.wasm?url';
import { recordCall, type MockCall } from './call-log.ts';
import { createSalonMock } from './console-api.ts';
import { loadMockDb, resetMockDb } from './db.ts';
import { handlers } from './handlers.ts';
import { chooseWaitingExample } from './import-examples.ts';
import { showMockPanel } from './mock-panel.ts';
import { endpointOf, isOn, onScenarioChange, restoreScenario, scenarioOff, setDelay, startScenario } from './scenarios.ts';

/**
 * `?mock-reset` brings back the seeded clients; `?mock-scenario=list-fails,slow` turns scenarios
 * on (`off` clears them) and `?mock-delay=2000` delays every call. The parameters are removed
 * from the address once read; the scenario stays on in this tab across reloads until cleared.
 */
function readAddress() {
  const url = new URL(window.location.href);
  if (url.searchParams.has('mock-reset')) resetMockDb();
  const scenario = url.searchParams.get('mock-scenario');
  if (scenario !== null) {
    const names = scenario
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean);
    if (names.includes('off')) scenarioOff();
    try {
      startScenario(...names.filter((name) => name !== 'off'));
    } catch (error) {
      console.warn((error as Error).message);
    }
  }
  const delay = url.searchParams.get('mock-delay');
  if (delay !== null) setDelay(delay === 'never' ? 'never' : Math.max(0, Number(delay) || 0));
  for (const name of ['mock-reset', 'mock-scenario', 'mock-delay']) url.searchParams.delete(name);
  window.history.replaceState(window.history.state, '', url);
}

/**
 * The `offline` scenario tells the app it is offline as the browser would: `navigator.onLine`, which the app reads
 * when it starts, and the window's `offline` and `online` events, which TanStack Query's onlineManager listens to
 * (queries and mutations pause, the offline banner shows).
 */
function announceOffline() {
  const browserOnline = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine')?.get;
  Object.defineProperty(navigator, 'onLine', {
    configurable: true,
    get: () => !isOn('offline') && (browserOnline?.call(navigator) ?? true),
  });
  let offline = isOn('offline');
  onScenarioChange(() => {
    if (isOn('offline') === offline) return;
    offline = isOn('offline');
    window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
  });
}

/** Starts msw's service worker in place of the backend: `npm run dev` needs no server and no network. */
export async function startMockWorker(): Promise<void> {
  await loadMockDb(sqlWasmUrl);
  restoreScenario();
  readAddress();
  announceOffline();
  const worker = setupWorker(...handlers);

  // The calls the mock responded to, with the time each took.
  const started = new Map<string, number>();
  const record = (request: Request, status: MockCall['status'], requestId: string) => {
    const { pathname } = new URL(request.url);
    const ms = Math.round(performance.now() - (started.get(requestId) ?? performance.now()));
    started.delete(requestId);
    if (endpointOf(request.method, pathname)) recordCall({ method: request.method, path: pathname, status, ms });
  };
  worker.events.on('request:start', ({ requestId }) => void started.set(requestId, performance.now()));
  worker.events.on('response:mocked', ({ request, response, requestId }) =>
    record(request, response.type === 'error' ? 'network error' : response.status, requestId),
  );

  const reload = () => window.location.reload();
  window.salonMock = createSalonMock({ reload });
  showMockPanel({ reload });
  await worker.start({ onUnhandledRequest: 'bypass', quiet: true });
  void chooseWaitingExample();
}
