import { useQuery } from '@tanstack/react-query';
import type { AppointmentChange, AppointmentState } from '#contract/appointments';
import { salonDate, salonTime, timeRange } from '#contract/book';
import { NOT_AVAILABLE_OFFLINE } from '../../../lib/reachability.ts';
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
  const history = useQuery(bookingQueries.history(appointmentId));
  return (
    <section className="card history appointment-section" aria-labelledby="appointment-history-title">
      <h2 id="appointment-history-title" className="history__title">
        History
      </h2>
      {history.isPending && <p>{history.isPaused ? NOT_AVAILABLE_OFFLINE : 'Loading the history…'}</p>}
      {history.isError && <p>The history could not be loaded.</p>}
      {history.data && (
        <ol className="history__list" role="list">
          {history.data.map((change) => (
            <li key={change.seq} className="history__entry">
              <span>
                {WHAT[change.kind]} by {change.by} on {salonDate(Date.parse(change.at), zone)} at {salonTime(Date.parse(change.at), zone)}
              </span>
              {change.kind === 'moved' && change.before && (
                <span className="history__field">
                  {when(change.before, zone)} → {when(change.after, zone)}
                </span>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
