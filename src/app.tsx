import { QueryClientProvider, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { RouterProvider, type RouterHistory } from '@tanstack/react-router';
import { clearLoggedIn, isLoggedIn } from './lib/login-flag.ts';
import { keepTypedWork } from './lib/leave-guard.ts';
import { createQueryClient } from './lib/query-client.ts';
import { createAppRouter } from './router.tsx';

type AppOptions = {
  history?: RouterHistory;
  retry?: boolean;
  /** The staff pages' live updates (GET /api/events); tests of other things leave them off. */
  liveUpdates?: boolean;
};

/**
 * Removes the offline copy of the cache (lib/offline-copy-store.ts), loading the code that does only now:
 * the 401s that call for it come from the staff pages, which have it loaded already, and the landing page's bundle
 * stays without IndexedDB's. Were it not to load, the copy would still never be restored for another login, and goes at
 * the next (features/offline/offline-copy.ts).
 */
const forgetOfflineCopy = () => import('./lib/offline-copy-store.ts').then((store) => store.forgetOfflineCopy()).catch(() => {});

/** Asks GET /api/me again after a 403 (lib/me.ts), loaded the same way: the 403s come from staff pages. */
const refetchMeAfterRefusal = (queryClient: QueryClient, refusedQuery?: QueryKey) =>
  import('./lib/me.ts').then((me) => me.refetchMeAfterRefusal(queryClient, refusedQuery)).catch(() => {});

/** The query client and router, wired together: the browser makes one pair, each test its own. */
export function createApp({ history, retry, liveUpdates = true }: AppOptions = {}) {
  // A session the server no longer accepts: forget it and its data (the offline copy too), and ask to log in again.
  // Staff who were logged in are told why and brought back here afterwards (a form's typed
  // values wait in its draft); a visitor who followed a link just gets the login page.
  // Set while the app goes to the login page: the 401s of the requests still under way then (a page's queries
  // refetched as the connection came back, and again once removed) ask nothing more.
  let goingToLogin = false;
  const onUnauthorized = () => {
    if (goingToLogin) return;
    const wasLoggedIn = isLoggedIn();
    // However the app found out, a form's typed values wait for the next login (not only when its own save did).
    if (wasLoggedIn) keepTypedWork();
    clearLoggedIn();
    queryClient.removeQueries();
    void forgetOfflineCopy();
    const { href, pathname } = router.state.location;
    if (pathname === '/login') return;
    goingToLogin = true;
    void router.navigate({ to: '/login', search: wasLoggedIn ? { ended: true, redirect: href } : {}, ignoreBlocker: true }).finally(() => {
      goingToLogin = false;
    });
  };
  // Issue 28: a 403 may mean the role changed while the page was open; the owner's controls follow the new answer.
  const onForbidden = (refusedQuery?: QueryKey) => void refetchMeAfterRefusal(queryClient, refusedQuery);
  const queryClient: QueryClient = createQueryClient({ retry, onUnauthorized, onForbidden });
  const router = createAppRouter({ queryClient, history, liveUpdates: liveUpdates ? { onUnauthorized } : null });
  return { queryClient, router };
}

export function App({ queryClient, router }: ReturnType<typeof createApp>) {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
