import { useQuery } from '@tanstack/react-query';
import type { AppointmentChange, AppointmentState } from '#contract/appointments';
import { salonDate, salonTime, timeRange } from '#contract/book';
import { HistoryCard } from '../../../components/history-card.tsx';
import { bookingQueries } from '../api/booking-queries.ts';

const WHAT: Record<AppointmentChange['kind'], string> = {
  booked: 'Booked',
  moved: 'Moved',
  cancelled: 'Cancelled',
  restored: 'Restored',
  'client-changed': 'Client changed',
};

/** A state of the appointment as the salon reads it: "2026-12-01 10:00–11:00 with sam". */
const when = ({ start, end, staff }: AppointmentState, zone: string) =>
  `${salonDate(Date.parse(start), zone)} ${timeRange({ start: Date.parse(start), end: Date.parse(end) }, zone)} with ${staff}`;

/** The appointment page's "History" (issue 40): each booking, move, cancellation and undo, who and when, newest first. */
export function AppointmentHistory({ appointmentId, zone }: { appointmentId: string; zone: string }) {
  return (
    <HistoryCard
      titleId="appointment-history-title"
      className="appointment-section"
      history={useQuery(bookingQueries.history(appointmentId))}
      what={(change) => WHAT[change.kind]}
      when={(change) => `${salonDate(Date.parse(change.at), zone)} at ${salonTime(Date.parse(change.at), zone)}`}
      details={(change) =>
        change.kind === 'moved' &&
        change.before && (
          <span className="history__field">
            {when(change.before, zone)} → {when(change.after, zone)}
          </span>
        )
      }
    />
  );
}
