import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { NewPassword, passwordMessages, type AccountSession } from '#contract/team';
import { DataTable, queryStatusMessage } from '../../../components/data-table.tsx';
import { ActionFailure } from '../../../components/action-failure.tsx';
import { ApiError, isApiError } from '../../../lib/api-errors.ts';
import { sessionsQuery, useChangePassword, useEndSessions } from '../api/account.ts';
import { PasskeysSection } from './passkeys-section.tsx';
import { failureMessage, Field, formatWhen } from './team-parts.tsx';
import './team.css';

/** My account (issue 28), for every account: change the password, passkeys (issue 30), see and end the sessions. */
export function AccountPage() {
  return (
    <div className="page">
      <h1 className="page__title">My account</h1>
      <ChangePassword />
      <PasskeysSection />
      <YourSessions />
    </div>
  );
}

type PasswordErrors = { current?: string | undefined; next?: string | undefined; repeat?: string | undefined };

function ChangePassword() {
  const change = useChangePassword();
  const [values, setValues] = useState({ current: '', next: '', repeat: '' });
  const [errors, setErrors] = useState<PasswordErrors>({});
  const [changed, setChanged] = useState(false);
  const serverMessage = change.error instanceof ApiError ? change.error.message : undefined;
  // The server's refusal under the field it is about; anything else under the button.
  const serverErrors: PasswordErrors & { form?: string | undefined } =
    serverMessage === passwordMessages.wrongCurrent
      ? { current: serverMessage }
      : serverMessage !== undefined && Object.values(passwordMessages).includes(serverMessage as never)
        ? { next: serverMessage }
        : { form: change.isError ? failureMessage(change.error, 'Could not change the password') : undefined };
  const field = (name: keyof typeof values) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValues((before) => ({ ...before, [name]: event.target.value })),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.reset();
    setChanged(false);
    const rule = NewPassword.safeParse(values.next);
    const next: PasswordErrors = {
      current: values.current === '' ? 'Enter your current password.' : undefined,
      next: rule.success ? undefined : rule.error.issues[0]?.message,
      repeat: values.next === values.repeat ? undefined : passwordMessages.mismatch,
    };
    setErrors(next);
    if (next.current || next.next || next.repeat) return;
    change.mutate(
      { currentPassword: values.current, newPassword: values.next },
      {
        onSuccess: () => {
          setValues({ current: '', next: '', repeat: '' });
          setChanged(true);
        },
      },
    );
  };

  return (
    <section className="card account-section" aria-labelledby="change-password-title">
      <h2 id="change-password-title">Change password</h2>
      <form className="form" onSubmit={submit} noValidate>
        <Field
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={errors.current ?? serverErrors.current}
          {...field('current')}
        />
        <Field
          label="New password"
          type="password"
          autoComplete="new-password"
          error={errors.next ?? serverErrors.next}
          {...field('next')}
        />
        <Field label="Repeat password" type="password" autoComplete="new-password" error={errors.repeat} {...field('repeat')} />
        <div className="form__actions">
          <button type="submit" className="button button--primary" disabled={change.isPending}>
            Change password
          </button>
        </div>
        {serverErrors.form && (
          <p className="form__error" role="alert">
            {serverErrors.form}
          </p>
        )}
        <p className="account-section__result" role="status">
          {changed ? 'Your password has been changed.' : ''}
        </p>
      </form>
    </section>
  );
}

/** "Chrome 142 on Android"; what the browser did not say is left out. */
function describeSession({ browser, system }: AccountSession): string {
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'Unknown browser';
}

const SESSION_COLUMNS = ['Browser and system', 'Where from', 'Signed in', 'Last used'];

function YourSessions() {
  const sessions = useQuery(sessionsQuery());
  const end = useEndSessions();
  const [done, setDone] = useState('');
  const others = sessions.data?.filter((session) => !session.current) ?? [];
  return (
    <section className="card account-section" aria-labelledby="sessions-title">
      <h2 id="sessions-title">Your sessions</h2>
      <DataTable
        className="staff-table"
        density="roomy"
        cards
        columns={SESSION_COLUMNS}
        actions
        message={queryStatusMessage(sessions, 'Your sessions could not be loaded.')}
      >
        {sessions.data?.map((session) => (
          <tr key={session.id}>
            <th scope="row" data-label="Browser and system">
              {describeSession(session)}
            </th>
            <td data-label="Where from">{session.ip ?? 'Unknown'}</td>
            <td data-label="Signed in">{formatWhen(session.signedInAt)}</td>
            <td data-label="Last used">{formatWhen(session.lastUsedAt)}</td>
            <td className="staff-table__actions">
              {session.current ? (
                <strong>This device</strong>
              ) : (
                <button
                  type="button"
                  className="button button--small"
                  aria-label={`Sign out ${describeSession(session)}, last used ${formatWhen(session.lastUsedAt)}`}
                  disabled={end.isPending}
                  onClick={() => {
                    setDone('');
                    end.mutate(session.id, { onSuccess: () => setDone(`${describeSession(session)} is signed out.`) });
                  }}
                >
                  Sign out
                </button>
              )}
            </td>
          </tr>
        ))}
      </DataTable>
      <div className="form__actions">
        <button
          type="button"
          className="button"
          disabled={end.isPending || others.length === 0}
          onClick={() => {
            setDone('');
            end.mutate(null, { onSuccess: () => setDone('All other sessions are signed out.') });
          }}
        >
          Sign out all other sessions
        </button>
      </div>
      <p className="account-section__result" role="status">
        {done}
      </p>
      <ActionFailure error={end.error} failed="Could not sign out" serverSays={isApiError} />
    </section>
  );
}
