/**
 * Registers the app shell's service worker (src/features/offline/app-shell-worker.ts, built into `/sw.js`) through
 * Workbox's window library, as the staff pages open: production build only, never in `npm run dev` nor the mock
 * build (msw's worker is the only one there). A new version waits; `onUpdateWaiting` is told, and the function
 * returned lets it take over, after which the page reloads once (decision 018).
 */
export function registerAppShellWorker(onUpdateWaiting: () => void): () => void {
  // Constants Vite writes in: `npm run dev`, the mock build and the tests drop the rest of this function.
  if (!import.meta.env.PROD || import.meta.env.MODE === 'mock' || !('serviceWorker' in navigator)) return () => {};
  const registered = import('workbox-window').then(({ Workbox }) => {
    const worker = new Workbox('/sw.js', { scope: '/' });
    const updateWaits = () => {
      worker.addEventListener('controlling', (event) => {
        if (event.isUpdate) window.location.reload();
      });
      onUpdateWaiting();
    };
    worker.addEventListener('waiting', updateWaits);
    // A version installed by another tab of the app waits just the same.
    worker.addEventListener('installed', (event) => {
      if (event.isUpdate === undefined && event.isExternal) updateWaits();
    });
    // A browser that refuses service workers (some private modes and policies; Playwright's `serviceWorkers: 'block'`,
    // whose register() resolves to nothing) keeps the app online only: said in the console, never an uncaught error.
    worker.register().catch((error: unknown) => console.warn('The app shell worker could not be registered:', error));
    return worker;
  });
  return () => void registered.then((worker) => worker.messageSkipWaiting());
}
