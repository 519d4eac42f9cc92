import { createFileRoute } from '@tanstack/react-router';
import { DuplicatesPage } from '../../features/merge/components/duplicates-page.tsx';
import { requireLogin } from '../../lib/require-login.ts';

/** "Possible duplicates" (issue 29): every account's, as merging is (a merge is an edit of two clients). */
export const Route = createFileRoute('/clients/duplicates')({
  beforeLoad: requireLogin,
  head: () => ({ meta: [{ title: 'Possible duplicates · Your Beauty Salon' }] }),
  component: DuplicatesPage,
});
