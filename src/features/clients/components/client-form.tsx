import type { ReactNode } from 'react';
import { useClientForm, type ClientFormOptions } from '../hooks/use-client-form.ts';
import { FIELD_INPUT_TYPES, FIELD_LABELS, shownValue } from '../utils/client-fields.ts';
import { ClientFormField } from './client-form-field.tsx';

type ClientFormProps = ClientFormOptions & {
  idPrefix: string;
  submitLabel: string;
  pending: boolean;
  /** More actions beside the submit button (the edit form's Delete). */
  children?: ReactNode;
};

/** The id of the form element, for a submit button outside it (the edit page's "Keep my changes"). */
export function clientFormId(idPrefix: string): string {
  return `${idPrefix}-form`;
}

/** The four client fields, shared by the register and edit forms. */
export function ClientForm({ idPrefix, submitLabel, pending, children, ...options }: ClientFormProps) {
  const { form, restored, leaveQuestion, duplicateQuestion, submit, theirValue } = useClientForm(options);
  const { errors } = form.formState;
  return (
    <form id={clientFormId(idPrefix)} className="form" onSubmit={submit} aria-busy={pending}>
      {restored && (
        <p className="form__note" role="status">
          What you typed before your session ended is back. Check it, then press {submitLabel}.
        </p>
      )}
      {leaveQuestion}
      {duplicateQuestion}
      <fieldset className="form__fieldset" disabled={options.disabled}>
        {FIELD_LABELS.map(([name, label]) => {
          const their = theirValue(name);
          return (
            <ClientFormField
              key={name}
              id={`${idPrefix}-${name}`}
              label={label}
              type={FIELD_INPUT_TYPES[name]}
              error={errors[name]?.message}
              their={their === undefined ? undefined : shownValue(name, their)}
              input={form.register(name)}
            />
          );
        })}
        <div className="form__actions">
          <button type="submit" className="button button--primary" disabled={pending}>
            {submitLabel}
          </button>
          {children}
        </div>
      </fieldset>
    </form>
  );
}
