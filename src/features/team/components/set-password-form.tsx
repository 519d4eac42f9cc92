import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import type { useSetPassword } from '../api/welcome.ts';
import { newPasswordErrors } from '../utils/new-password.ts';
import { failureMessage } from '../utils/team-texts.ts';
import { Field } from './field.tsx';

type SetPasswordFormProps = {
  username: string;
  /** The welcome page's: it says when the link turns out used or expired. */
  setPassword: ReturnType<typeof useSetPassword>;
  /** Called as the new password is sent. */
  onPasswordSent: () => void;
};

/** The welcome page's form: the new password twice; once it is set, the member is logged in and on the client list. */
export function SetPasswordForm({ username, setPassword, onPasswordSent }: SetPasswordFormProps) {
  const navigate = useNavigate();
  const [password, setPasswordValue] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<{ password?: string; repeat?: string }>({});
  const serverError = setPassword.isError ? failureMessage(setPassword.error, 'Could not set the password') : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setPassword.reset();
    const next = newPasswordErrors(password, repeat);
    setErrors(next);
    if (next.password || next.repeat) return;
    onPasswordSent();
    setPassword.mutate(password, { onSuccess: () => void navigate({ to: '/clients' }) });
  };

  return (
    <div className="page page--narrow">
      <h1 className="page__title">Welcome, {username}</h1>
      <p>Choose your password: at least 12 characters. A sentence you remember works well.</p>
      <form className="card form" onSubmit={submit} noValidate>
        {/* For password managers: the account the new password belongs to. */}
        <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
        <Field
          label="New password"
          type="password"
          autoComplete="new-password"
          value={password}
          error={errors.password ?? serverError}
          onChange={(event) => setPasswordValue(event.target.value)}
        />
        <Field
          label="Repeat password"
          type="password"
          autoComplete="new-password"
          value={repeat}
          error={errors.repeat}
          onChange={(event) => setRepeat(event.target.value)}
        />
        <button type="submit" className="button button--primary" disabled={setPassword.isPending}>
          Set password
        </button>
      </form>
    </div>
  );
}
