/**
 * The calendar's reads of appointments (issue 40): a salon's day, GET /api/appointments?from={date}&to={date}. Under
 * `bookKeys.appointments`, so that one invalidation (a booking, a move, a live event) reaches every day.
 */
import { queryOptions } from '@tanstack/react-query';
import { AppointmentList } from '#contract/book';
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
