/**
 * An appointment's page and a client's appointments (issue 40). Under `bookKeys.appointments`, so that one
 * invalidation (a booking, a move, a cancellation, a live event) reaches them all.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { AppointmentHistory } from '#contract/appointments';
import { Appointment, AppointmentList } from '#contract/book';
import { apiPaths } from '#contract/paths';
import { apiRequest } from '../../../lib/api-client.ts';
import { refetchBook } from '../../../lib/book-keys.ts';
import { bookKeys } from './book-queries.ts';

export const bookingKeys = {
  detail: (appointmentId: string) => [...bookKeys.appointments, 'detail', appointmentId] as const,
  ofClient: (clientId: string) => [...bookKeys.appointments, 'client', clientId] as const,
  /** Under its appointment's detail: whatever refreshes the appointment refreshes its history. */
  history: (appointmentId: string) => [...bookingKeys.detail(appointmentId), 'history'] as const,
};

export const bookingQueries = {
  /** GET /api/appointments/{id}: its `version` is the one a move or a cancellation sends as If-Match. */
  detail: (appointmentId: string) =>
    queryOptions({
      queryKey: bookingKeys.detail(appointmentId),
      queryFn: ({ signal }) => apiRequest(apiPaths.appointment(appointmentId), { schema: Appointment, signal }),
    }),
  /** GET /api/appointments/{id}/history: who booked, moved, cancelled or restored it, and when; newest first. */
  history: (appointmentId: string) =>
    queryOptions({
      queryKey: bookingKeys.history(appointmentId),
      queryFn: ({ signal }) => apiRequest(apiPaths.appointmentHistory(appointmentId), { schema: AppointmentHistory, signal }),
    }),
  /** GET /api/clients/{id}/appointments: upcoming first (soonest first), then past (newest first), as the server orders them. */
  ofClient: (clientId: string) =>
    queryOptions({
      queryKey: bookingKeys.ofClient(clientId),
      queryFn: ({ signal }) => apiRequest(apiPaths.clientAppointments(clientId), { schema: AppointmentList, signal }),
    }),
};

/**
 * After a booking, a move, a cancellation or its undo: the appointment as the server answered, at once on its page;
 * then every appointment query (days, clients) and every free time are asked again.
 */
export function appointmentChanged(queryClient: QueryClient, appointment: Appointment): Promise<unknown> {
  queryClient.setQueryData(bookingKeys.detail(appointment.id), appointment);
  return refetchBook(queryClient);
}
