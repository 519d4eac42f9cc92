import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { onlineBookingTexts } from '#contract/online-booking-texts';
import { bookQueries } from '../api/book-queries.ts';
import { bookingQueries } from '../api/booking-queries.ts';
import { membersWithHours } from '../utils/booking-values.ts';
import { noticeCancelled, noticeMoved } from '../utils/booking-notices.ts';
import { AppointmentCancel } from './appointment-cancel.tsx';
import { AppointmentFacts } from './appointment-facts.tsx';
import { AppointmentHistory } from './appointment-history.tsx';
import { AppointmentMoveForm } from './appointment-move-form.tsx';

/**
 * An appointment's page (issue 40), heading "Appointment": what it is ("Booked online" when a visitor booked it on the
 * landing page, issue 41), "Move" and "Cancel appointment" while booked.
 * The page stays after either: it shows the appointment as the server answered.
 */
export function AppointmentPage({ appointmentId }: { appointmentId: string }) {
  const queryClient = useQueryClient();
  const { data: appointment } = useSuspenseQuery(bookingQueries.detail(appointmentId));
  const { data: salon } = useSuspenseQuery(bookQueries.salon());
  const { data: members } = useSuspenseQuery({ ...bookQueries.schedules(), select: membersWithHours });
  const booked = appointment.status === 'booked';
  return (
    <div className="page page--narrow">
      <section className="card" aria-labelledby="appointment-title">
        <h1 id="appointment-title" className="page__title">
          Appointment
        </h1>
        {appointment.online && <p className="appointment-online">{onlineBookingTexts.bookedOnline}</p>}
        <AppointmentFacts appointment={appointment} zone={salon.timeZone} />
        {booked && <AppointmentCancel appointment={appointment} onCancelled={(cancelled) => noticeCancelled(queryClient, cancelled)} />}
      </section>
      {booked && (
        <div className="card appointment-section">
          <AppointmentMoveForm appointment={appointment} zone={salon.timeZone} members={members} onMoved={noticeMoved} />
        </div>
      )}
      <AppointmentHistory appointmentId={appointmentId} zone={salon.timeZone} />
    </div>
  );
}
