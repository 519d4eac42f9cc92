import type { UseFormRegisterReturn } from 'react-hook-form';

type ClientFormFieldProps = {
  id: string;
  label: string;
  type: string;
  error?: string;
  /** A colleague's value, when both changed the field (a 412). */
  their?: string;
  input: UseFormRegisterReturn;
};

/** One field, with its error and a colleague's value beside it. */
export function ClientFormField({ id, label, type, error, their, input }: ClientFormFieldProps) {
  const describedBy = [error && `${id}-error`, their !== undefined && `${id}-theirs`].filter(Boolean).join(' ');
  return (
    <div className="form__field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...input}
      />
      {their !== undefined && (
        <p id={`${id}-theirs`} className="form__theirs">
          Their value: {their}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="form__error">
          {error}
        </p>
      )}
    </div>
  );
}
