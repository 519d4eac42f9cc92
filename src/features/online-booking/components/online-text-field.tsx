import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldNotes, fieldNotesIds } from '../../clients/components/client-form-field.tsx';

type OnlineTextFieldProps = {
  id: string;
  label: string;
  type: 'text' | 'email' | 'tel';
  /** The browser fills in what it knows of the visitor (given-name, email, tel). */
  autoComplete: string;
  input: UseFormRegisterReturn;
  error?: string;
  /** Said under the label: "Optional." */
  hint?: string;
};

/** One of the visitor's details, with its error. */
export function OnlineTextField({ id, label, type, autoComplete, input, error, hint }: OnlineTextFieldProps) {
  const describedBy = [hint && `${id}-hint`, fieldNotesIds({ id, error })].filter(Boolean).join(' ') || undefined;
  return (
    <div className="form__field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <span id={`${id}-hint`} className="online-booking__hint">
          {hint}
        </span>
      )}
      <input
        id={id}
        type={type}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
      <FieldNotes id={id} error={error} />
    </div>
  );
}
