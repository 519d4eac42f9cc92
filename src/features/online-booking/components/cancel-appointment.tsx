import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { onlineBookingTexts } from '#contract/online-booking-texts';
import { cancellationQuery, useCancelOnline } from '../api/cancellation.ts';
import { onlineBookingQueries } from '../api/online-booking-queries.ts';
import { cancelOutcome } from '../utils/cancel-outcome.ts';
import { salonWhen } from '../utils/salon-when.ts';
import './online-booking.css';

type CancelAppointmentProps = {
  /** The token of the email's link, `/?cancel={token}`. */
  token: string;
  /** "Keep it": the landing page without the question. */
  onClose: () => void;
};

/**
 * The email's cancel link on the landing page (issue 41), loaded only when the address has `?cancel=`: "Cancel your
 * appointment on …?" with "Cancel appointment" and "Keep it", the day and time in the salon's zone.
 */
export default function CancelAppointment({ token, onClose }: CancelAppointmentProps) {
  const appointment = useQuery(cancellationQuery(token));
  const offer = useQuery(onlineBookingQueries.offer());
  const cancel = useCancelOnline(token);
  // The salon's time zone comes with the offer: without it the day and time could not be said.
  const outcome = cancelOutcome({ data: appointment.data, error: appointment.error ?? offer.error }, cancel);
  const asking = outcome === null && appointment.data && offer.data;
  // The buttons are gone once the cancellation is answered: the keyboard goes on from what it said.
  const said = useRef<HTMLParagraphElement>(null);
  const answered = cancel.isSuccess || cancel.isError;
  useEffect(() => {
    if (answered) said.current?.focus();
  }, [answered]);
  return (
    <section className="online-cancel" aria-label="Your appointment">
      <div className="online-cancel__inner">
        <p ref={said} role="status" className="online-cancel__outcome" tabIndex={-1}>
          {outcome}
        </p>
        {outcome === null && !asking && <p>Loading your appointment…</p>}
        {asking && (
          <>
            <p className="confirm__question">{onlineBookingTexts.confirmCancel(salonWhen(appointment.data.start, offer.data.timeZone))}</p>
            <div className="confirm__actions">
              <button type="button" className="button button--danger" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
                Cancel appointment
              </button>
              <button type="button" className="button" onClick={onClose}>
                Keep it
              </button>
            </div>
          </>
        )}
      </div>
    </section>
  );
}
