import type { ReactNode } from 'react';
import { ChangePassword } from './change-password.tsx';
import { PasskeysSection } from './passkeys-section.tsx';
import { YourSessions } from './your-sessions.tsx';
import './team.css';

/**
 * My account (issue 28), for every account: change the password, passkeys (issue 30), see and end the sessions; then
 * the sections other features add, composed in the route (the book's working hours, issue 40).
 */
export function AccountPage({ children }: { children?: ReactNode }) {
  return (
    <div className="page">
      <h1 className="page__title">My account</h1>
      <ChangePassword />
      <PasskeysSection />
      <YourSessions />
      {children}
    </div>
  );
}
