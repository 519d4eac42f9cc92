import { useMutation } from '@tanstack/react-query';
import type { LoginRequest } from '#contract/api';
import { apiPaths } from '#contract/paths';
import { apiRequest } from '../../../lib/api-client.ts';
import { setLoggedIn } from '../../../lib/login-flag.ts';

/** POST {host}/login: a 2xx response is success; its body is not read. */
function login(credentials: LoginRequest): Promise<undefined> {
  return apiRequest(apiPaths.login, { method: 'POST', body: credentials });
}

/** A successful login sets the flag; the form tells the user and moves on. */
export function useLogin() {
  return useMutation({
    mutationFn: login,
    meta: {
      // A 401 here is a wrong password, not an expired session.
      handlesUnauthorized: true,
      // Any failure gets the form's alert.
      failureShownToUser: true,
    },
    onSuccess: () => setLoggedIn(),
  });
}
