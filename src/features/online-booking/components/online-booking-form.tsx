import type { BookingOffer, OnlineBooked } from '#contract/online-booking';
import { useOnlineBookingForm } from '../hooks/use-online-booking-form.ts';
import { onlineFailureMessage } from '../utils/booking-failure.ts';
import { BookingDetailsStep } from './booking-details-step.tsx';
import { BookingServiceStep } from './booking-service-step.tsx';
import { BookingWhenStep } from './booking-when-step.tsx';

type OnlineBookingFormProps = { offer: BookingOffer; onBooked: (booked: OnlineBooked) => void };

/** The three steps and "Book"; a refusal (a taken time, too many bookings) is said above the button. */
export function OnlineBookingForm({ offer, onBooked }: OnlineBookingFormProps) {
  const { book, held, values, inputs, submit, errors } = useOnlineBookingForm(onBooked);
  return (
    <form className="form online-booking__form" onSubmit={submit} aria-busy={book.isPending} noValidate>
      <BookingServiceStep services={offer.services} currency={offer.currency} input={inputs.serviceId} error={errors.serviceId} />
      <BookingWhenStep zone={offer.timeZone} staff={offer.staff} values={values} inputs={inputs} errors={errors} held={held} />
      <BookingDetailsStep inputs={inputs} errors={errors} />
      {book.error && (
        <p className="form__error" role="alert">
          {onlineFailureMessage(book.error, 'The appointment could not be booked')}
        </p>
      )}
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={book.isPending}>
          Book
        </button>
      </div>
    </form>
  );
}
