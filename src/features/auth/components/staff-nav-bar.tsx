import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { NavBar } from '../../../components/nav-bar.tsx';
import { confirmLeaving } from '../../../lib/leave-guard.ts';
import { useIsOwner } from '../../../lib/me.ts';
import { useWaitingCount } from '../../../lib/waiting-changes/waiting-changes.ts';
import { useSignOut } from '../api/sign-out.ts';

/**
 * The navigation bar of someone logged in, with Sign Out's flow: loaded only then (load-staff-nav-bar.ts), so that
 * the landing page's bundle is without it.
 */
export default function StaffNavBar() {
  const signOut = useSignOut();
  const navigate = useNavigate();
  const waiting = useWaitingCount(useQueryClient());
  const [askingToSignOut, setAskingToSignOut] = useState(false);
  // The calendar for everyone (issue 40); Staff for owners only (the server refuses anyone else too); My account for
  // every account (issue 28).
  const owner = useIsOwner();
  // Sign Out goes to / and shows the alert, whatever the server responded. A form with unsaved
  // changes asks first, since signing out would lose them; so do changes made offline and not sent yet.
  const onSignOut = async () => {
    if (!(await confirmLeaving())) return;
    if (waiting > 0) setAskingToSignOut(true);
    else void signOutNow();
  };
  // Awaited, not mutate's callbacks: clearing the login flag unmounts this bar, and those callbacks run only while it
  // is mounted. A failure is logged by the query client.
  const signOutNow = async () => {
    setAskingToSignOut(false);
    await signOut.mutateAsync().catch(() => {});
    await navigate({ to: '/', ignoreBlocker: true });
    window.alert('Sign out successful!');
  };
  return (
    <>
      <NavBar
        loggedIn
        onSignOut={() => void onSignOut()}
        signingOut={signOut.isPending}
        links={
          <>
            <Link to="/calendar" className="nav-bar__link">
              Calendar
            </Link>
            {owner && (
              <Link to="/staff" className="nav-bar__link">
                Staff
              </Link>
            )}
            <Link to="/account" className="nav-bar__link">
              My account
            </Link>
          </>
        }
      />
      {askingToSignOut && (
        <ConfirmDialog
          question={`${waiting === 1 ? '1 change has' : `${waiting} changes have`} not been saved yet. Sign out anyway?`}
          confirmLabel="Yes"
          cancelLabel="No"
          danger
          onConfirm={() => void signOutNow()}
          onCancel={() => setAskingToSignOut(false)}
        />
      )}
    </>
  );
}
