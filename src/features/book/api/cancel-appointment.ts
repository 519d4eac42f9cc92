import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Appointment } from '#contract/book';
import { apiPaths } from '#contract/paths';
import { apiRequest } from '../../../lib/api-client.ts';
import { onlineOnly } from '../../../lib/query-client.ts';
import { requireConnection } from '../utils/booking-failure.ts';
import { appointmentChanged } from './booking-queries.ts';

/**
 * DELETE /api/appointments/{id} with If-Match: 200 with the appointment, now cancelled; 412 when changed since.
 * `onCancelled` runs here, not as a callback of `mutate`: the page drops "Cancel appointment" as soon as the appointment
 * is cancelled in the cache, and the callbacks of an unmounted `mutate` never run (no "Appointment cancelled.", no Undo).
 */
export function useCancelAppointment(appointmentId: string, onCancelled: (cancelled: Appointment) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    ...onlineOnly,
    mutationFn: (version: number) => {
      requireConnection();
      return apiRequest(apiPaths.appointment(appointmentId), { method: 'DELETE', ifMatch: version, schema: Appointment });
    },
    onSuccess: (cancelled) => {
      onCancelled(cancelled);
      return appointmentChanged(queryClient, cancelled);
    },
  });
}

/**
 * POST /api/appointments/{id}/restore, the Undo of a cancellation: 200 with the appointment booked again, or 409 when
 * its time was taken meanwhile. A plain function: Undo runs from the notice, wherever the user is by then.
 */
export async function restoreAppointment(queryClient: QueryClient, appointmentId: string): Promise<Appointment> {
  requireConnection();
  const restored = await apiRequest(apiPaths.restoreAppointment(appointmentId), { method: 'POST', schema: Appointment });
  await appointmentChanged(queryClient, restored);
  return restored;
}
