import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { bookTexts } from '#contract/book-texts';
import { salonDate, timeRange } from '#contract/book';
import { DataTable, queryStatusMessage } from '../../../components/data-table.tsx';
import { bookQueries } from '../api/book-queries.ts';
import { bookingQueries } from '../api/booking-queries.ts';
import './booking.css';

const COLUMNS = ['Day', 'Time', 'Service', 'Staff member', 'Status'] as const;

/**
 * A client's "Appointments", under their edit page's form (issue 40): upcoming first, then past, as the server orders
 * them; each time a link to the appointment's page. "New appointment" opens the booking form with the client chosen.
 */
export function AppointmentClientSection({ clientId }: { clientId: string }) {
  const appointments = useQuery(bookingQueries.ofClient(clientId));
  const salon = useQuery(bookQueries.salon());
  const zone = salon.data?.timeZone;
  const rows = zone === undefined ? undefined : appointments.data;
  const message =
    queryStatusMessage(appointments, 'The appointments could not be loaded.') ??
    queryStatusMessage(salon, 'The appointments could not be loaded.') ??
    (rows?.length === 0 ? bookTexts.noAppointments : undefined);
  return (
    <section className="card appointment-section" aria-labelledby="client-appointments-title">
      <h2 id="client-appointments-title">Appointments</h2>
      <DataTable className="client-appointments" density="compact" columns={COLUMNS} message={message}>
        {zone !== undefined &&
          rows?.map(({ id, start, end, service, staff, status }) => (
            <tr key={id}>
              <td>{salonDate(Date.parse(start), zone)}</td>
              <td>
                <Link to="/calendar/appointments/$appointmentId" params={{ appointmentId: id }}>
                  {timeRange({ start: Date.parse(start), end: Date.parse(end) }, zone)}
                </Link>
              </td>
              <td>{service.name}</td>
              <td>{staff}</td>
              <td>{status === 'cancelled' ? 'Cancelled' : ''}</td>
            </tr>
          ))}
      </DataTable>
      <p>
        <Link to="/calendar/new" search={{ client: clientId }}>
          New appointment
        </Link>
      </p>
    </section>
  );
}
