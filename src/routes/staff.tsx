import { createFileRoute } from '@tanstack/react-router';
import { StaffPage } from '../features/team/components/staff-page.tsx';
import { requireLogin } from '../lib/require-login.ts';

/** The staff page (issue 28): owners only; the server answers staff 403 and the page says so. */
export const Route = createFileRoute('/staff')({
  beforeLoad: requireLogin,
  head: () => ({ meta: [{ title: 'Staff · Your Beauty Salon' }] }),
  component: StaffPage,
});
