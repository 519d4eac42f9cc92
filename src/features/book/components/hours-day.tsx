import { useId } from 'react';
import { useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { WEEKDAY_NAMES, type Weekday, type WorkingHours } from '#contract/book';
import type { HoursFormValues } from '../utils/hours-form.ts';

type HoursDayProps = {
  weekday: Weekday;
  register: UseFormRegister<HoursFormValues>;
  control: Control<HoursFormValues, unknown, WorkingHours>;
  errors: FieldErrors<HoursFormValues>;
};

/** One weekday: "Works on Monday", then "Monday from" and "Monday to", which a day off greys out. */
export function HoursDay({ weekday, register, control, errors }: HoursDayProps) {
  const id = useId();
  const name = WEEKDAY_NAMES[weekday];
  const works = useWatch({ control, name: `${weekday}.works` });
  const times = [
    { part: 'from', label: `${name} from`, error: errors[weekday]?.from?.message },
    { part: 'to', label: `${name} to`, error: errors[weekday]?.to?.message },
  ] as const;
  return (
    <div className="hours-day">
      <label className="form__radio hours-day__works">
        <input type="checkbox" {...register(`${weekday}.works`)} />
        Works on {name}
      </label>
      {times.map(({ part, label, error }) => (
        <div key={part} className="form__field hours-day__time">
          <label htmlFor={`${id}-${part}`}>{label}</label>
          <input
            id={`${id}-${part}`}
            type="time"
            disabled={!works}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-${part}-error` : undefined}
            {...register(`${weekday}.${part}`)}
          />
          {error && (
            <p id={`${id}-${part}-error`} className="form__error" role="alert">
              {error}
            </p>
          )}
        </div>
      ))}
    </div>
  );
}
