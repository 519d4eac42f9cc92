import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useCurrentLogin } from '../../lib/login-flag.ts';

/**
 * Loads the staff pages' offline support (offline-support.tsx: the offline copy of the cache, the app shell's service
 * worker, the offline banner). The root layout uses it once someone is logged in, so the landing page's bundle stays
 * without it; fetched at once when the login flag is already set.
 */
export const loadOfflineSupport = () => import('./offline-support.tsx');

/** While someone is logged in, the offline copy is kept from the first commit on (issue 38), not once a Suspense shows. */
export function useKeepForOffline(queryClient: QueryClient) {
  const login = useCurrentLogin();
  useEffect(() => {
    if (!login) return;
    let stop: (() => void) | undefined;
    let ended = false;
    void loadOfflineSupport().then(({ keepForOffline }) => {
      if (!ended) stop = keepForOffline(queryClient, login);
    });
    return () => {
      ended = true;
      stop?.();
    };
  }, [queryClient, login]);
}
