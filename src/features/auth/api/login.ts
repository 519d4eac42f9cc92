import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginRequest } from '#contract/api';
import { apiPaths } from '#contract/paths';
import { apiRequest } from '../../../lib/api-client.ts';
import { currentLogin, setLoggedIn } from '../../../lib/login-flag.ts';
import { forgetOfflineCopy } from '../../offline/offline-copy-store.ts';

/** POST {host}/login: a 2xx response is success; its body is not read. */
function login(credentials: LoginRequest): Promise<undefined> {
  return apiRequest(apiPaths.login, { method: 'POST', body: credentials });
}

/**
 * A successful login sets the flag; the form tells the user and moves on. Another account than the one logged in
 * here before sees nothing of its cache, nor of its offline copy.
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    meta: {
      // A 401 here is a wrong password, not an expired session.
      handlesUnauthorized: true,
      // Any failure gets the form's alert.
      failureShownToUser: true,
    },
    onSuccess: (_data, { username }) => {
      if (currentLogin()?.account !== username) {
        queryClient.removeQueries();
        void forgetOfflineCopy();
      }
      setLoggedIn(username);
    },
  });
}
