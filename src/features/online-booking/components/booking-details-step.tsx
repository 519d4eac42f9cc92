import type { OnlineBookingErrors, OnlineBookingInputs } from '../hooks/use-online-booking-form.ts';
import { ClientFormField } from '../../clients/components/client-form-field.tsx';

type BookingDetailsStepProps = { inputs: OnlineBookingInputs; errors: OnlineBookingErrors };

/**
 * Step 3, the visitor's details. "Website" is for bots only: off screen, out of the tab order and hidden from screen
 * readers; filled, the server drops the booking silently.
 */
export function BookingDetailsStep({ inputs, errors }: BookingDetailsStepProps) {
  return (
    <fieldset className="form__fieldset online-booking__step">
      <legend>Your details</legend>
      <div className="online-booking__names">
        <ClientFormField
          id="online-booking-first-name"
          label="First name"
          type="text"
          autoComplete="given-name"
          input={inputs.firstName}
          error={errors.firstName}
        />
        <ClientFormField
          id="online-booking-last-name"
          label="Last name"
          type="text"
          autoComplete="family-name"
          input={inputs.lastName}
          error={errors.lastName}
        />
      </div>
      <ClientFormField
        id="online-booking-email"
        label="Email"
        type="email"
        autoComplete="email"
        input={inputs.email}
        error={errors.email}
      />
      <ClientFormField
        id="online-booking-phone"
        label="Phone"
        type="tel"
        autoComplete="tel"
        hint="Optional."
        input={inputs.phone}
        error={errors.phone}
      />
      <label className="form__radio">
        <input type="checkbox" {...inputs.offers} />
        Email me about offers
      </label>
      <div className="online-booking__trap" aria-hidden="true">
        <label htmlFor="online-booking-website">Website</label>
        <input id="online-booking-website" type="text" tabIndex={-1} autoComplete="off" {...inputs.website} />
      </div>
    </fieldset>
  );
}
