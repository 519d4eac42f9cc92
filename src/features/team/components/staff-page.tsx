import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { Username, USERNAME_RULE, USERNAME_TAKEN, type Role, type SignInLink, type StaffMember } from '#contract/team';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { isRefusedToStaff, OwnerOnlyNotice } from '../../../components/owner-only.tsx';
import { NOT_AVAILABLE_OFFLINE } from '../../../lib/reachability.ts';
import { staffQuery, useAddStaffMember, useChangeStaffMember, useResetPassword, useSignOutEverywhere } from '../api/staff.ts';
import { failureMessage, Field, formatWhen, SignInLinkBox } from './team-parts.tsx';
import './team.css';

const roleNames: Record<Role, string> = { owner: 'Owner', staff: 'Staff' };

/** The staff page (issue 28): owners only; the server answers anyone else 403 and the page says so. */
export function StaffPage() {
  const staff = useQuery(staffQuery());
  const forbidden = isRefusedToStaff(staff.error);
  return (
    <div className="page">
      <h1 className="page__title">Staff</h1>
      {forbidden ? (
        <OwnerOnlyNotice />
      ) : (
        <>
          <div className="table-scroll">
            <table className="staff-table">
              <thead>
                <tr>
                  <th scope="col">Username</th>
                  <th scope="col">Role</th>
                  <th scope="col">Status</th>
                  <th scope="col">Last sign-in</th>
                  <th scope="col">Sessions</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {staff.data?.map((member) => (
                  <StaffRow key={member.username} member={member} />
                ))}
                {(staff.isPending || staff.isError) && (
                  <tr>
                    <td colSpan={6} className="staff-table__empty">
                      {staff.isPending ? (staff.isPaused ? NOT_AVAILABLE_OFFLINE : 'Loading…') : 'The staff could not be loaded.'}
                    </td>
                  </tr>
                )}
              </tbody>
            </table>
          </div>
          <AddStaffMember />
          <p className="page__footer-link">
            {/* The audit trail's page is its own route (issue 28); typed once it is in the route tree. */}
            <Link to="/audit" className="button">
              Audit trail
            </Link>
          </p>
        </>
      )}
    </div>
  );
}

type Asking = 'disable' | 'reset' | 'sign-out' | null;

