import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldNotes, fieldNotesIds } from './client-form-field.tsx';

type SelectOption = { value: string; label: string; disabled?: boolean };

type BookingSelectFieldProps = {
  id: string;
  label: string;
  options: readonly SelectOption[];
  /** The first, empty option: "Choose a service", or why there is nothing to choose yet. */
  placeholder: string;
  input: UseFormRegisterReturn;
  error?: string;
  /** A colleague's value, when the appointment was changed meanwhile (a 412). */
  their?: string;
};

/** A select of the book's booking and move forms and of the landing page's booking: its error and a colleague's value beside it. */
export function BookingSelectField({ id, label, options, placeholder, input, error, their }: BookingSelectFieldProps) {
  return (
    <div className="form__field">
      <label htmlFor={id}>{label}</label>
      <select id={id} aria-invalid={error ? true : undefined} aria-describedby={fieldNotesIds({ id, error, their })} {...input}>
        <option value="">{placeholder}</option>
        {options.map(({ value, label: shown, disabled }) => (
          <option key={value} value={value} disabled={disabled}>
            {shown}
          </option>
        ))}
      </select>
      <FieldNotes id={id} error={error} their={their} />
    </div>
  );
}
