import { Link } from '@tanstack/react-router';
import { addDays } from '#contract/book';
import './calendar.css';

type CalendarDayNavProps = {
  /** The day shown, and today, as the salon's dates ("2026-12-01"). */
  date: string;
  today: string;
  onDate: (date: string) => void;
};

/** "Previous day", "Today", "Next day" and the "Date" field: each changes the day in the address. */
export function CalendarDayNav({ date, today, onDate }: CalendarDayNavProps) {
  return (
    <nav className="calendar-nav" aria-label="Day">
      <Link to="/calendar" search={{ date: addDays(date, -1) }} className="button">
        Previous day
      </Link>
      <Link to="/calendar" search={{ date: today }} className="button" aria-current={date === today ? 'date' : undefined}>
        Today
      </Link>
      <Link to="/calendar" search={{ date: addDays(date, 1) }} className="button">
        Next day
      </Link>
      <div className="form__field calendar-nav__date">
        <label htmlFor="calendar-date">Date</label>
        <input
          // Not controlled, so that a date can be typed a part at a time; a new day in the address starts it afresh.
          key={date}
          id="calendar-date"
          type="date"
          defaultValue={date}
          required
          onChange={(event) => {
            // Empty while a date is being typed, or cleared: the day shown stays.
            if (event.target.value !== '') onDate(event.target.value);
          }}
        />
      </div>
    </nav>
  );
}
