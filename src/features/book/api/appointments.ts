/**
 * The calendar's reads of appointments (issue 40): a salon's day, GET /api/appointments?from={date}&to={date}. Under
 * `bookKeys.appointments`, so that one invalidation (a booking, a move, a live event) reaches every day.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { addDays, AppointmentList } from '#contract/book';
import { apiPaths } from '#contract/paths';
import { apiRequest } from '../../../lib/api-client.ts';
import { bookKeys } from './book-queries.ts';

export const appointmentKeys = {
  day: (date: string) => [...bookKeys.appointments, 'day', date] as const,
};

export const appointmentQueries = {
  /** The appointments of one of the salon's days ("2026-12-01"), cancelled ones too, in start order. */
  day: (date: string) =>
    queryOptions({
      queryKey: appointmentKeys.day(date),
      queryFn: ({ signal }) =>
        apiRequest(`${apiPaths.appointments}?${new URLSearchParams({ from: date, to: date })}`, { schema: AppointmentList, signal }),
    }),
};

/** Today and the next six days: the days the calendar opens offline from the copy (issue 40). */
const DAYS_KEPT_FOR_OFFLINE = 7;

/**
 * Loads today's and the next six days' appointments into the cache, and so into the offline copy (every query the
 * cache holds is saved: features/offline): one day query each, the same the calendar reads, so that a day opened
 * offline needs nothing derived. Days still fresh (the query client's staleTime) are not asked for again.
 */
export function prefetchComingDays(queryClient: QueryClient, today: string): void {
  for (let day = 0; day < DAYS_KEPT_FOR_OFFLINE; day++) void queryClient.prefetchQuery(appointmentQueries.day(addDays(today, day)));
}
