import { createFileRoute } from '@tanstack/react-router';
import { clientQueries } from '../../features/clients/api/client-queries.ts';
import { bookQueries } from '../../features/book/api/book-queries.ts';
import { BookingOfflineNote } from '../../features/book/components/booking-offline-note.tsx';
import { BookingPage } from '../../features/book/components/booking-page.tsx';
import { noticeBooked } from '../../features/book/utils/booking-notices.ts';
import { parseCalendarSearch } from '../../features/book/utils/calendar-search.ts';
import { requireLogin } from '../../lib/require-login.ts';

type NewAppointmentSearch = { date?: string; client?: string };

export const Route = createFileRoute('/calendar/new')({
  // The route definition is in every page's bundle: no zod here.
  // A day as the calendar's address reads it; anything else is left out (the form opens on today).
  validateSearch: (search: Record<string, unknown>): NewAppointmentSearch => ({
    ...parseCalendarSearch(search),
    client: typeof search.client === 'string' && search.client !== '' ? search.client : undefined,
  }),
  beforeLoad: requireLogin,
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.ensureQueryData(bookQueries.salon()),
      queryClient.ensureQueryData(bookQueries.services()),
      queryClient.ensureQueryData(bookQueries.schedules()),
      queryClient.ensureQueryData(clientQueries.list()),
    ]),
  head: () => ({ meta: [{ title: 'New appointment · Your Beauty Salon' }] }),
  component: NewAppointmentRoute,
  // Offline, what the page needs and the offline copy lacks waits for the connection.
  pendingComponent: () => <BookingOfflineNote />,
});

function NewAppointmentRoute() {
  const { date, client } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <BookingPage
      date={date}
      clientId={client}
      onBooked={(_appointment, day) => {
        noticeBooked();
        // The calendar at the appointment's day, showing it.
        void navigate({ to: '/calendar', search: { date: day } });
      }}
    />
  );
}
