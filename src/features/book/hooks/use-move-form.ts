import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { Appointment } from '#contract/book';
import { bookingKeys } from '../api/booking-queries.ts';
import { useMoveAppointment } from '../api/move-appointment.ts';
import { appointmentConflictOf, type AppointmentConflict } from '../utils/appointment-conflict.ts';
import { theirWhen, whenOf } from '../utils/appointment-when.ts';
import { WhenValues } from '../utils/booking-values.ts';

/**
 * "Move": Date, Time and Staff member, sent with If-Match. A colleague's change meanwhile (412) is met as a client's
 * edit meets it: the page shows the appointment as they left it, the form keeps what was chosen with their values
 * beside it; "Keep my changes" sends it again over theirs, "Use their version" takes theirs.
 */
export function useMoveForm(appointment: Appointment, zone: string, onMoved: (moved: Appointment) => void) {
  const queryClient = useQueryClient();
  const move = useMoveAppointment(appointment.id);
  const form = useForm<WhenValues>({ defaultValues: whenOf(appointment, zone), resolver: zodResolver(WhenValues) });
  const [staff, date, start] = useWatch({ control: form.control, name: ['staff', 'date', 'start'] });
  const [conflict, setConflict] = useState<AppointmentConflict>();
  // The version the form was opened at (then the one saved, or met in a 412): a colleague's change that the page shows
  // live meanwhile (features/live-updates) still meets the 412, and the page shows both.
  const [base, setBase] = useState(appointment.version);
  const clearTime = { onChange: () => form.setValue('start', '') };
  const inputs = { staff: form.register('staff', clearTime), date: form.register('date', clearTime), start: form.register('start') };

  const submit = form.handleSubmit((values) =>
    move.mutate(
      // After a 412 the base is their version: "Keep my changes" is made over it.
      { move: { staff: values.staff, start: values.start }, version: base },
      {
        onSuccess: (moved) => {
          setBase(moved.version);
          setConflict(undefined);
          form.reset(whenOf(moved, zone));
          onMoved(moved);
        },
        onError: (error) => {
          const met = appointmentConflictOf(error);
          if (!met) return;
          setBase(met.appointment.version);
          setConflict(met);
          queryClient.setQueryData(bookingKeys.detail(appointment.id), met.appointment);
        },
      },
    ),
  );
  const takeTheirs = () => {
    if (conflict) form.reset(whenOf(conflict.appointment, zone));
    setConflict(undefined);
    move.reset();
  };
  const values = { staff, date, start };
  const theirs = conflict && theirWhen(whenOf(conflict.appointment, zone), values, zone);
  const errors = Object.fromEntries(Object.entries(form.formState.errors).map(([name, error]) => [name, error?.message]));
  return { move, values, inputs, errors, submit, conflict, theirs, takeTheirs };
}
