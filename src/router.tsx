import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import type { RouterContext } from './routes/__root.tsx';
import { routeTree } from './routeTree.gen.ts';

type AppRouterOptions = {
  queryClient: QueryClient;
  /** How the live updates end a session, or null for none (RouterContext). */
  liveUpdates: RouterContext['liveUpdates'];
  /** Tests pass a memory history; the browser uses the default one. */
  history?: RouterHistory;
};

export function createAppRouter({ queryClient, history, liveUpdates }: AppRouterOptions) {
  return createRouter({
    routeTree,
    history,
    context: { queryClient, liveUpdates },
    // Loaders run on hover or focus of a link; TanStack Query decides what is still fresh.
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
  interface StaticDataRouteOption {
    /** The page says itself what it shows offline (the calendar's note): the banner's clients' note steps aside. */
    ownOfflineNote?: boolean;
  }
}
