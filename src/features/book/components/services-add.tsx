import type { Service } from '#contract/book';
import { useAddService } from '../api/services.ts';
import { ServiceForm } from './services-form.tsx';

type AddServiceProps = {
  currency: string;
  onAdded: (service: Service) => void;
};

/** "Add a service": a name, a duration and a price, if any; the form empties once it is added. */
export function AddService({ currency, onAdded }: AddServiceProps) {
  const add = useAddService();
  return (
    <section className="card services-add" aria-labelledby="services-add-title">
      <h2 id="services-add-title">Add a service</h2>
      <ServiceForm currency={currency} submitLabel="Add service" failed="Could not add the service" save={add} onSaved={onAdded} />
    </section>
  );
}
