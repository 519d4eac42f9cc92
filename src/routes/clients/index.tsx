import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, type ErrorComponentProps } from '@tanstack/react-router';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useIsOwner } from '../../lib/me.ts';
import { clientQueries } from '../../features/clients/api/client-queries.ts';
import { ClientFinder } from '../../features/clients/components/client-finder.tsx';
import { ClientsTable } from '../../features/clients/components/clients-table.tsx';
import { createClientListView } from '../../features/clients/utils/client-list-view.ts';
import { rememberListView } from '../../features/clients/utils/last-list-view.ts';
import { parseClientListView, type SortColumn } from '../../features/clients/utils/list-view-search.ts';
import { requireLogin } from '../../lib/require-login.ts';
import { NOT_AVAILABLE_OFFLINE, useIsOnline } from '../../lib/reachability.ts';
import type { Client } from '#contract/api';
import { loadQuery } from '../../features/offline/load-query.ts';
import { withWaitingChanges } from '../../features/clients/utils/waiting-rows.ts';
import { useWaitingChanges } from '../../lib/waiting-changes/client-changes.ts';

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
  // Changes made offline and not sent yet show in their rows, marked.
  const waitingChanges = useWaitingChanges();
  const { clients, marks } = useMemo(() => withWaitingChanges(loaded, waitingChanges), [loaded, waitingChanges]);
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  useEffect(() => rememberListView(search), [search]);
  // What is typed shows at once; the rows follow from the deferred value, so a keystroke
  // never waits for 50,000 rows to be filtered.
  const [query, setQuery] = useState(search.q ?? '');
  const deferredQuery = useDeferredValue(query);
  // Back, Forward or a link to another search replaces what is typed (set while rendering,
  // React's way to follow a changed input without an extra pass).
  const [addressQuery, setAddressQuery] = useState(search.q);
  if (search.q !== addressQuery) {
    setAddressQuery(search.q);
    if ((search.q ?? '').trim() !== query.trim()) setQuery(search.q ?? '');
  }

  const listView = useMemo(() => createClientListView(clients), [clients]);
  useEffect(() => listView.prepareSearch(), [listView]);
  const shown = useMemo(
    () => listView.view({ q: deferredQuery, sort: search.sort, dir: search.dir }),
    [listView, deferredQuery, search.sort, search.dir],
  );

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
        <ClientFinder
          query={query}
          onQueryChange={onQueryChange}
          shown={shown}
          total={clients.length}
          view={{ q: deferredQuery, sort: search.sort, dir: search.dir }}
          owner={owner}
        />
      )}
      <ClientsTable
        clients={shown}
        emptyMessage={searching && clients.length > 0 ? `No clients match “${deferredQuery.trim()}”.` : emptyMessage}
        sort={search}
        onSort={clients.length > 0 ? onSort : undefined}
        marks={marks}
      />
      <p className="page__footer-link">
        <Link to="/clients/register" className="button button--primary">
          Register a new client
        </Link>
        <Link to="/clients/deleted" className="button">
          Recently deleted
        </Link>
        <Link to="/clients/duplicates" className="button">
          Possible duplicates
        </Link>
        {owner && (
          <Link to="/clients/import" className="button">
            Import clients
          </Link>
        )}
      </p>
    </div>
  );
}
