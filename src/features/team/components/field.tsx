import { useId, type InputHTMLAttributes } from 'react';

type FieldProps = {
  label: string;
  error?: string | undefined;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>;

/** A labelled input with its error under it, tied to it for screen readers. */
export function Field({ label, error, ...input }: FieldProps) {
  const id = useId();
  return (
    <div className="form__field">
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...input} />
      {error && (
        <p id={`${id}-error`} className="form__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
