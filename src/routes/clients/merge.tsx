import { createFileRoute } from '@tanstack/react-router';
import { MergePage } from '../../features/merge/components/merge-page.tsx';
import { requireLogin } from '../../lib/require-login.ts';

/** The two clients to merge, by id, in the address: a reload or a shared link opens the same merge. */
type MergeSearch = { keep: string; other: string };

/** The merge page (issue 29), opened from "Possible duplicates". */
export const Route = createFileRoute('/clients/merge')({
  validateSearch: (search: Record<string, unknown>): MergeSearch => ({
    keep: typeof search.keep === 'string' ? search.keep : '',
    other: typeof search.other === 'string' ? search.other : '',
  }),
  beforeLoad: requireLogin,
  head: () => ({ meta: [{ title: 'Merge two clients · Your Beauty Salon' }] }),
  component: MergeRoute,
});

function MergeRoute() {
  const { keep, other } = Route.useSearch();
  return <MergePage firstId={keep} secondId={other} />;
}
