import { useId, type InputHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import './setup-field.css';

type SetupFieldProps = {
  label: string;
  error?: string | undefined;
  /** What a field's rule is, said under it until there is an error: "5 to 480, in steps of 5". */
  hint?: string;
  input: UseFormRegisterReturn;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'onChange' | 'onBlur'>;

/** A labelled field of the book's setup forms (services, time off), its error or hint under it, tied to it for screen readers. */
export function SetupField({ label, error, hint, input, ...attributes }: SetupFieldProps) {
  const id = useId();
  const note = error ?? hint;
  return (
    <div className="form__field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={note ? `${id}-note` : undefined}
        {...attributes}
        {...input}
      />
      {note && (
        <p id={`${id}-note`} className={error ? 'form__error' : 'setup-field__hint'} role={error ? 'alert' : undefined}>
          {note}
        </p>
      )}
    </div>
  );
}
