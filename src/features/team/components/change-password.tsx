import { usePasswordForm, type PasswordValues } from '../hooks/use-password-form.ts';
import { FormSubmit } from './form-submit.tsx';
import { Field } from './field.tsx';

const FIELDS: ReadonlyArray<{ name: keyof PasswordValues; label: string; autoComplete: string }> = [
  { name: 'current', label: 'Current password', autoComplete: 'current-password' },
  { name: 'next', label: 'New password', autoComplete: 'new-password' },
  { name: 'repeat', label: 'Repeat password', autoComplete: 'new-password' },
];

/** My account's "Change password": the current password, the new one twice. */
export function ChangePassword() {
  const { field, submit, formError, changed, pending } = usePasswordForm();
  return (
    <section className="card account-section" aria-labelledby="change-password-title">
      <h2 id="change-password-title">Change password</h2>
      <form className="form" onSubmit={submit} noValidate>
        {FIELDS.map(({ name, label, autoComplete }) => (
          <Field key={name} label={label} type="password" autoComplete={autoComplete} {...field(name)} />
        ))}
        <FormSubmit label="Change password" pending={pending} error={formError} />
        <p className="account-section__result" role="status">
          {changed ? 'Your password has been changed.' : ''}
        </p>
      </form>
    </section>
  );
}
