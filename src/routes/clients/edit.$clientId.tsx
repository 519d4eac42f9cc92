import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { Client } from '#contract/api';
import { clientQueries } from '../../features/clients/api/client-queries.ts';
import { useDeleteClient } from '../../features/clients/api/delete-client.ts';
import { useUpdateClient } from '../../features/clients/api/update-client.ts';
import { ClientForm, emptyClientFormValues, type ClientFormValues } from '../../features/clients/components/client-form.tsx';
import { ClientSavedMessage } from '../../features/clients/components/client-saved-message.tsx';
import { DeleteClientButton } from '../../features/clients/components/delete-client-button.tsx';
import { toDateTimeLocalValue } from '../../features/clients/utils/date-time.ts';
import { lastListView } from '../../features/clients/utils/last-list-view.ts';

export const Route = createFileRoute('/clients/edit/$clientId')({
  loader: ({ context: { queryClient }, params: { clientId } }) => queryClient.ensureQueryData(clientQueries.detail(clientId)),
  head: () => ({ meta: [{ title: 'Edit a client · Your Beauty Salon' }] }),
  component: EditClientRoute,
  errorComponent: ClientLoadError,
});

function EditClientRoute() {
  const { clientId } = Route.useParams();
  const { data: client } = useSuspenseQuery(clientQueries.detail(clientId));
  return <EditClientPage clientId={clientId} client={client} />;
}

/**
 * A failed load is only logged to the console. The form stays on screen,
 * empty and disabled, since there is no client to edit.
 */
function ClientLoadError({ error }: ErrorComponentProps) {
  const { clientId } = Route.useParams();
  useEffect(() => console.error('Could not load the client:', error), [error]);
  return <EditClientPage clientId={clientId} />;
}

function toFormValues(client: Client): ClientFormValues {
  return {
    firstName: client.firstName,
    lastName: client.lastName,
    email: client.email,
    registrationDateTime: toDateTimeLocalValue(client.registrationDateTime),
  };
}

function EditClientPage({ clientId, client }: { clientId: string; client?: Client }) {
  const updateClient = useUpdateClient();
  const deleteClient = useDeleteClient();
  const navigate = useNavigate();

  if (updateClient.isSuccess) {
    return (
      <div className="page page--narrow">
        <ClientSavedMessage message="Client updated successfully!" />
      </div>
    );
  }

  return (
    <div className="page page--narrow">
      <section className="card" aria-labelledby="edit-client-title">
        <h1 id="edit-client-title" className="page__title">
          Edit a client
        </h1>
        <ClientForm
          // A new client (or the same one refetched) starts a fresh form.
          key={client ? `${client._id}-${client.registrationDateTime}` : 'no-client'}
          idPrefix="edit"
          defaultValues={client ? toFormValues(client) : emptyClientFormValues}
          submitLabel="Update"
          disabled={!client}
          pending={updateClient.isPending}
          onSubmit={(input) => updateClient.mutateAsync({ clientId, input })}
          client={client}
        >
          <DeleteClientButton
            pending={deleteClient.isPending}
            onConfirm={() =>
              deleteClient.mutate(clientId, {
                // Deleting is leaving on purpose: unsaved changes to this client do not matter now.
                onSuccess: () => navigate({ to: '/clients', search: lastListView(), ignoreBlocker: true }),
              })
            }
          />
        </ClientForm>
      </section>
    </div>
  );
}