/** One account: its role, Disable / Enable, Reset password and Sign out everywhere (each of the last three asks). */
function StaffRow({ member }: { member: StaffMember }) {
  const { username } = member;
  const change = useChangeStaffMember(username);
  const reset = useResetPassword(username);
  const signOut = useSignOutEverywhere(username);
  const [asking, setAsking] = useState<Asking>(null);
  const [link, setLink] = useState<SignInLink | null>(null);
  const [done, setDone] = useState('');
  const disabled = member.status === 'disabled';
  const pending = change.isPending || reset.isPending || signOut.isPending;
  const failure = [change, reset, signOut].find((mutation) => mutation.isError)?.error;
  const resetAll = () => {
    for (const mutation of [change, reset, signOut]) mutation.reset();
    setDone('');
  };
  const roleId = `staff-role-${username}`;

  const questions: Record<Exclude<Asking, null>, { question: string; confirm: () => void }> = {
    disable: {
      question: `Disable ${username}? Their sessions end and they can no longer sign in.`,
      confirm: () => change.mutate({ status: 'disabled' }, { onSuccess: () => setDone(`${username} is disabled.`) }),
    },
    reset: {
      question: `Reset the password of ${username}? Their password stops working at once and their sessions end.`,
      confirm: () => reset.mutate(undefined, { onSuccess: setLink }),
    },
    'sign-out': {
      question: `Sign ${username} out everywhere?`,
      confirm: () => signOut.mutate(undefined, { onSuccess: () => setDone(`${username} is signed out everywhere.`) }),
    },
  };
  const ask = (what: Asking) => {
    resetAll();
    setLink(null);
    setAsking(what);
  };

  return (
    <tr>
      <th scope="row" data-label="Username">
        {username}
      </th>
      <td data-label="Role">
        <label htmlFor={roleId} className="visually-hidden">
          Role of {username}
        </label>
        <select
          id={roleId}
          className="staff-table__role"
          value={member.role}
          disabled={pending}
          onChange={(event) => {
            resetAll();
            const role = event.target.value as Role;
            change.mutate({ role }, { onSuccess: () => setDone(`${username} is now ${roleNames[role].toLowerCase()}.`) });
          }}
        >
          <option value="owner">{roleNames.owner}</option>
          <option value="staff">{roleNames.staff}</option>
        </select>
      </td>
      <td data-label="Status">{disabled ? 'Disabled' : 'Active'}</td>
      <td data-label="Last sign-in">{formatWhen(member.lastSignInAt)}</td>
      <td data-label="Sessions">{member.sessions}</td>
      <td className="staff-table__actions">
        <div className="staff-actions">
          {disabled ? (
            <button
              type="button"
              className="button button--small"
              disabled={pending}
              onClick={() => {
                resetAll();
                change.mutate({ status: 'active' }, { onSuccess: () => setDone(`${username} is enabled.`) });
              }}
            >
              Enable
            </button>
          ) : (
            <button type="button" className="button button--small" aria-expanded={asking === 'disable'} onClick={() => ask('disable')}>
              Disable
            </button>
          )}
          <button type="button" className="button button--small" aria-expanded={asking === 'reset'} onClick={() => ask('reset')}>
            Reset password
          </button>
          <button type="button" className="button button--small" aria-expanded={asking === 'sign-out'} onClick={() => ask('sign-out')}>
            Sign out everywhere
          </button>
          {asking && (
            <ConfirmDialog
              question={questions[asking].question}
              confirmLabel="Yes"
              cancelLabel="No"
              danger
              pending={pending}
              onConfirm={() => {
                questions[asking].confirm();
                setAsking(null);
              }}
              onCancel={() => setAsking(null)}
            />
          )}
          {link && <SignInLinkBox username={username} {...link} />}
          <p className="staff-actions__result" role="status">
            {done}
          </p>
          {failure && (
            <p className="form__error" role="alert">
              {failureMessage(failure, `Could not change ${username}`)}
            </p>
          )}
        </div>
      </td>
    </tr>
  );
}

/** "Add a staff member": a username and a role; the server answers with the account's one-time sign-in link. */
function AddStaffMember() {
  const add = useAddStaffMember();
  const [username, setUsername] = useState('');
  const [role, setRole] = useState<Role>('staff');
  const [usernameError, setUsernameError] = useState<string>();
  const [added, setAdded] = useState<{ username: string; link: SignInLink } | null>(null);
  const serverError = add.isError ? failureMessage(add.error, 'Could not add the staff member') : undefined;
  const fieldError = usernameError ?? (serverError === USERNAME_TAKEN || serverError === USERNAME_RULE ? serverError : undefined);
  const formError = fieldError === undefined ? serverError : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.reset();
    setAdded(null);
    const parsed = Username.safeParse(username);
    if (!parsed.success) {
      setUsernameError(USERNAME_RULE);
      return;
    }
    setUsernameError(undefined);
    add.mutate(
      { username: parsed.data, role },
      {
        onSuccess: ({ member, link }) => {
          setAdded({ username: member.username, link });
          setUsername('');
        },
      },
    );
  };

  return (
    <section className="card staff-add" aria-labelledby="staff-add-title">
      <h2 id="staff-add-title" className="staff-add__title">
        Add a staff member
      </h2>
      <form className="form" onSubmit={submit} noValidate>
        <Field
          label="Username"
          type="text"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={username}
          error={fieldError}
          onChange={(event) => setUsername(event.target.value)}
        />
        <div className="form__field">
          <label htmlFor="staff-add-role">Role</label>
          <select id="staff-add-role" value={role} onChange={(event) => setRole(event.target.value as Role)}>
            <option value="staff">{roleNames.staff}</option>
            <option value="owner">{roleNames.owner}</option>
          </select>
        </div>
        <div className="form__actions">
          <button type="submit" className="button button--primary" disabled={add.isPending}>
            Create sign-in link
          </button>
        </div>
        {formError && (
          <p className="form__error" role="alert">
            {formError}
          </p>
        )}
      </form>
      <div aria-live="polite">{added && <SignInLinkBox username={added.username} {...added.link} />}</div>
    </section>
  );
}
