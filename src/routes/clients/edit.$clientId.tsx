import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { AppointmentClientSection } from '../../features/book/components/appointment-client-section.tsx';
import { ClientDetailsSection } from '../../features/book/components/client-details-section.tsx';
import { useIsOwner } from '../../lib/me.ts';
import { clientFromList, clientQueries } from '../../features/clients/api/client-queries.ts';
import { EditClientOffline } from '../../features/clients/components/edit-client-card.tsx';
import { EditClientPage } from '../../features/clients/components/edit-client-page.tsx';
import { MergeHistoryDetails } from '../../features/merge/components/merge-details.tsx';
import { loadQuery } from '../../features/offline/load-query.ts';
import { useIsOnline } from '../../lib/reachability.ts';

export const Route = createFileRoute('/clients/edit/$clientId')({
  // Offline, a client the list shows opens from the list's row when its own page was never loaded (issue 38).
  loader: ({ context: { queryClient }, params: { clientId } }) =>
    loadQuery(queryClient, clientQueries.detail(clientId), () => clientFromList(queryClient, clientId)),
  head: () => ({ meta: [{ title: 'Edit a client · Your Beauty Salon' }] }),
  component: EditClientRoute,
  pendingComponent: EditClientPending,
  errorComponent: ClientLoadError,
});

function EditClientRoute() {
  const { clientId } = Route.useParams();
  const { data } = useSuspenseQuery(clientQueries.detail(clientId));
  const owner = useIsOwner();
  // Another client is another page: its state starts afresh. Its history shows each merge's details (features/merge);
  // below the spec's form, the phone and offers consent of an online booking (issue 41) and the client's appointments
  // (features/book, issue 40).
  return (
    <>
      <EditClientPage key={clientId} clientId={clientId} opened={data} owner={owner} historyEntryDetails={MergeHistoryDetails} />
      <div className="page page--narrow">
        <ClientDetailsSection clientId={clientId} />
        <AppointmentClientSection clientId={clientId} />
      </div>
    </>
  );
}

/** Offline, a client is waited for only when the offline copy does not have it (features/offline/load-query.ts). */
function EditClientPending() {
  return useIsOnline() ? null : <EditClientOffline />;
}

/**
 * A failed load is only logged to the console. The form stays on screen,
 * empty and disabled, since there is no client to edit.
 */
function ClientLoadError({ error }: ErrorComponentProps) {
  const { clientId } = Route.useParams();
  useEffect(() => console.error('Could not load the client:', error), [error]);
  // No client, so none of its data to export or erase.
  return <EditClientPage key={clientId} clientId={clientId} owner={false} />;
}
