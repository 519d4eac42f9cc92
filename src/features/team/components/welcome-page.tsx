import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { NewPassword, passwordMessages, SIGN_IN_LINK_EXPIRED } from '#contract/team';
import { ApiError } from '../../../lib/api-errors.ts';
import { useSetPassword, welcomeLinkQuery } from '../api/welcome.ts';
import { failureMessage, Field } from './team-parts.tsx';
import './team.css';

/** A used, expired or unknown link: the server answers 410 (or 404). */
const isExpired = (error: unknown) => error instanceof ApiError && (error.status === 410 || error.status === 404);

type WelcomePageProps = {
  token: string;
  /** Called as the new password is sent: the route fetches the logged-in nav bar then, as the login form does. */
  onPasswordSent: () => void;
};

/** `/welcome/{token}`: a new member (or one whose password was reset) sets a password and is logged in. */
export function WelcomePage({ token, onPasswordSent }: WelcomePageProps) {
  const link = useQuery({ ...welcomeLinkQuery(token), retry: false });
  const setPassword = useSetPassword(token);
  if (isExpired(link.error) || isExpired(setPassword.error)) {
    return (
      <div className="page page--narrow">
        <h1 className="page__title">Sign-in link</h1>
        <p className="notice" role="alert">
          {SIGN_IN_LINK_EXPIRED}
        </p>
      </div>
    );
  }
  if (!link.data) {
    return (
      <div className="page page--narrow">
        <h1 className="page__title">Sign-in link</h1>
        <p role={link.isError ? 'alert' : 'status'}>{link.isError ? 'The sign-in link could not be checked. Try again.' : 'Loading…'}</p>
      </div>
    );
  }
  return <SetPasswordForm username={link.data.username} setPassword={setPassword} onPasswordSent={onPasswordSent} />;
}

type SetPasswordFormProps = Pick<WelcomePageProps, 'onPasswordSent'> & {
  username: string;
  setPassword: ReturnType<typeof useSetPassword>;
};

function SetPasswordForm({ username, setPassword, onPasswordSent }: SetPasswordFormProps) {
  const navigate = useNavigate();
  const [password, setPasswordValue] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<{ password?: string; repeat?: string }>({});
  const serverError = setPassword.isError ? failureMessage(setPassword.error, 'Could not set the password') : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setPassword.reset();
    const rule = NewPassword.safeParse(password);
    const next = {
      password: rule.success ? undefined : rule.error.issues[0]?.message,
      repeat: password === repeat ? undefined : passwordMessages.mismatch,
    };
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
