/** The free start times for a service with a member on a day (issue 40): GET /api/availability. */
import { queryOptions } from '@tanstack/react-query';
import { Availability } from '#contract/book';
import { apiPaths } from '#contract/paths';
import { apiRequest } from '../../../lib/api-client.ts';
import { bookRootKeys } from '../../../lib/book-keys.ts';

/** What the free times depend on; `except`: the appointment being moved leaves its own time free. */
export type AvailabilityRequest = { service: string; staff: string; date: string; except?: string };

export const availabilityKeys = {
  /** Every day's free times: a booking, a move, a cancellation or an undo changes them. */
  all: bookRootKeys.availability,
  of: (request: AvailabilityRequest) => [...availabilityKeys.all, request] as const,
};

export const availabilityQueries = {
  starts: (request: AvailabilityRequest) =>
    queryOptions({
      queryKey: availabilityKeys.of(request),
      queryFn: ({ signal }) => {
        const { except, ...asked } = request;
        const search = new URLSearchParams(except === undefined ? asked : { ...asked, except });
        return apiRequest(`${apiPaths.availability}?${search}`, { schema: Availability, signal });
      },
      // Free times change with every colleague's booking: asked again whenever shown.
      staleTime: 0,
      // Only what the server says now counts: no offline copy of them.
      meta: { offlineCopy: false },
    }),
};
