import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Appointment, type NewAppointment } from '#contract/book';
import { apiPaths } from '#contract/paths';
import { apiRequest } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-errors.ts';
import { useIdempotencyKey } from '../../../lib/idempotency-key.ts';
import { onlineOnly } from '../../../lib/query-client.ts';
import { requireConnection } from '../utils/booking-failure.ts';
import { availabilityKeys } from './availability.ts';
import { appointmentChanged } from './booking-queries.ts';

/**
 * POST /api/appointments: 201 with the appointment, or 409 when the time is taken or the member does not work then.
 * Book pressed again with the same choices sends the same Idempotency-Key (as a client's registration): a booking
 * whose answer was lost is not made twice.
 */
export function useBookAppointment() {
  const queryClient = useQueryClient();
  const idempotencyKeyFor = useIdempotencyKey();
  return useMutation({
    ...onlineOnly,
    mutationFn: (appointment: NewAppointment) => {
      requireConnection();
      return apiRequest(apiPaths.appointments, {
        method: 'POST',
        body: appointment,
        idempotencyKey: idempotencyKeyFor(appointment),
        schema: Appointment,
      });
    },
    onSuccess: (booked) => appointmentChanged(queryClient, booked),
    // The time was taken meanwhile: the free times are asked again (the form keeps the one chosen, beside the refusal).
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) void queryClient.invalidateQueries({ queryKey: availabilityKeys.all });
    },
  });
}
