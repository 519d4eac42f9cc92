import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '#contract/paths';
import { apiRequest } from '../../../lib/api-client.ts';
import { clearLoggedIn } from '../../../lib/login-flag.ts';
import { forgetOfflineCopy } from '../../../lib/offline-copy-store.ts';
import { discardWaitingChanges } from '../../../lib/waiting-changes/waiting-changes.ts';

/** POST {host}/logout ends the session on the server as well. */
function logout(): Promise<undefined> {
  return apiRequest(apiPaths.logout, { method: 'POST' });
}

/**
 * Sign Out clears the flag and the cached client data, its offline copy and the changes still waiting to be sent
 * included (the root layout asks first), whatever the server's response to the logout call (a failure is logged by
 * the query client; offline there is none, and it does not wait for one).
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    networkMode: 'always',
    // A 401 means the session had ended already: nothing to log in again for.
    meta: { handlesUnauthorized: true },
    // Before the request: its answer would bring the app online, and waiting changes would go out first.
    onMutate: () => discardWaitingChanges(queryClient),
    onSettled: () => {
      clearLoggedIn();
      queryClient.removeQueries();
      void forgetOfflineCopy();
    },
  });
}
