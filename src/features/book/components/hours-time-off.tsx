import { useId, useState } from 'react';
import type { TimeOff } from '#contract/book';
import { ActionFailure } from '../../../components/action-failure.tsx';
import { isApiError } from '../../../lib/api-errors.ts';
import { useRemoveTimeOff, type HoursOf } from '../api/hours.ts';
import { timeOffText } from '../utils/hours-form.ts';
import { AddTimeOffForm } from './hours-time-off-form.tsx';

type HoursTimeOffProps = {
  who: HoursOf;
  timeOff: readonly TimeOff[];
};

/** "Time off": the member's days away, earliest first, each with "Remove"; and "Add time off". */
export function HoursTimeOff({ who, timeOff }: HoursTimeOffProps) {
  const titleId = useId();
  const remove = useRemoveTimeOff(who);
  const [done, setDone] = useState('');
  const sorted = [...timeOff].sort((a, b) => a.first.localeCompare(b.first));
  return (
    <section className="hours-time-off" aria-labelledby={titleId}>
      <h3 id={titleId}>Time off</h3>
      {sorted.length === 0 ? (
        <p className="hours-time-off__none">No time off.</p>
      ) : (
        <ul className="hours-time-off__list">
          {sorted.map((entry) => (
            <li key={entry.id} className="hours-time-off__entry">
              <span>{timeOffText(entry)}</span>
              <button
                type="button"
                className="button button--small"
                aria-label={`Remove time off ${timeOffText(entry)}`}
                disabled={remove.isPending}
                onClick={() => {
                  setDone('');
                  remove.mutate(entry.id, { onSuccess: () => setDone(`Time off ${timeOffText(entry)} is removed.`) });
                }}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <ActionFailure error={remove.error} failed="Could not remove the time off" serverSays={isApiError} />
      <p className="hours__result" role="status">
        {done}
      </p>
      <AddTimeOffForm who={who} onAdded={(added) => setDone(`Time off ${timeOffText(added)} is added.`)} />
    </section>
  );
}
