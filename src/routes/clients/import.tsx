import { createFileRoute } from '@tanstack/react-router';
import { ImportPage } from '../../features/import/components/import-page.tsx';
import { requireLogin } from '../../lib/require-login.ts';

/** "Import clients" (issue 29): owners only; the server answers staff 403 and the page says so. */
export const Route = createFileRoute('/clients/import')({
  beforeLoad: requireLogin,
  head: () => ({ meta: [{ title: 'Import clients · Your Beauty Salon' }] }),
  component: ImportPage,
});
