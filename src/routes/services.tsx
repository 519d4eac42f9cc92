import { createFileRoute } from '@tanstack/react-router';
import { ServicesPage } from '../features/book/components/services-page.tsx';
import { requireLogin } from '../lib/require-login.ts';

/** The salon's services (issue 40): an owner's page; staff who open it by its address are told so. */
export const Route = createFileRoute('/services')({
  beforeLoad: requireLogin,
  head: () => ({ meta: [{ title: 'Services · Your Beauty Salon' }] }),
  component: ServicesPage,
});
