import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import './calendar.css';

type CalendarHeaderProps = {
  /** The day shown ("2026-12-01"): "New appointment" books on it. */
  date: string | undefined;
  /** Owners get the "Services" link (the server refuses staff the page too). */
  owner: boolean;
  /** The day's navigation, under the heading. */
  children?: ReactNode;
};

/** The calendar's heading, its links ("New appointment"; "Services" for owners) and the day's navigation. */
export function CalendarHeader({ date, owner, children }: CalendarHeaderProps) {
  return (
    <div className="calendar-header">
      <h1 className="page__title">Calendar</h1>
      <div className="calendar-header__links">
        <Link to="/calendar/new" search={date === undefined ? {} : { date }} className="button button--primary">
          New appointment
        </Link>
        {owner && (
          <Link to="/services" className="button">
            Services
          </Link>
        )}
      </div>
      {children}
    </div>
  );
}
