import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { apiPaths } from '../../../../contract/paths';
import { apiRequest } from '../../../lib/api-client';
import { clearLoggedIn } from '../../../lib/login-flag';

/** POST {host}/logout ends the session on the server as well. */
export function logout(): Promise<undefined> {
  return apiRequest(apiPaths.logout, { method: 'POST' });
}

/**
 * Sign Out (SPEC.md section 2): clears the flag, goes to / and shows the alert, whatever the
 * server answered to the logout call. The cached client data goes too.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => logout().catch((error: unknown) => console.error('Sign out: the server did not end the session', error)),
    meta: { handlesUnauthorized: true },
    onSettled: async () => {
      clearLoggedIn();
      queryClient.removeQueries();
      await navigate({ to: '/' });
      window.alert('Sign out successful!');
    },
  });
}
