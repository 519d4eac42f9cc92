/**
 * The landing page's booking section (issue 41): the offer, the free days and the free times. Visitors' data, never
 * kept for offline use; free days and times change with every booking, so they are asked again whenever shown.
 */
import { queryOptions } from '@tanstack/react-query';
import { BookingDays, BookingOffer, BookingTimes } from '#contract/online-booking';
import { apiPaths } from '#contract/paths';
import { apiRequest } from '../../../lib/api-client.ts';

/** What the free days depend on; `staff` '' is "Anyone". */
export type FreeDaysRequest = { service: string; staff: string };
export type FreeTimesRequest = FreeDaysRequest & { date: string };

export const onlineBookingKeys = {
  offer: ['booking'] as const,
  allDays: ['booking', 'days'] as const,
  days: ({ service, staff }: FreeDaysRequest) => [...onlineBookingKeys.allDays, service, staff] as const,
  allTimes: ['booking', 'times'] as const,
  times: ({ service, staff, date }: FreeTimesRequest) => [...onlineBookingKeys.allTimes, service, staff, date] as const,
  /** The appointment a cancel link names. */
  cancellation: (token: string) => ['booking', 'cancellations', token] as const,
};

/** The query string without "Anyone" (the API's absent `staff`). */
const searchOf = (request: Record<string, string>) => new URLSearchParams(Object.entries(request).filter(([, value]) => value !== ''));

const freshEachTime = { staleTime: 0, meta: { offlineCopy: false } } as const;

export const onlineBookingQueries = {
  /** GET /api/booking: the services, the members and the salon's time zone. */
  offer: () =>
    queryOptions({
      queryKey: onlineBookingKeys.offer,
      queryFn: ({ signal }) => apiRequest(apiPaths.booking, { schema: BookingOffer, signal }),
      meta: { offlineCopy: false },
    }),
  /** GET /api/booking/days: today and the next 27 days, each with whether it has a free time. */
  days: (request: FreeDaysRequest) =>
    queryOptions({
      queryKey: onlineBookingKeys.days(request),
      queryFn: ({ signal }) => apiRequest(`${apiPaths.bookingDays}?${searchOf(request)}`, { schema: BookingDays, signal }),
      ...freshEachTime,
    }),
  /** GET /api/booking/times: the day's free start times. */
  times: (request: FreeTimesRequest) =>
    queryOptions({
      queryKey: onlineBookingKeys.times(request),
      queryFn: ({ signal }) => apiRequest(`${apiPaths.bookingTimes}?${searchOf(request)}`, { schema: BookingTimes, signal }),
      ...freshEachTime,
    }),
};
