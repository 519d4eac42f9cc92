import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { bookTexts } from '#contract/book-texts';
import { WEEKDAYS, type WorkingHours } from '#contract/book';
import { ActionFailure } from '../../../components/action-failure.tsx';
import { isApiError } from '../../../lib/api-errors.ts';
import { useSaveHours, type HoursOf } from '../api/hours.ts';
import { HoursForm, hoursFormValues, type HoursFormValues } from '../utils/hours-form.ts';
import { HoursDay } from './hours-day.tsx';

type HoursWeekFormProps = {
  who: HoursOf;
  /** The week as saved: the form opens with it. */
  hours: WorkingHours;
};

/**
 * The week: for each weekday whether the member works, and from when to when; "Save hours" sends the whole week. A
 * refusal keeps what was typed; a time against the rules is said by its field.
 */
export function HoursWeekForm({ who, hours }: HoursWeekFormProps) {
  const save = useSaveHours(who);
  const [saved, setSaved] = useState(false);
  const { register, control, handleSubmit, reset, formState } = useForm<HoursFormValues, unknown, WorkingHours>({
    // The week as saved now (asked again after a change, here or on another page): the fields not touched follow it.
    values: hoursFormValues(hours),
    resetOptions: { keepDirtyValues: true },
    resolver: zodResolver(HoursForm),
  });
  const submit = handleSubmit((week) => {
    setSaved(false);
    save.mutate(week, {
      onSuccess: (schedule) => {
        reset(hoursFormValues(schedule.hours));
        setSaved(true);
      },
    });
  });

  return (
    <form className="form hours-week" onSubmit={(event) => void submit(event)} noValidate>
      {WEEKDAYS.map((weekday) => (
        <HoursDay key={weekday} weekday={weekday} register={register} control={control} errors={formState.errors} />
      ))}
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          Save hours
        </button>
      </div>
      <p className="hours__result" role="status">
        {saved ? bookTexts.hoursSaved : ''}
      </p>
      <ActionFailure error={save.error} failed="Could not save the working hours" serverSays={isApiError} />
    </form>
  );
}
