import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { NewTimeOff, TimeOff } from '#contract/book';
import { ActionFailure } from '../../../components/action-failure.tsx';
import { isApiError } from '../../../lib/api-errors.ts';
import { useAddTimeOff, type HoursOf } from '../api/hours.ts';
import { TimeOffForm, type TimeOffFormValues } from '../utils/hours-form.ts';
import { SetupField } from './setup-field.tsx';

type TimeOffFormProps = {
  who: HoursOf;
  onAdded: (timeOff: TimeOff) => void;
};

/** "Add time off": its first and last day, both included; the fields empty once it is added. */
export function AddTimeOffForm({ who, onAdded }: TimeOffFormProps) {
  const add = useAddTimeOff(who);
  const { register, handleSubmit, reset, formState } = useForm<TimeOffFormValues, unknown, NewTimeOff>({
    defaultValues: { first: '', last: '' },
    resolver: zodResolver(TimeOffForm),
  });
  const submit = handleSubmit((timeOff) =>
    add.mutate(timeOff, {
      onSuccess: (added) => {
        reset();
        onAdded(added);
      },
    }),
  );
  return (
    <form className="form hours-time-off__form" onSubmit={(event) => void submit(event)} noValidate>
      <div className="hours-time-off__days">
        <SetupField label="First day" type="date" error={formState.errors.first?.message} input={register('first')} />
        <SetupField label="Last day" type="date" error={formState.errors.last?.message} input={register('last')} />
      </div>
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={add.isPending}>
          Add time off
        </button>
      </div>
      <ActionFailure error={add.error} failed="Could not add the time off" serverSays={isApiError} />
    </form>
  );
}
