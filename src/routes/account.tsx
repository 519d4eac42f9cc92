import { createFileRoute, redirect } from '@tanstack/react-router';
import { AccountPage } from '../features/team/components/account-page.tsx';
import { isLoggedIn } from '../lib/login-flag.ts';

/** My account (issue 28): every account's password and sessions. */
export const Route = createFileRoute('/account')({
  beforeLoad: () => {
    if (!isLoggedIn()) throw redirect({ to: '/login' });
  },
  head: () => ({ meta: [{ title: 'My account · Your Beauty Salon' }] }),
  component: AccountPage,
});
