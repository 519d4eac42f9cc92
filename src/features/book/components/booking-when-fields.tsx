import type { UseFormRegisterReturn } from 'react-hook-form';
import { ClientFormField } from '../../clients/components/client-form-field.tsx';
import type { WhenValues } from '../utils/booking-values.ts';
import { BookingSelectField } from '../../clients/components/booking-select-field.tsx';
import { BookingTimeField } from './booking-time-field.tsx';

type WhenFieldsProps = {
  idPrefix: string;
  zone: string;
  /** The members who take appointments. */
  members: readonly string[];
  /** The service the free times are for ('' until chosen); `except`: the appointment being moved. */
  service: string;
  except?: string;
  values: WhenValues;
  inputs: Record<keyof WhenValues, UseFormRegisterReturn>;
  errors: Partial<Record<keyof WhenValues, string>>;
  /** A colleague's values where they differ from the form's (a 412), as shown. */
  theirs?: Partial<Record<keyof WhenValues, string>>;
  /** The form's button after them: "Book", "Save"; disabled while `pending`. */
  submitLabel: string;
  pending: boolean;
};

/** "Staff member", "Date", "Time" and the button that sends them: the booking form's and "Move"'s. */
export function BookingWhenFields(props: WhenFieldsProps) {
  const { idPrefix, zone, members, service, except, values, inputs, errors, theirs, submitLabel, pending } = props;
  return (
    <>
      <BookingSelectField
        id={`${idPrefix}-staff`}
        label="Staff member"
        options={members.map((username) => ({ value: username, label: username }))}
        placeholder="Choose a staff member"
        input={inputs.staff}
        error={errors.staff}
        their={theirs?.staff}
      />
      <ClientFormField id={`${idPrefix}-date`} label="Date" type="date" input={inputs.date} error={errors.date} their={theirs?.date} />
      <BookingTimeField
        id={`${idPrefix}-time`}
        zone={zone}
        request={{ service, staff: values.staff, date: values.date, ...(except === undefined ? {} : { except }) }}
        chosen={values.start}
        input={inputs.start}
        error={errors.start}
        their={theirs?.start}
      />
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={pending}>
          {submitLabel}
        </button>
      </div>
    </>
  );
}
