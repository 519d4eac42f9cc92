import { createFileRoute } from '@tanstack/react-router';
import { AccountPage } from '../features/team/components/account-page.tsx';
import { requireLogin } from '../lib/require-login.ts';

/** My account (issue 28): every account's password and sessions. */
export const Route = createFileRoute('/account')({
  beforeLoad: requireLogin,
  head: () => ({ meta: [{ title: 'My account · Your Beauty Salon' }] }),
  component: AccountPage,
});
