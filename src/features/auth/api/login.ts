import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { LoginRequest } from '#contract/api';
import { apiPaths } from '#contract/paths';
import { SESSION_EXPIRES_HEADER } from '#contract/session-expires';
import { apiResponse } from '../../../lib/api-client.ts';
import { currentLogin, setLoggedIn } from '../../../lib/login-flag.ts';
import { primeMe } from './me.ts';
import { forgetOfflineCopy } from '../../offline/offline-copy-store.ts';
import { discardUnsavedChanges } from '../../../lib/waiting-changes-store.ts';

type LoggedIn = {
  /** The Session-Expires header: when the session ends at the latest; null from a server that does not send it. */
  sessionExpires: string | null;
  /** The body: `{ username, role }` from this project's server (issue 28); the spec's server may send anything. */
  body: unknown;
};

/** POST {host}/login: a 2xx response is success, whatever its body. */
async function login(credentials: LoginRequest): Promise<LoggedIn> {
  const response = await apiResponse(apiPaths.login, { method: 'POST', body: credentials });
  const body: unknown = await response.json().catch(() => undefined);
  return { sessionExpires: response.headers.get(SESSION_EXPIRES_HEADER), body };
}

/**
 * A successful login sets the flag; the form tells the user and moves on. Another account than the one logged in
 * here before sees nothing of its cache, nor of its offline copy, and never sends its changes made offline (they are
 * dropped); the same account again sends those still waiting.
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    // Offline it fails at once (the form says so), rather than waiting unseen for the connection.
    networkMode: 'always',
    meta: {
      // A 401 here is a wrong password, not an expired session.
      handlesUnauthorized: true,
      // Any failure gets the form's alert.
      failureShownToUser: true,
    },
    onSuccess: ({ sessionExpires, body }, { username }) => loggedIn(queryClient, username, sessionExpires, body),
  });
}

/**
 * What a session that began does here: after a login, and after a sign-in link set the password (issue 28). `body` is
 * the response's: `{ username, role }` from this project's server, so the role is known at once (GET /api/me asks
 * when it does not say).
 */
export function loggedIn(queryClient: QueryClient, username: string, sessionExpires: string | null, body: unknown): void {
  if (currentLogin()?.account !== username) {
    queryClient.removeQueries();
    void forgetOfflineCopy();
  }
  // Also after the session ended (when nobody is logged in here): only this account's changes are kept.
  void discardUnsavedChanges(queryClient, username);
  primeMe(queryClient, body);
  setLoggedIn(username, sessionExpires);
  void queryClient.resumePausedMutations();
}
