import { createFileRoute } from '@tanstack/react-router';
import { useCreateClient } from '../../features/clients/api/create-client.ts';
import { ClientForm, emptyClientFormValues } from '../../features/clients/components/client-form.tsx';
import { ClientSavedMessage } from '../../features/clients/components/client-saved-message.tsx';

export const Route = createFileRoute('/clients/register')({
  head: () => ({ meta: [{ title: 'Register a new client · Your Beauty Salon' }] }),
  component: RegisterClientPage,
});

function RegisterClientPage() {
  const createClient = useCreateClient();

  return (
    <div className="page page--narrow">
      {createClient.isSuccess ? (
        <ClientSavedMessage message="Client registered successfully!" />
      ) : (
        <section className="card" aria-labelledby="register-client-title">
          <h1 id="register-client-title" className="page__title">
            Register a new client
          </h1>
          <ClientForm
            idPrefix="register"
            defaultValues={emptyClientFormValues}
            submitLabel="Register"
            alertOnEmptyFields
            pending={createClient.isPending}
            onSubmit={createClient.register}
          />
        </section>
      )}
    </div>
  );
}
