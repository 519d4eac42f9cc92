/** The cancel link of the confirmation email (issue 41): `/?cancel={token}`. */
import { queryOptions, useMutation } from '@tanstack/react-query';
import { Cancellation } from '#contract/online-booking';
import { apiPaths } from '#contract/paths';
import { apiRequest } from '../../../lib/api-client.ts';
import { onlineOnly } from '../../../lib/query-client.ts';
import { onlineBookingKeys } from './online-booking-queries.ts';

/** GET /api/booking/cancellations/{token}: the appointment the link cancels; 404 when the link is no longer valid. */
export const cancellationQuery = (token: string) =>
  queryOptions({
    queryKey: onlineBookingKeys.cancellation(token),
    queryFn: ({ signal }) => apiRequest(apiPaths.bookingCancellation(token), { schema: Cancellation, signal }),
    meta: { offlineCopy: false },
  });

/** POST /api/booking/cancellations/{token}: 200 cancelled, 409 too late, 404 no longer valid. */
export function useCancelOnline(token: string) {
  return useMutation({
    ...onlineOnly,
    mutationFn: () => apiRequest(apiPaths.bookingCancellation(token), { method: 'POST', schema: Cancellation }),
  });
}
