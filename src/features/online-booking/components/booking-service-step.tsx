import type { UseFormRegisterReturn } from 'react-hook-form';
import { formatPrice } from '#contract/book';
import type { OfferedService } from '#contract/online-booking';
import { FieldNotes, fieldNotesIds } from '../../clients/components/client-form-field.tsx';

type BookingServiceStepProps = {
  services: readonly OfferedService[];
  currency: string;
  input: UseFormRegisterReturn;
  error?: string;
};

const ID = 'online-booking-service';

/** Step 1, "Service": a radio per service, named by its name, its duration and price beside it. */
export function BookingServiceStep({ services, currency, input, error }: BookingServiceStepProps) {
  return (
    <fieldset className="form__fieldset online-booking__step" aria-describedby={fieldNotesIds({ id: ID, error })}>
      <legend>Service</legend>
      <div className="online-booking__services">
        {services.map(({ id, name, durationMinutes, price }) => (
          <div key={id} className="online-booking__service">
            <label className="form__radio">
              <input type="radio" value={id} aria-describedby={`${ID}-${id}`} {...input} />
              {name}
            </label>
            <span id={`${ID}-${id}`} className="online-booking__facts">
              {durationMinutes} min{price === null ? '' : ` · ${formatPrice(price, currency)}`}
            </span>
          </div>
        ))}
      </div>
      <FieldNotes id={ID} error={error} />
    </fieldset>
  );
}
