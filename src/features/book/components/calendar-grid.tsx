import { useRouter } from '@tanstack/react-router';
import type { FocusEvent, MouseEvent } from 'react';
import { blockLabel, blockText, type CalendarCell, type CalendarDay } from '../utils/calendar-day.ts';
import './calendar.css';

/** The appointment a block of the grid links to (the route /calendar/appointments/$appointmentId). */
const appointmentOf = (target: EventTarget) =>
  target instanceof Element ? target.closest<HTMLAnchorElement>('a[data-appointment]')?.dataset.appointment : undefined;
const appointmentLocation = (appointmentId: string) =>
  ({ to: '/calendar/appointments/$appointmentId', params: { appointmentId } }) as const;

/**
 * The day at a desk: a table whose columns are the members working (their username at the head) and whose rows are
 * the quarter hours, labelled with the salon's time; an appointment is a cell spanning the rows from its start to its
 * end. A table rather than ARIA grid roles: a screen reader names each appointment's cell by its member and its start,
 * and the rows' spans place the blocks without a layout of our own. Plain cells, so that 10 columns render at once.
 *
 * A block is a plain link, one text node: the table does for all of them what the router's `<Link>` does for one
 * (opening the page in the app on a click or Enter, its data loading on hover or focus), so that a busy day's hundreds
 * of blocks render without a router link each (docs/performance.md, the calendar's first paint).
 */
export function CalendarGrid({ day, caption }: { day: CalendarDay; caption: string }) {
  const router = useRouter();
  const preload = (event: MouseEvent | FocusEvent) => {
    const appointmentId = appointmentOf(event.target);
    if (appointmentId !== undefined) void router.preloadRoute(appointmentLocation(appointmentId));
  };
  const open = (event: MouseEvent) => {
    const appointmentId = appointmentOf(event.target);
    // A click with a modifier or another button opens the link as the browser does (a new tab, a window).
    if (appointmentId === undefined || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    void router.navigate(appointmentLocation(appointmentId));
  };
  return (
    <div className="table-scroll calendar-grid" role="region" aria-label={caption} tabIndex={0}>
      <table className="calendar-table" onClick={open} onMouseOver={preload} onFocus={preload}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="calendar-table__time">
              <span className="visually-hidden">Time</span>
            </th>
            {day.columns.map(({ username }) => (
              <th key={username} scope="col">
                {username}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {day.rows.map(({ instant, time }, row) => (
            <tr key={instant} className={time.endsWith(':00') ? 'calendar-table__hour' : undefined}>
              <th scope="row" className="calendar-table__time">
                {time}
              </th>
              {day.columns.map(({ username, cells }) => cellOf(username, cells[row] ?? null))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A quarter hour of a member: empty, an appointment starting then, or nothing where one above spans it. */
function cellOf(username: string, cell: CalendarCell) {
  if (cell === 'covered') return null;
  if (cell === null) return <td key={username} />;
  const { block } = cell;
  return (
    <td key={username} rowSpan={cell.rows} className="calendar-table__appointment">
      <a
        className="calendar-block"
        href={`/calendar/appointments/${encodeURIComponent(block.id)}`}
        data-appointment={block.id}
        aria-label={blockLabel(block)}
      >
        {blockText(block)}
      </a>
    </td>
  );
}
