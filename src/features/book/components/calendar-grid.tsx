import type { CalendarCell, CalendarDay } from '../utils/calendar-day.ts';
import { CalendarBlockLink } from './calendar-block-link.tsx';
import './calendar.css';

/**
 * The day at a desk: a table whose columns are the members working (their username at the head) and whose rows are
 * the quarter hours, labelled with the salon's time; an appointment is a cell spanning the rows from its start to its
 * end. A table rather than ARIA grid roles: a screen reader names each appointment's cell by its member and its start,
 * and the rows' spans place the blocks without a layout of our own. Plain cells, so that 10 columns render at once.
 */
export function CalendarGrid({ day, caption }: { day: CalendarDay; caption: string }) {
  return (
    <div className="table-scroll calendar-grid" role="region" aria-label={caption} tabIndex={0}>
      <table className="calendar-table">
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
  return (
    <td key={username} rowSpan={cell.rows} className="calendar-table__appointment">
      <CalendarBlockLink block={cell.block} />
    </td>
  );
}
