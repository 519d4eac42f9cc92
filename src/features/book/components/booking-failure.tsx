import { bookingFailureMessage } from '../utils/booking-failure.ts';

/** A failed booking, move or cancellation, said where it was (utils/booking-failure.ts); nothing without an error. */
export function BookingFailure({ error, failed }: { error: Error | null | undefined; failed: string }) {
  if (!error) return null;
  return (
    <p className="form__error" role="alert">
      {bookingFailureMessage(error, failed)}
    </p>
  );
}
