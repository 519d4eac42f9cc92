import { createFileRoute } from '@tanstack/react-router';
import { HoursSection } from '../features/book/components/hours-section.tsx';
import { AccountPage } from '../features/team/components/account-page.tsx';
import { requireLogin } from '../lib/require-login.ts';

/** My account (issue 28): every account's password and sessions; its own working hours and time off (issue 40). */
export const Route = createFileRoute('/account')({
  beforeLoad: requireLogin,
  head: () => ({ meta: [{ title: 'My account · Your Beauty Salon' }] }),
  component: AccountWithHours,
});

function AccountWithHours() {
  return (
    <AccountPage>
      <HoursSection who="me" title="Working hours" />
    </AccountPage>
  );
}
