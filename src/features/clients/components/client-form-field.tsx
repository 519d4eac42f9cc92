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
};

/** One field, with its error and a colleague's value beside it. */
export function ClientFormField({ id, label, type, error, their, input }: ClientFormFieldProps) {
  return (
    <div className="form__field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={fieldNotesIds({ id, error, their })}
        {...input}
      />
      <FieldNotes id={id} error={error} their={their} />
    </div>
  );
}
