/**
 * A member's working hours and time off (issue 40): one's own on My account (`'me'`), or an owner's view of anyone's
 * (`/staff/{username}/hours`). The same calls under two sets of paths.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { MemberSchedule, TimeOff, type NewTimeOff, type WorkingHours } from '#contract/book';
import { apiPaths } from '#contract/paths';
import { apiRequest } from '../../../lib/api-client.ts';
import { onlineOnly } from '../../../lib/query-client.ts';
import { bookKeys } from './book-queries.ts';

/** Whose hours: the signed-in member's own, or a colleague's by username (owners only). */
export type HoursOf = 'me' | { username: string };

const hoursKeys = {
  all: ['hours'] as const,
  of: (who: HoursOf) => [...hoursKeys.all, who === 'me' ? 'me' : who.username] as const,
};

const pathsOf = (who: HoursOf) =>
  who === 'me'
    ? { hours: apiPaths.accountHours, timeOff: apiPaths.accountTimeOff, timeOffEntry: apiPaths.accountTimeOffEntry }
    : {
        hours: apiPaths.staffHours(who.username),
        timeOff: apiPaths.staffTimeOff(who.username),
        timeOffEntry: (timeOffId: string) => apiPaths.staffTimeOffEntry(who.username, timeOffId),
      };

/** GET …/hours: the member's week and time off (403 for staff asking a colleague's). */
export const hoursQuery = (who: HoursOf) =>
  queryOptions({
    queryKey: hoursKeys.of(who),
    queryFn: ({ signal }) => apiRequest(pathsOf(who).hours, { schema: MemberSchedule, signal }),
  });

/**
 * After a change: every hours query (one's own is also a colleague's on the staff pages) and the schedules, which the
 * calendar's columns and the free times come from.
 */
function useRefreshHours() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: hoursKeys.all }),
      queryClient.invalidateQueries({ queryKey: bookKeys.schedules }),
    ]);
}

/** PUT …/hours: the whole week. */
export function useSaveHours(who: HoursOf) {
  const refresh = useRefreshHours();
  return useMutation({
    mutationFn: (hours: WorkingHours) => apiRequest(pathsOf(who).hours, { method: 'PUT', body: hours, schema: MemberSchedule }),
    ...onlineOnly,
    onSuccess: refresh,
  });
}

/** POST …/time-off */
export function useAddTimeOff(who: HoursOf) {
  const refresh = useRefreshHours();
  return useMutation({
    mutationFn: (timeOff: NewTimeOff) => apiRequest(pathsOf(who).timeOff, { method: 'POST', body: timeOff, schema: TimeOff }),
    ...onlineOnly,
    onSuccess: refresh,
  });
}

/** DELETE …/time-off/:timeOffId */
export function useRemoveTimeOff(who: HoursOf) {
  const refresh = useRefreshHours();
  return useMutation({
    mutationFn: (timeOffId: string) => apiRequest(pathsOf(who).timeOffEntry(timeOffId), { method: 'DELETE' }),
    ...onlineOnly,
    onSuccess: refresh,
  });
}
