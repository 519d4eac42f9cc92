import { Link } from '@tanstack/react-router';
import { blockLabel, type CalendarBlock } from '../utils/calendar-day.ts';

/** An appointment on the calendar: its time, client and service, a link to its page named by the same. */
export function CalendarBlockLink({ block }: { block: CalendarBlock }) {
  return (
    <Link
      to="/calendar/appointments/$appointmentId"
      params={{ appointmentId: block.id }}
      className="calendar-block"
      aria-label={blockLabel(block)}
    >
      <span className="calendar-block__time">{block.time}</span>
      <span className="calendar-block__client">{block.client}</span>
      <span className="calendar-block__service">{block.service}</span>
    </Link>
  );
}
