import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { bookTexts } from '#contract/book-texts';
import { type Appointment } from '#contract/book';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { bookingKeys } from '../api/booking-queries.ts';
import { useCancelAppointment } from '../api/cancel-appointment.ts';
import { appointmentConflictOf } from '../utils/appointment-conflict.ts';
import { BookingFailure } from './booking-failure.tsx';

type AppointmentCancelProps = {
  appointment: Appointment;
  onCancelled: (cancelled: Appointment) => void;
};

/**
 * "Cancel appointment" and its question (Yes, No). Changed by a colleague since the page showed it (412): the page
 * shows it as they left it, and asks again, as a client's Delete does.
 */
export function AppointmentCancel({ appointment, onCancelled }: AppointmentCancelProps) {
  const queryClient = useQueryClient();
  const cancel = useCancelAppointment(appointment.id, onCancelled);
  const [question, setQuestion] = useState<string | null>(null);
  const confirm = () =>
    cancel.mutate(appointment.version, {
      onSuccess: () => setQuestion(null),
      onError: (error) => {
        const met = appointmentConflictOf(error);
        if (!met) return setQuestion(null);
        queryClient.setQueryData(bookingKeys.detail(appointment.id), met.appointment);
        setQuestion(`This appointment was changed by ${met.changedBy} since you opened it. Cancel it anyway?`);
      },
    });
  return (
    <div className="form__actions">
      <button
        type="button"
        className="button button--danger"
        aria-expanded={question !== null}
        onClick={() => setQuestion(bookTexts.confirmCancel)}
      >
        Cancel appointment
      </button>
      {question !== null && (
        <ConfirmDialog
          question={question}
          confirmLabel="Yes"
          cancelLabel="No"
          danger
          pending={cancel.isPending}
          onConfirm={confirm}
          onCancel={() => setQuestion(null)}
        />
      )}
      {!appointmentConflictOf(cancel.error) && <BookingFailure error={cancel.error} failed="The appointment could not be cancelled" />}
    </div>
  );
}
