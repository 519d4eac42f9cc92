import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '#contract/paths';
import { SESSION_EXPIRES_HEADER } from '#contract/session-expires';
import { Me, WelcomeLink } from '#contract/team';
import { apiRequest, apiResponse } from '../../../lib/api-client.ts';
import { loggedIn } from '../../../lib/logged-in.ts';

/** GET /welcome-links/:token: whose link it is; 410 once it is used or past its 24 hours. */
export const welcomeLinkQuery = (token: string) =>
  queryOptions({
    queryKey: ['welcome-link', token] as const,
    queryFn: ({ signal }) => apiRequest(apiPaths.welcomeLink(token), { schema: WelcomeLink, signal }),
    // A link is used once: never from the cache.
    staleTime: 0,
    gcTime: 0,
  });

/** POST /welcome-links/:token sets the password and begins a session, as a login does (the login flag is set). */
export function useSetPassword(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (password: string) => {
      const response = await apiResponse(apiPaths.welcomeLink(token), { method: 'POST', body: { password } });
      const account = Me.parse(await response.json());
      return { account, sessionExpires: response.headers.get(SESSION_EXPIRES_HEADER) };
    },
    networkMode: 'always',
    // A 401 is not an ended session here: nobody is logged in yet.
    meta: { handlesUnauthorized: true, failureShownToUser: true },
    onSuccess: ({ account, sessionExpires }) => loggedIn(queryClient, account.username, sessionExpires, account),
  });
}
