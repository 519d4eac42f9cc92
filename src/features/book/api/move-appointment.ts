import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Appointment, type AppointmentMove } from '#contract/book';
import { apiPaths } from '#contract/paths';
import { apiRequest } from '../../../lib/api-client.ts';
import { onlineOnly } from '../../../lib/query-client.ts';
import { requireConnection } from '../utils/booking-failure.ts';
import { appointmentChanged } from './booking-queries.ts';

/** A move made against the appointment at `version` (If-Match: 412 when a colleague changed it since). */
type VersionedMove = { move: AppointmentMove; version: number };

/** PUT /api/appointments/{id}: 200 with the appointment moved; 409 when the new time is taken; 412 (see appointment-conflict.ts). */
export function useMoveAppointment(appointmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...onlineOnly,
    mutationFn: ({ move, version }: VersionedMove) => {
      requireConnection();
      return apiRequest(apiPaths.appointment(appointmentId), { method: 'PUT', body: move, ifMatch: version, schema: Appointment });
    },
    onSuccess: (moved) => appointmentChanged(queryClient, moved),
  });
}
