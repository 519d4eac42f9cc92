import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { OnlineBooked, type OnlineBooking } from '#contract/online-booking';
import { apiPaths } from '#contract/paths';
import { apiRequest } from '../../../lib/api-client.ts';
import { onlineOnly } from '../../../lib/query-client.ts';
import { isTaken } from '../utils/booking-failure.ts';
import { onlineBookingKeys } from './online-booking-queries.ts';

/** The free days and times are asked again: a booking, or a time taken meanwhile, changed them. */
export function refetchFreeTimes(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: onlineBookingKeys.allDays });
  void queryClient.invalidateQueries({ queryKey: onlineBookingKeys.allTimes });
}

/** POST /api/booking/appointments: 201 with what the confirmation names, 409 when the time was taken, 429. */
export function useBookOnline() {
  const queryClient = useQueryClient();
  return useMutation({
    ...onlineOnly,
    mutationFn: (booking: OnlineBooking) =>
      apiRequest(apiPaths.bookingAppointments, { method: 'POST', body: booking, schema: OnlineBooked }),
    onSettled: (_booked, error) => {
      if (!error || isTaken(error)) refetchFreeTimes(queryClient);
    },
  });
}
