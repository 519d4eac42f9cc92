import type { ReactNode } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { ClientInput, type ClientInputBody } from '#contract/api.ts';

export type ClientFormValues = ClientInputBody;

const FIELDS = [
  { name: 'firstName', label: 'First name', type: 'text' },
  { name: 'lastName', label: 'Last name', type: 'text' },
  // The browser's own email input type.
  { name: 'email', label: 'Email', type: 'email' },
  { name: 'registrationDateTime', label: 'Registration date and time', type: 'datetime-local' },
] as const satisfies ReadonlyArray<{ name: keyof ClientFormValues; label: string; type: string }>;

export const emptyClientFormValues: ClientFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  registrationDateTime: '',
};

/** Validates with the API contract; the values are sent as typed (the datetime-local value). */
const clientInputResolver: Resolver<ClientFormValues> = (values) => {
  const result = ClientInput.safeParse(values);
  if (result.success) return { values, errors: {} };
  const errors: FieldErrors<ClientFormValues> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof ClientFormValues;
    errors[field] ??= { type: issue.code, message: issue.message };
  }
  return { values: {}, errors };
};

function hasEmptyField(values: ClientFormValues): boolean {
  return Object.values(values).some((value) => value.trim() === '');
}

type ClientFormProps = {
  idPrefix: string;
  defaultValues: ClientFormValues;
  submitLabel: string;
  onSubmit: (values: ClientFormValues) => void;
  pending: boolean;
  /** Register's rule: any empty field gets the alert and nothing is sent. */
  alertOnEmptyFields?: boolean;
  disabled?: boolean;
  /** More actions beside the submit button (the edit form's Delete). */
  children?: ReactNode;
};

/** The four client fields, shared by the register and edit forms. */
export function ClientForm({
  idPrefix,
  defaultValues,
  submitLabel,
  onSubmit,
  pending,
  alertOnEmptyFields = false,
  disabled = false,
  children,
}: ClientFormProps) {
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<ClientFormValues>({ defaultValues, resolver: clientInputResolver });

  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    if (alertOnEmptyFields && hasEmptyField(getValues())) {
      event.preventDefault();
      window.alert('Please fill in all fields');
      return;
    }
    void handleSubmit(onSubmit)(event);
  };

  return (
    <form className="form" onSubmit={submit} aria-busy={pending}>
      <fieldset className="form__fieldset" disabled={disabled}>
        {FIELDS.map(({ name, label, type }) => {
          const id = `${idPrefix}-${name}`;
          const error = errors[name]?.message;
          return (
            <div className="form__field" key={name}>
              <label htmlFor={id}>{label}</label>
              <input
                id={id}
                type={type}
                autoComplete="off"
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                {...register(name)}
              />
              {error && (
                <p id={`${id}-error`} className="form__error">
                  {error}
                </p>
              )}
            </div>
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
