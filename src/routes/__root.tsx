import type { QueryClient } from '@tanstack/react-query';
import { Outlet, createRootRouteWithContext, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { NavBar } from '../components/nav-bar.tsx';
import { Notices } from '../components/notices.tsx';
import { PageNotFound } from '../components/page-not-found.tsx';
import { PageTitle } from '../components/page-title.tsx';
import { loadStaffNavBar } from '../features/auth/components/load-staff-nav-bar.ts';
import { loadOfflineSupport, useKeepForOffline } from '../features/offline/load-offline-support.ts';
import { useFocusContentOnNavigation } from '../lib/focus-content-on-navigation.ts';
import { isLoggedIn, useIsLoggedIn } from '../lib/login-flag.ts';

export type RouterContext = {
  queryClient: QueryClient;
  /** The live updates of the staff pages, with what a 401 on their stream does; null: none (most tests). */
  liveUpdates: { onUnauthorized: () => void } | null;
};

// The nav bar with Sign Out (its question about unsaved changes, the logout call): only for someone logged in, so the
// landing page's bundle stays without it; fetched at once when the flag is already set.
const StaffNavBar = lazy(loadStaffNavBar);
if (isLoggedIn()) void loadStaffNavBar();
// Loaded once someone is logged in: the landing page's bundle stays without it (and its zod).
const LiveUpdates = lazy(() => import('../features/live-updates/live-updates.tsx'));
// The same for the offline copy of the cache, the app shell's service worker and the offline banner; fetched at once
// when the flag is already set.
const OfflineSupport = lazy(loadOfflineSupport);
if (isLoggedIn()) void loadOfflineSupport();

// The landing page's footer: staff pages never show it, so their bundle is without it (docs/performance.md).
const LandingFooter = lazy(() => import('../features/landing/components/landing-footer.tsx'));

// Development only: the condition is false in a production build, so the import is dropped.
const Devtools = import.meta.env.DEV && import.meta.env.MODE !== 'test' ? lazy(() => import('../components/devtools.tsx')) : () => null;

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: PageNotFound,
});

function RootLayout() {
  useFocusContentOnNavigation();
  const { liveUpdates, queryClient } = Route.useRouteContext();
  useKeepForOffline(queryClient);
  const loggedIn = useIsLoggedIn();
  const onLandingPage = useRouterState({ select: (state) => state.matches.some((match) => match.routeId === '/') });
  return (
    <>
      {/* Each route's <title> (its `head`), so that tabs and screen readers tell pages apart. */}
      <PageTitle />
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {loggedIn ? (
        // Until it has loaded, the same bar with Sign Out disabled: nothing moves when it arrives.
        <Suspense fallback={<NavBar loggedIn />}>
          <StaffNavBar />
        </Suspense>
      ) : (
        <NavBar loggedIn={false} />
      )}
      {loggedIn && (
        <Suspense>
          <OfflineSupport />
        </Suspense>
      )}
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      {/* After <main>, not in it: only there is a <footer> the page's contentinfo landmark. */}
      {onLandingPage && (
        <Suspense>
          <LandingFooter />
        </Suspense>
      )}
      <Notices />
      {loggedIn && liveUpdates && (
        <Suspense>
          <LiveUpdates onUnauthorized={liveUpdates.onUnauthorized} />
        </Suspense>
      )}
      <Suspense>
        <Devtools />
      </Suspense>
    </>
  );
}
