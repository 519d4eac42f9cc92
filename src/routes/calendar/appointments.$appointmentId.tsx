import { createFileRoute } from '@tanstack/react-router';
import { bookQueries } from '../../features/book/api/book-queries.ts';
import { BookingOfflineNote } from '../../features/book/components/booking-offline-note.tsx';
import { bookingQueries } from '../../features/book/api/booking-queries.ts';
import { AppointmentPage } from '../../features/book/components/appointment-page.tsx';
import { NOT_AVAILABLE_OFFLINE } from '../../lib/reachability.ts';
import { requireLogin } from '../../lib/require-login.ts';

export const Route = createFileRoute('/calendar/appointments/$appointmentId')({
  beforeLoad: requireLogin,
  loader: ({ context: { queryClient }, params: { appointmentId } }) =>
    Promise.all([
      queryClient.ensureQueryData(bookingQueries.detail(appointmentId)),
      queryClient.ensureQueryData(bookQueries.salon()),
      queryClient.ensureQueryData(bookQueries.schedules()),
    ]),
  head: () => ({ meta: [{ title: 'Appointment · Your Beauty Salon' }] }),
  component: AppointmentRoute,
  // Offline, what the page needs and the offline copy lacks waits for the connection.
  pendingComponent: () => <BookingOfflineNote text={NOT_AVAILABLE_OFFLINE} />,
});

function AppointmentRoute() {
  const { appointmentId } = Route.useParams();
  // Another appointment is another page: its forms start afresh.
  return <AppointmentPage key={appointmentId} appointmentId={appointmentId} />;
}
