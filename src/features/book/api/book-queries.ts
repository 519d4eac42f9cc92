/**
 * The book's shared reads (issue 40): the salon's time zone and currency, the services, and every member's schedule.
 * The calendar, the booking form and the setup pages all read them through these keys.
 */
import { queryOptions } from '@tanstack/react-query';
import { Salon, ScheduleList, ServiceList } from '#contract/book';
import { apiPaths } from '#contract/paths';
import { apiRequest } from '../../../lib/api-client.ts';
import { bookRootKeys } from '../../../lib/book-keys.ts';

export const bookKeys = {
  salon: ['salon'] as const,
  services: ['services'] as const,
  schedules: ['schedules'] as const,
  /** Every appointment query sits under this key: one invalidation reaches them all. */
  appointments: bookRootKeys.appointments,
};

export const bookQueries = {
  /** The salon's time zone and currency: set when the server starts. */
  salon: () =>
    queryOptions({
      queryKey: bookKeys.salon,
      queryFn: ({ signal }) => apiRequest(apiPaths.salon, { schema: Salon, signal }),
      staleTime: Infinity,
    }),
  services: () =>
    queryOptions({
      queryKey: bookKeys.services,
      queryFn: ({ signal }) => apiRequest(apiPaths.services, { schema: ServiceList, signal }),
    }),
  schedules: () =>
    queryOptions({
      queryKey: bookKeys.schedules,
      queryFn: ({ signal }) => apiRequest(apiPaths.schedules, { schema: ScheduleList, signal }),
    }),
};
