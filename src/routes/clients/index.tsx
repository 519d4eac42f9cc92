import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { Client } from '#contract/api';
import { clientQueries } from '../../features/clients/api/client-queries.ts';
import { ClientFinder } from '../../features/clients/components/client-finder.tsx';
import { ClientListLinks } from '../../features/clients/components/client-list-links.tsx';
import { ClientsTable } from '../../features/clients/components/clients-table.tsx';
import { useClientList } from '../../features/clients/hooks/use-client-list.ts';
import { useTypedQuery } from '../../features/clients/hooks/use-typed-query.ts';
import { rememberListView } from '../../features/clients/utils/last-list-view.ts';
import { parseClientListView, type SortColumn } from '../../features/clients/utils/list-view-search.ts';
import { loadQuery } from '../../features/offline/load-query.ts';
import { useIsOwner } from '../../lib/me.ts';
import { NOT_AVAILABLE_OFFLINE, useIsOnline } from '../../lib/reachability.ts';
import { requireLogin } from '../../lib/require-login.ts';

export const Route = createFileRoute('/clients/')({
  // Search and sort live in the address: reload, Back, a shared link show the same view.
  validateSearch: parseClientListView,
  // SPEC.md section 4: the list page sends a visitor without the login flag to /login.
  beforeLoad: requireLogin,
  loader: ({ context: { queryClient } }) => loadQuery(queryClient, clientQueries.list()),
  head: () => ({ meta: [{ title: 'Clients · Your Beauty Salon' }] }),
  component: ClientListPage,
  pendingComponent: ClientListPending,
  errorComponent: ClientListLoadError,
});

function ClientListPage() {
  const { data: clients } = useSuspenseQuery(clientQueries.list());
  return <ClientsPage clients={clients} emptyMessage="No clients yet." />;
}

/** Offline, the list is waited for only when the offline copy has none (features/offline/load-query.ts). */
function ClientListPending() {
  return <ClientsPage clients={[]} emptyMessage={useIsOnline() ? 'Loading clients…' : NOT_AVAILABLE_OFFLINE} />;
}

/** A failed list load is only logged to the console: the page stays, with no rows. */
function ClientListLoadError({ error }: ErrorComponentProps) {
  useEffect(() => console.error('Could not load the client list:', error), [error]);
  return <ClientsPage clients={[]} />;
}

function ClientsPage({ clients: loaded, emptyMessage }: { clients: readonly Client[]; emptyMessage?: string }) {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  useEffect(() => rememberListView(search), [search]);
  const { query, setQuery, deferredQuery } = useTypedQuery(search.q);
  const view = { q: deferredQuery, sort: search.sort, dir: search.dir };
  const { clients, marks, shown } = useClientList(loaded, view);

  const onQueryChange = (typed: string) => {
    setQuery(typed);
    // Typing refines one view: the address follows without adding to the history.
    void navigate({ search: (previous) => ({ ...previous, q: typed.trim() === '' ? undefined : typed }), replace: true });
  };
  const onSort = (column: SortColumn) =>
    void navigate({
      search: (previous) => ({ ...previous, sort: column, dir: previous.sort === column && previous.dir !== 'desc' ? 'desc' : undefined }),
    });

  const owner = useIsOwner();
  const searching = deferredQuery.trim() !== '';
  return (
    <div className="page">
      <h1 className="page__title">Clients</h1>
      {clients.length > 0 && (
        <ClientFinder query={query} onQueryChange={onQueryChange} shown={shown} total={clients.length} view={view} owner={owner} />
      )}
      <ClientsTable
        clients={shown}
        emptyMessage={searching && clients.length > 0 ? `No clients match “${deferredQuery.trim()}”.` : emptyMessage}
        sort={search}
        onSort={clients.length > 0 ? onSort : undefined}
        marks={marks}
      />
      <ClientListLinks owner={owner} />
    </div>
  );
}
