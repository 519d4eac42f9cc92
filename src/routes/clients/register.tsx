import { createFileRoute } from '@tanstack/react-router';
import { useCreateClient } from '../../features/clients/api/create-client.ts';
import { ClientForm } from '../../features/clients/components/client-form.tsx';
import { emptyClientFormValues } from '../../features/clients/utils/client-fields.ts';
import { ClientSavedMessage, SAVED_ON_THIS_DEVICE } from '../../features/clients/components/client-saved-message.tsx';

export const Route = createFileRoute('/clients/register')({
  head: () => ({ meta: [{ title: 'Register a new client · Your Beauty Salon' }] }),
  component: RegisterClientPage,
});

function RegisterClientPage() {
  const createClient = useCreateClient();

  return (
    <div className="page page--narrow">
      {createClient.mutation.isSuccess ? (
        <ClientSavedMessage message="Client registered successfully!" />
      ) : createClient.waiting ? (
        <ClientSavedMessage message={SAVED_ON_THIS_DEVICE} />
      ) : (
        <section className="card" aria-labelledby="register-client-title">
          <h1 id="register-client-title" className="page__title">
            Register a new client
          </h1>
          <ClientForm
            idPrefix="register"
            // A registration made offline that the server then refused: what was typed is back.
            defaultValues={createClient.mutation.variables?.input ?? emptyClientFormValues}
            submitLabel="Register"
            alertOnEmptyFields
            pending={createClient.mutation.isPending}
            onSubmit={createClient.register}
          />
        </section>
      )}
    </div>
  );
}
