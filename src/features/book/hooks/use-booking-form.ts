import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import type { Appointment } from '#contract/book';
import { useBookAppointment } from '../api/book-appointment.ts';
import { BookingValues } from '../utils/booking-values.ts';

/**
 * The "New appointment" form: react-hook-form checked with BookingValues; a change of service, member or day clears
 * the time (the free times are another's). A refusal (409) leaves every choice as it was, beside the server's words.
 */
export function useBookingForm(defaultValues: BookingValues, onBooked: (appointment: Appointment) => void) {
  const book = useBookAppointment();
  const form = useForm<BookingValues>({ defaultValues, resolver: zodResolver(BookingValues) });
  const [clientId, serviceId, staff, date, start] = useWatch({
    control: form.control,
    name: ['clientId', 'serviceId', 'staff', 'date', 'start'],
  });
  const clearTime = { onChange: () => form.setValue('start', '') };
  const inputs = {
    serviceId: form.register('serviceId', clearTime),
    staff: form.register('staff', clearTime),
    date: form.register('date', clearTime),
    start: form.register('start'),
  };
  const chooseClient = (chosen: string) => form.setValue('clientId', chosen, { shouldValidate: form.formState.isSubmitted });
  const submit = form.handleSubmit(({ clientId: chosenClient, serviceId: service, staff: member, start: time }) =>
    book.mutate({ clientId: chosenClient, serviceId: service, staff: member, start: time }, { onSuccess: onBooked }),
  );
  const errors = Object.fromEntries(Object.entries(form.formState.errors).map(([name, error]) => [name, error?.message]));
  return { book, values: { clientId, serviceId, staff, date, start }, inputs, chooseClient, submit, errors };
}
