import { useState } from 'react';
import type { Role, SignInLink, StaffMember } from '#contract/team';
import { ActionFailure } from '../../../components/action-failure.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { isApiError } from '../../../lib/api-errors.ts';
import { useChangeStaffMember, useResetPassword, useSignOutEverywhere } from '../api/staff.ts';
import { formatWhen, roleNames, SignInLinkBox } from './team-parts.tsx';

type Asking = 'disable' | 'reset' | 'sign-out' | null;

/** One account: its role, Disable / Enable, Reset password and Sign out everywhere (each of the last three asks). */
export function StaffRow({ member }: { member: StaffMember }) {
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
          className="control"
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
          <ActionFailure error={failure} failed={`Could not change ${username}`} serverSays={isApiError} />
        </div>
      </td>
    </tr>
  );
}
