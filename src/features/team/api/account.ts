import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '#contract/paths';
import { AccountSessionList } from '#contract/team';
import { apiRequest } from '../../../lib/api-client.ts';
import { onlineOnly } from '../../../lib/query-client.ts';

const sessionsKey = ['account', 'sessions'] as const;

/** GET /api/account/sessions: the account's open sessions, this one marked `current`. */
export const sessionsQuery = () =>
  queryOptions({
    queryKey: sessionsKey,
    queryFn: ({ signal }) => apiRequest(apiPaths.accountSessions, { schema: AccountSessionList, signal }),
    staleTime: 0,
    // Where the account is signed in from (IPs, browsers) stays out of the offline copy (features/offline).
    meta: { offlineCopy: false },
  });

/** PUT /api/account/password: the current password first, then the new one. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (passwords: { currentPassword: string; newPassword: string }) =>
      apiRequest(apiPaths.accountPassword, { method: 'PUT', body: passwords }),
    ...onlineOnly,
  });
}

/** DELETE /api/account/sessions/:id, or every other session without an id. */
export function useEndSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string | null) =>
      apiRequest(sessionId === null ? apiPaths.accountSessions : apiPaths.accountSession(sessionId), { method: 'DELETE' }),
    ...onlineOnly,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}
