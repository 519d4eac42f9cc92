import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { queryStatusMessage } from '../../../components/data-table.tsx';
import { isRefusedToStaff, OwnerOnlyNotice } from '../../../components/owner-only.tsx';
import { hoursQuery, type HoursOf } from '../api/hours.ts';
import { HoursTimeOff } from './hours-time-off.tsx';
import { HoursWeekForm } from './hours-week-form.tsx';
import './hours.css';

type HoursSectionProps = {
  who: HoursOf;
  /** "Working hours" on My account; "Working hours of sam" on an owner's page of sam's. */
  title: string;
  /** The page's own heading (an owner's page of a colleague's hours), or a section of My account. */
  level?: 1 | 2;
};

/**
 * A member's "Working hours" (issue 40): the week and the time off. A member with no hours takes no appointments.
 * Staff asking a colleague's get the server's 403, and the section says it is an owner's.
 */
export function HoursSection({ who, title, level = 2 }: HoursSectionProps) {
  const titleId = useId();
  const hours = useQuery(hoursQuery(who));
  const refused = isRefusedToStaff(hours.error);
  const body = hours.data ? (
    <>
      <HoursWeekForm who={who} hours={hours.data.hours} />
      <HoursTimeOff who={who} timeOff={hours.data.timeOff} />
    </>
  ) : (
    <p role="status">{queryStatusMessage(hours, 'The working hours could not be loaded.')}</p>
  );

  if (level === 2) {
    return (
      <section className="card hours-section" aria-labelledby={titleId}>
        <h2 id={titleId}>{title}</h2>
        {body}
      </section>
    );
  }
  return (
    <section aria-labelledby={titleId}>
      <h1 id={titleId} className="page__title">
        {title}
      </h1>
      {refused ? <OwnerOnlyNotice /> : <div className="card">{body}</div>}
    </section>
  );
}
