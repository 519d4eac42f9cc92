import type { QueryClient } from '@tanstack/react-query';
import { currentLogin, setLoggedIn } from './login-flag.ts';
import { primeMe } from './me.ts';
import { forgetOfflineCopy } from './offline-copy-store.ts';
import { discardWaitingChanges } from './waiting-changes/waiting-changes.ts';

/**
 * What a session that began does here: after a login (features/auth), and after a sign-in link set the password
 * (issue 28, features/team), so it belongs to neither. `body` is the response's: `{ username, role }` from this
 * project's server, so the role is known at once (GET /api/me asks when it does not say).
 */
export function loggedIn(queryClient: QueryClient, username: string, sessionExpires: string | null, body: unknown): void {
  if (currentLogin()?.account !== username) {
    queryClient.removeQueries();
    void forgetOfflineCopy();
  }
  // Also after the session ended (when nobody is logged in here): only this account's changes are kept.
  void discardWaitingChanges(queryClient, username);
  primeMe(queryClient, body);
  setLoggedIn(username, sessionExpires);
  void queryClient.resumePausedMutations();
}
