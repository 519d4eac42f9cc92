import { createFileRoute, redirect } from '@tanstack/react-router';
import { ImportPage } from '../../features/import/components/import-page.tsx';
import { isLoggedIn } from '../../lib/login-flag.ts';

/** "Import clients" (issue 29): owners only; the server answers staff 403 and the page says so. */
export const Route = createFileRoute('/clients/import')({
  beforeLoad: () => {
    if (!isLoggedIn()) throw redirect({ to: '/login' });
  },
  head: () => ({ meta: [{ title: 'Import clients · Your Beauty Salon' }] }),
  component: ImportPage,
});
