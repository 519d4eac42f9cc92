import { Link } from '@tanstack/react-router';
import { blockLabel, blockText, type CalendarBlock } from '../utils/calendar-day.ts';

/** An appointment in the phone's list: its time, client and service, a link to its page named by the same. */
export function CalendarBlockLink({ block }: { block: CalendarBlock }) {
  return (
    <Link
      to="/calendar/appointments/$appointmentId"
      params={{ appointmentId: block.id }}
      className="calendar-block"
      aria-label={blockLabel(block)}
    >
      {blockText(block)}
    </Link>
  );
}
