import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import type { OnlineBooked } from '#contract/online-booking';
import { refetchFreeTimes, useBookOnline } from '../api/book-online.ts';
import { isTaken } from '../utils/booking-failure.ts';
import { emptyOnlineBooking, onlineBookingBody, OnlineBookingValues } from '../utils/online-booking-values.ts';
import { useHeldTime } from './use-held-time.ts';

/**
 * The section's three steps in one react-hook-form, checked with OnlineBookingValues. A change of service or member
 * clears the day and the time, a change of day the time (the free times are another's); a time chosen is held. A
 * taken time (409, on holding or booking) clears the time and asks for the free times again, keeping everything else
 * the visitor typed.
 */
export function useOnlineBookingForm(onBooked: (booked: OnlineBooked) => void) {
  const queryClient = useQueryClient();
  const book = useBookOnline();
  const form = useForm<OnlineBookingValues, unknown, z.output<typeof OnlineBookingValues>>({
    defaultValues: emptyOnlineBooking,
    resolver: zodResolver(OnlineBookingValues),
  });
  // A time that could not be held is not the visitor's: chosen again, or another; taken, the free times are asked again.
  const held = useHeldTime((error) => {
    form.setValue('start', '');
    if (isTaken(error)) refetchFreeTimes(queryClient);
  });
  const [serviceId, staff, date] = useWatch({ control: form.control, name: ['serviceId', 'staff', 'date'] });

  const clearWhen = (fields: ReadonlyArray<'date' | 'start'>) => () => {
    for (const field of fields) form.setValue(field, '');
    held.choose(null);
    book.reset();
  };
  const chooseTime = (time: string) => {
    const chosen = form.getValues();
    book.reset();
    held.choose(time === '' ? null : { serviceId: chosen.serviceId, staff: chosen.staff === '' ? null : chosen.staff, start: time });
  };
  const inputs = {
    serviceId: form.register('serviceId', { onChange: clearWhen(['date', 'start']) }),
    staff: form.register('staff', { onChange: clearWhen(['date', 'start']) }),
    date: form.register('date', { onChange: clearWhen(['start']) }),
    start: form.register('start', { onChange: (event: { target: { value: string } }) => chooseTime(event.target.value) }),
    firstName: form.register('firstName'),
    lastName: form.register('lastName'),
    email: form.register('email'),
    phone: form.register('phone'),
    offers: form.register('offers'),
    website: form.register('website'),
  };

  const submit = form.handleSubmit(async (values) => {
    const hold = await held.current();
    if (!hold) {
      form.setError('start', { message: 'Choose a time.' }, { shouldFocus: true });
      return;
    }
    book.mutate(onlineBookingBody(values, hold.token), {
      onSuccess: (booked) => {
        held.forget();
        onBooked(booked);
      },
      onError: (error) => {
        if (!isTaken(error)) return;
        held.choose(null);
        form.setValue('start', '');
      },
    });
  });
  const errors = Object.fromEntries(Object.entries(form.formState.errors).map(([name, error]) => [name, error?.message]));
  return { book, held: held.state, values: { serviceId, staff, date }, inputs, submit, errors };
}

export type OnlineBookingInputs = ReturnType<typeof useOnlineBookingForm>['inputs'];
export type OnlineBookingErrors = ReturnType<typeof useOnlineBookingForm>['errors'];
