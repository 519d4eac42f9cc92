import { useState } from 'react';
import type { CalendarDay } from '../utils/calendar-day.ts';
import { CalendarBlockLink } from './calendar-block-link.tsx';
import './calendar.css';

/** The day on a phone: one member at a time, chosen with "Staff member", their appointments as a list in time order. */
export function CalendarList({ day }: { day: CalendarDay }) {
  const [chosen, setChosen] = useState<string>();
  const column = day.columns.find(({ username }) => username === chosen) ?? day.columns[0];
  if (!column) return null;
  return (
    <div className="calendar-list">
      <div className="form__field calendar-list__staff">
        <label htmlFor="calendar-staff">Staff member</label>
        <select id="calendar-staff" value={column.username} onChange={(event) => setChosen(event.target.value)}>
          {day.columns.map(({ username }) => (
            <option key={username} value={username}>
              {username}
            </option>
          ))}
        </select>
      </div>
      {column.blocks.length === 0 ? (
        <p className="calendar__empty">No appointments on this day.</p>
      ) : (
        <ol className="calendar-list__items" aria-label={`Appointments of ${column.username}`}>
          {column.blocks.map((block) => (
            <li key={block.id}>
              <CalendarBlockLink block={block} />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
