import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldNotes, fieldNotesIds } from '../../clients/components/client-form-field.tsx';

type SelectOption = { value: string; label: string; disabled?: boolean };

type OnlineSelectFieldProps = {
  id: string;
  label: string;
  options: readonly SelectOption[];
  /** The first option: "Anyone", "Choose a day", or why there is nothing to choose yet. */
  placeholder: string;
  input: UseFormRegisterReturn;
  error?: string;
};

/** "Staff member", "Day" and "Time": a select with its error beside it. */
export function OnlineSelectField({ id, label, options, placeholder, input, error }: OnlineSelectFieldProps) {
  return (
    <div className="form__field">
      <label htmlFor={id}>{label}</label>
      <select id={id} aria-invalid={error ? true : undefined} aria-describedby={fieldNotesIds({ id, error })} {...input}>
        <option value="">{placeholder}</option>
        {options.map(({ value, label: shown, disabled }) => (
          <option key={value} value={value} disabled={disabled}>
            {shown}
          </option>
        ))}
      </select>
      <FieldNotes id={id} error={error} />
    </div>
  );
}
