import type { Client } from '#contract/api';
import type { Appointment, Service } from '#contract/book';
import { useBookingForm } from '../hooks/use-booking-form.ts';
import type { BookingValues } from '../utils/booking-values.ts';
import { BookingClientCombobox } from './booking-client-combobox.tsx';
import { BookingFailure } from './booking-failure.tsx';
import { BookingSelectField } from '../../clients/components/booking-select-field.tsx';
import { BookingWhenFields } from './booking-when-fields.tsx';

type BookingFormProps = {
  zone: string;
  clients: readonly Client[];
  /** The services offered (not removed). */
  services: readonly Service[];
  members: readonly string[];
  defaultValues: BookingValues;
  onBooked: (appointment: Appointment) => void;
};

/** "Client", "Service", "Staff member", "Date", "Time" and "Book". */
export function BookingForm({ zone, clients, services, members, defaultValues, onBooked }: BookingFormProps) {
  const { book, values, inputs, chooseClient, submit, errors } = useBookingForm(defaultValues, onBooked);
  return (
    <form className="form" onSubmit={submit} aria-busy={book.isPending} noValidate>
      <BookingFailure error={book.error} failed="The appointment could not be booked" />
      <BookingClientCombobox
        id="booking-client"
        clients={clients}
        value={values.clientId}
        onChange={chooseClient}
        error={errors.clientId}
      />
      <BookingSelectField
        id="booking-service"
        label="Service"
        options={services.map(({ id, name }) => ({ value: id, label: name }))}
        placeholder="Choose a service"
        input={inputs.serviceId}
        error={errors.serviceId}
      />
      <BookingWhenFields
        idPrefix="booking"
        zone={zone}
        members={members}
        service={values.serviceId}
        values={values}
        inputs={inputs}
        errors={errors}
        submitLabel="Book"
        pending={book.isPending}
      />
    </form>
  );
}
