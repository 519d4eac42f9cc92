import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, redirect, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { clientQueries } from '../../features/clients/api/client-queries.ts';
import { ClientsTable } from '../../features/clients/components/clients-table.tsx';
import { isLoggedIn } from '../../lib/login-flag.ts';
import type { Client } from '#contract/api.ts';

export const Route = createFileRoute('/clients/')({
  // The only guard of the SPA: a client-side redirect on the list page.
  beforeLoad: () => {
    if (!isLoggedIn()) throw redirect({ to: '/login' });
  },
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(clientQueries.list()),
  head: () => ({ meta: [{ title: 'Clients · Your Beauty Salon' }] }),
  component: ClientListPage,
  pendingComponent: () => <ClientsPage clients={[]} emptyMessage="Loading clients…" />,
  errorComponent: ClientListLoadError,
});

function ClientListPage() {
  const { data: clients } = useSuspenseQuery(clientQueries.list());
  return <ClientsPage clients={clients} emptyMessage="No clients yet." />;
}

/** A failed list load is only logged to the console: the page stays, with no rows. */
function ClientListLoadError({ error }: ErrorComponentProps) {
  useEffect(() => console.error('Could not load the client list:', error), [error]);
  return <ClientsPage clients={[]} />;
}

function ClientsPage({ clients, emptyMessage }: { clients: readonly Client[]; emptyMessage?: string }) {
  return (
    <div className="page">
      <h1 className="page__title">Clients</h1>
      <ClientsTable clients={clients} emptyMessage={emptyMessage} />
      <p className="page__footer-link">
        <Link to="/clients/register" className="button button--primary">
          Register a new client
        </Link>
      </p>
    </div>
  );
}
