import { createFileRoute, Link } from '@tanstack/react-router';
import { useCreateClient } from '../../features/clients/api/create-client';
import { ClientForm, emptyClientFormValues } from '../../features/clients/components/client-form';

export const Route = createFileRoute('/clients/register')({
  head: () => ({ meta: [{ title: 'Register a new client · Your Beauty Salon' }] }),
  component: RegisterClientPage,
});

function RegisterClientPage() {
  const createClient = useCreateClient();

  return (
    <div className="page page--narrow">
      {createClient.isSuccess ? (
        <div className="card success" role="status">
          <p className="success__message">Client registered successfully!</p>
          <Link to="/clients">View clients list</Link>
        </div>
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
            onSubmit={(values) => createClient.mutate(values)}
          />
        </section>
      )}
    </div>
  );
}
