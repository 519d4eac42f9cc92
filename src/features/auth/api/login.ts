import { useMutation } from '@tanstack/react-query';
import type { LoginRequest } from '#contract/api.ts';
import { apiPaths } from '#contract/paths.ts';
import { apiRequest } from '#src/lib/api-client.ts';
import { setLoggedIn } from '#src/lib/login-flag.ts';

/** POST {host}/login: a 2xx answer is success; its body is not read. */
export function login(credentials: LoginRequest): Promise<undefined> {
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
