type FormSubmitProps = {
  /** The button's words: "Change password". */
  label: string;
  pending: boolean;
  /** Why the form was refused, when no field is the reason: said under the button. */
  error: string | undefined;
};

/** The end of a team form: its submit button, and under it what went wrong that is no one field's. */
export function FormSubmit({ label, pending, error }: FormSubmitProps) {
  return (
    <>
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={pending}>
          {label}
        </button>
      </div>
      {error && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
