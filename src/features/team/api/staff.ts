import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '#contract/paths';
import { SignInLink, StaffList, StaffMember, StaffMemberWithLink, type NewStaffMember, type StaffChange } from '#contract/team';
import { apiRequest } from '../../../lib/api-client.ts';
import { onlineOnly } from '../../../lib/query-client.ts';

const staffKeys = { all: ['staff'] as const };

/** GET /api/staff: owners only (403 for staff). Asked again on every visit: another owner may have changed it. */
export const staffQuery = () =>
  queryOptions({
    queryKey: staffKeys.all,
    queryFn: ({ signal }) => apiRequest(apiPaths.staff, { schema: StaffList, signal }),
    staleTime: 0,
    // Who has access, and when they last signed in, stays out of the offline copy (features/offline), as the audit trail.
    meta: { offlineCopy: false },
  });

/** After any change the list is asked for again, and the own role too (an owner may have made themselves staff). */
function useRefreshStaff() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: staffKeys.all }), queryClient.invalidateQueries({ queryKey: ['me'] })]);
}

/** POST /api/staff: the new account and its one-time sign-in link. */
export function useAddStaffMember() {
  const refresh = useRefreshStaff();
  return useMutation({
    mutationFn: (member: NewStaffMember) => apiRequest(apiPaths.staff, { method: 'POST', body: member, schema: StaffMemberWithLink }),
    ...onlineOnly,
    onSuccess: refresh,
  });
}

/** PATCH /api/staff/:username: a role, or disabled / enabled. */
export function useChangeStaffMember(username: string) {
  const refresh = useRefreshStaff();
  return useMutation({
    mutationFn: (change: StaffChange) => apiRequest(apiPaths.staffMember(username), { method: 'PATCH', body: change, schema: StaffMember }),
    ...onlineOnly,
    onSuccess: refresh,
  });
}

/** POST /api/staff/:username/password-reset: the old password stops working; a new one-time link. */
export function useResetPassword(username: string) {
  const refresh = useRefreshStaff();
  return useMutation({
    mutationFn: () => apiRequest(apiPaths.staffPasswordReset(username), { method: 'POST', schema: SignInLink }),
    ...onlineOnly,
    onSuccess: refresh,
  });
}

/** POST /api/staff/:username/sign-out: every session of the account ends. */
export function useSignOutEverywhere(username: string) {
  const refresh = useRefreshStaff();
  return useMutation({
    mutationFn: () => apiRequest(apiPaths.staffSignOut(username), { method: 'POST' }),
    ...onlineOnly,
    onSuccess: refresh,
  });
}
