import type { UseFormRegisterReturn } from 'react-hook-form';

type FieldNotesProps = {
  /** The field's id: the notes' ids follow from it. */
  id: string;
  error?: string;
  /** A colleague's value, when both changed the field (a 412). */
  their?: string;
};

/** The ids of a field's notes, for its aria-describedby (undefined when it has none). */
export function fieldNotesIds({ id, error, their }: FieldNotesProps): string | undefined {
  return [error && `${id}-error`, their !== undefined && `${id}-theirs`].filter(Boolean).join(' ') || undefined;
}

/** Under a field: a colleague's value, then the field's error. */
export function FieldNotes({ id, error, their }: FieldNotesProps) {
  return (
    <>
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
    </>
  );
}

type ClientFormFieldProps = FieldNotesProps & {
  label: string;
  type: string;
  input: UseFormRegisterReturn;
  /** What the browser may fill in ("given-name", "email"): off unless said (a client's data is not the member's). */
  autoComplete?: string;
  /** Said under the label: "Optional." */
  hint?: string;
};

/** One field, with its hint, its error and a colleague's value beside it. */
export function ClientFormField({ id, label, type, error, their, input, autoComplete = 'off', hint }: ClientFormFieldProps) {
  const describedBy = [hint && `${id}-hint`, fieldNotesIds({ id, error, their })].filter(Boolean).join(' ') || undefined;
  return (
    <div className="form__field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <span id={`${id}-hint`} className="form__hint">
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
      <FieldNotes id={id} error={error} their={their} />
    </div>
  );
}
