import { useState, type FormEvent } from 'react';
import { passwordMessages } from '#contract/team';
import { ApiError } from '../../../lib/api-errors.ts';
import { useChangePassword } from '../api/account.ts';
import { newPasswordErrors } from '../utils/new-password.ts';
import { failureMessage } from '../utils/team-texts.ts';

/** My account's password fields. */
export type PasswordValues = { current: string; next: string; repeat: string };
type PasswordErrors = Partial<Record<keyof PasswordValues, string | undefined>>;

const EMPTY: PasswordValues = { current: '', next: '', repeat: '' };

/** What the fields say is wrong before anything is sent: the current password missing, a weak or unrepeated new one. */
function checkPasswords(values: PasswordValues): PasswordErrors {
  const { password, repeat } = newPasswordErrors(values.next, values.repeat);
  return { current: values.current === '' ? 'Enter your current password.' : undefined, next: password, repeat };
}

/**
 * "Change password" (issue 28): the three fields' values and errors, the browser's checks first, then the server's
 * refusal under the field it is about (anything else under the button), and whether the password has been changed.
 */
export function usePasswordForm() {
  const change = useChangePassword();
  const [values, setValues] = useState(EMPTY);
  const [checked, setChecked] = useState<PasswordErrors>({});
  const [changed, setChanged] = useState(false);
  const serverMessage = change.error instanceof ApiError ? change.error.message : undefined;
  const serverErrors: PasswordErrors =
    serverMessage === passwordMessages.wrongCurrent
      ? { current: serverMessage }
      : serverMessage !== undefined && Object.values(passwordMessages).includes(serverMessage as never)
        ? { next: serverMessage }
        : {};
  const formError =
    change.isError && Object.keys(serverErrors).length === 0 ? failureMessage(change.error, 'Could not change the password') : undefined;

  const field = (name: keyof PasswordValues) => ({
    value: values[name],
    error: checked[name] ?? serverErrors[name],
    onChange: (event: { target: { value: string } }) => setValues((before) => ({ ...before, [name]: event.target.value })),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.reset();
    setChanged(false);
    const errors = checkPasswords(values);
    setChecked(errors);
    if (errors.current || errors.next || errors.repeat) return;
    change.mutate(
      { currentPassword: values.current, newPassword: values.next },
      {
        onSuccess: () => {
          setValues(EMPTY);
          setChanged(true);
        },
      },
    );
  };

  return { field, submit, formError, changed, pending: change.isPending };
}
