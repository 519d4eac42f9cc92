import { bookTexts } from '#contract/book-texts';
import { Link } from '@tanstack/react-router';
import type { Role, StaffMember } from '#contract/team';
import { useStaffMemberActions } from '../hooks/use-staff-member-actions.ts';
import { StaffActions } from './staff-actions.tsx';
import { formatWhen, roleNames } from '../utils/team-texts.ts';

/**
 * One account: its role, Disable / Enable, Reset password and Sign out everywhere (each of the last three asks), and its
 * working hours' page (issue 40).
 */
export function StaffRow({ member }: { member: StaffMember }) {
  const { username } = member;
  const actions = useStaffMemberActions(username);
  const roleId = `staff-role-${username}`;
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
          disabled={actions.pending}
          onChange={(event) => actions.changeRole(event.target.value as Role)}
        >
          <option value="owner">{roleNames.owner}</option>
          <option value="staff">{roleNames.staff}</option>
        </select>
      </td>
      <td data-label="Status">{member.status === 'disabled' ? 'Disabled' : 'Active'}</td>
      <td data-label="Last sign-in">{formatWhen(member.lastSignInAt)}</td>
      <td data-label="Sessions">{member.sessions}</td>
      <td className="staff-table__actions">
        <StaffActions username={username} disabled={member.status === 'disabled'} actions={actions}>
          <Link to="/staff/$username/hours" params={{ username }} className="button button--small" aria-label={bookTexts.hoursOf(username)}>
            Working hours
          </Link>
        </StaffActions>
      </td>
    </tr>
  );
}
