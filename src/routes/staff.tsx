import { createFileRoute, redirect } from '@tanstack/react-router';
import { StaffPage } from '../features/team/components/staff-page.tsx';
import { isLoggedIn } from '../lib/login-flag.ts';

/** The staff page (issue 28): owners only; the server answers staff 403 and the page says so. */
export const Route = createFileRoute('/staff')({
  beforeLoad: () => {
    if (!isLoggedIn()) throw redirect({ to: '/login' });
  },
  head: () => ({ meta: [{ title: 'Staff · Your Beauty Salon' }] }),
  component: StaffPage,
});
