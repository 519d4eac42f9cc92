import type { Appointment } from '#contract/book';
import { ChangedMeanwhile } from '../../../components/changed-meanwhile.tsx';
import { useMoveForm } from '../hooks/use-move-form.ts';
import { BookingFailure } from './booking-failure.tsx';
import { BookingWhenFields } from './booking-when-fields.tsx';

const formId = 'move-form';

type AppointmentMoveFormProps = {
  appointment: Appointment;
  zone: string;
  members: readonly string[];
  onMoved: (moved: Appointment) => void;
};

/** "Move": another day, time or member for the same service; "Save". */
export function AppointmentMoveForm({ appointment, zone, members, onMoved }: AppointmentMoveFormProps) {
  const { move, values, inputs, errors, submit, conflict, theirs, takeTheirs } = useMoveForm(appointment, zone, onMoved);
  return (
    <section className="appointment-section" aria-labelledby="move-title">
      <h2 id="move-title">Move</h2>
      <form id={formId} className="form" onSubmit={submit} aria-busy={move.isPending} noValidate>
        {conflict ? (
          <ChangedMeanwhile
            text={`This appointment was changed by ${conflict.changedBy} while you were moving it.`}
            formId={formId}
            onUseTheirs={takeTheirs}
          />
        ) : (
          <BookingFailure error={move.error} failed="The appointment could not be moved" />
        )}
        <BookingWhenFields
          idPrefix="move"
          zone={zone}
          members={members}
          service={appointment.service.id}
          except={appointment.id}
          values={values}
          inputs={inputs}
          errors={errors}
          theirs={theirs}
          submitLabel="Save"
          pending={move.isPending}
        />
      </form>
    </section>
  );
}
