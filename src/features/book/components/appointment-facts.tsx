import { Link } from '@tanstack/react-router';
import { salonDate, timeRange, type Appointment } from '#contract/book';
import { clientName } from '../../clients/utils/client-notices.ts';
import './booking.css';

/** An appointment's client (a link to their page), service, member, day and time in the salon's time zone. */
export function AppointmentFacts({ appointment, zone }: { appointment: Appointment; zone: string }) {
  const { client, service, staff, start, end, status } = appointment;
  return (
    <dl className="appointment-facts">
      <dt>Client</dt>
      <dd>
        {client ? (
          <Link to="/clients/edit/$clientId" params={{ clientId: client.id }}>
            {clientName(client)}
          </Link>
        ) : (
          // An erased client leaves nothing that names them.
          'Erased client'
        )}
      </dd>
      <dt>Service</dt>
      <dd>{service.name}</dd>
      <dt>Staff member</dt>
      <dd>{staff}</dd>
      <dt>Day</dt>
      <dd>{salonDate(Date.parse(start), zone)}</dd>
      <dt>Time</dt>
      <dd>{timeRange({ start: Date.parse(start), end: Date.parse(end) }, zone)}</dd>
      {status === 'cancelled' && (
        <>
          <dt>Status</dt>
          <dd>Cancelled</dd>
        </>
      )}
    </dl>
  );
}
