import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { HeadContent, Link, Outlet, createRootRouteWithContext, useNavigate, useRouter, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { NavBar } from '../components/nav-bar.tsx';
import { Notices } from '../components/notices.tsx';
import { useSignOut } from '../features/auth/api/sign-out.ts';
import { LandingFooter } from '../features/landing/components/landing-footer.tsx';
import { useUnsavedCount } from '../lib/waiting-changes-store.ts';
import { confirmLeaving } from '../lib/leave-guard.ts';
import { useIsLoggedIn } from '../lib/login-flag.ts';

export type RouterContext = {
  queryClient: QueryClient;
  /** The live updates of the staff pages, with what a 401 on their stream does; null: none (most tests). */
  liveUpdates: { onUnauthorized: () => void } | null;
};

// Loaded once someone is logged in: the landing page's bundle stays without it (and its zod).
const LiveUpdates = lazy(() => import('../features/live-updates/live-updates.tsx'));
// The same for the offline copy of the cache, the app shell's service worker and the offline banner.
const OfflineSupport = lazy(() => import('../features/offline/offline-support.tsx'));

// Development only: the condition is false in a production build, so the import is dropped.
const Devtools = import.meta.env.DEV && import.meta.env.MODE !== 'test' ? lazy(() => import('../components/devtools.tsx')) : () => null;

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: PageNotFound,
});

/** Beyond the spec's screens: a mistyped address still gets a way back. */
function PageNotFound() {
  return (
    <div className="page page--narrow">
      <h1 className="page__title">Page not found</h1>
      <p>
        There is nothing at this address. <Link to="/">Go to the home page</Link>.
      </p>
    </div>
  );
}

/**
 * After moving to another page, focus goes to the page's content, as after a full page load:
 * a keyboard user continues from the top of the new page and a screen reader reads it.
 */
function useFocusContentOnNavigation() {
  const router = useRouter();
  useEffect(
    () =>
      router.subscribe('onResolved', ({ fromLocation, pathChanged }) => {
        if (fromLocation && pathChanged) {
          document.getElementById('main')?.focus({ preventScroll: true });
        }
      }),
    [router],
  );
}

function RootLayout() {
  useFocusContentOnNavigation();
  const { liveUpdates } = Route.useRouteContext();
  const loggedIn = useIsLoggedIn();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const unsaved = useUnsavedCount(useQueryClient());
  const [askingToSignOut, setAskingToSignOut] = useState(false);
  const onLandingPage = useRouterState({ select: (state) => state.matches.some((match) => match.routeId === '/') });
  // Sign Out goes to / and shows the alert, whatever the server responded. A form with unsaved
  // changes asks first, since signing out would lose them; so do changes made offline and not sent yet.
  const onSignOut = async () => {
    if (!(await confirmLeaving())) return;
    if (unsaved > 0) setAskingToSignOut(true);
    else signOutNow();
  };
  const signOutNow = () => {
    setAskingToSignOut(false);
    signOut.mutate(undefined, {
      onSettled: async () => {
        await navigate({ to: '/', ignoreBlocker: true });
        window.alert('Sign out successful!');
      },
    });
  };
  return (
    <>
      {/* Each route's <title> (its `head`), so that tabs and screen readers tell pages apart. */}
      <HeadContent />
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <NavBar loggedIn={loggedIn} onSignOut={() => void onSignOut()} signingOut={signOut.isPending} />
      {askingToSignOut && (
        <ConfirmDialog
          question={`${unsaved === 1 ? '1 change has' : `${unsaved} changes have`} not been saved yet. Sign out anyway?`}
          confirmLabel="Yes"
          cancelLabel="No"
          danger
          onConfirm={signOutNow}
          onCancel={() => setAskingToSignOut(false)}
        />
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
      {onLandingPage && <LandingFooter />}
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
