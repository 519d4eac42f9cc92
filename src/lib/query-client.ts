/** Query defaults for the whole SPA, in one place. */
import { DEFAULT_SESSION_MAX_MS } from '#contract/session-expires';
import { MutationCache, onlineManager, QueryCache, QueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError, isForbidden, isUnauthorized } from './api-errors.ts';
import { noteIfWaiting } from './waiting-changes/has-waited.ts';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** false: the query is not written to the offline copy of the cache (features/offline/offline-copy.ts). */
      offlineCopy?: boolean;
    };
    mutationMeta: {
      /** The mutation handles a 401 itself (the login form: a 401 there is a wrong password). */
      handlesUnauthorized?: boolean;
      /** The screen tells the user about a failure itself (the login form's alert), so it is not logged. */
      failureShownToUser?: boolean;
    };
  }
}

type QueryClientOptions = {
  /** Called when the server no longer accepts the session (any 401 from a client call). */
  onUnauthorized: () => void;
  /**
   * Called on any 403 from a query (with its key) or a change (issue 28: the role may have changed since the page
   * learnt it).
   */
  onForbidden?: (queryKey?: QueryKey) => void;
  /** Tests turn retries off so that a failure shows at once. */
  retry?: boolean;
};

/**
 * The options of a change that needs the server now (the team's changes, the exports): offline it fails at once and
 * its screen says so (lib/action-failure-message.ts), rather than waiting, paused, to be sent later.
 */
export const onlineOnly = { networkMode: 'always', meta: { failureShownToUser: true } } as const;

/** Data this fresh is shown without asking the server again (navigating back and forth). */
const STALE_TIME_MS = 30_000;
/**
 * Data no screen shows is kept as long as a session lasts (TanStack's default is 5 minutes), so that the offline
 * copy of the cache (features/offline) holds every client opened during the session.
 */
const GC_TIME_MS = DEFAULT_SESSION_MAX_MS;
const MAX_RETRIES = 2;

function shouldRetry(failureCount: number, error: Error): boolean {
  // Offline, a retry would wait, paused, until the connection is back: the failure is the answer (the routes'
  // loaders then open the offline copy, features/offline/load-query.ts).
  if (!onlineManager.isOnline()) return false;
  // A 4xx response will not change by asking again; a network fault or a 5xx may.
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient({ onUnauthorized, onForbidden, retry = true }: QueryClientOptions): QueryClient {
  const queryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (isUnauthorized(error)) onUnauthorized();
        if (isForbidden(error)) onForbidden?.(query.queryKey);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        // Every mutation's failure is logged here, once: the message only, never a stack to the user.
        if (!mutation.meta?.failureShownToUser) console.error(error.message);
        if (isUnauthorized(error) && !mutation.meta?.handlesUnauthorized) onUnauthorized();
        if (isForbidden(error)) onForbidden?.();
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: STALE_TIME_MS,
        gcTime: GC_TIME_MS,
        retry: retry ? shouldRetry : false,
      },
      mutations: {
        retry: false,
      },
    },
  });
  // Which changes are waiting changes, made offline (waiting-changes/has-waited.ts).
  queryClient.getMutationCache().subscribe((event) => {
    if (event.mutation) noteIfWaiting(event.mutation, event.type === 'added');
  });
  return queryClient;
}
