import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { isRefusedToStaff, OwnerOnlyNotice } from '../../../components/owner-only.tsx';
import { staffQuery } from '../api/staff.ts';
import { AddStaffMember } from './add-staff-member.tsx';
import { OutboxWaiting } from './outbox-waiting.tsx';
import { StaffRow } from './staff-row.tsx';
import { TeamTable } from './team-table.tsx';
import './team.css';

const COLUMNS = ['Username', 'Role', 'Status', 'Last sign-in', 'Sessions'];

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
          <OutboxWaiting />
          <TeamTable columns={COLUMNS} query={staff} failed="The staff could not be loaded.">
            {staff.data?.map((member) => (
              <StaffRow key={member.username} member={member} />
            ))}
          </TeamTable>
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
