import { useQuery } from '@tanstack/react-query';
import { onlineBookingQueries } from '../api/online-booking-queries.ts';
import type { HeldTime } from '../hooks/use-held-time.ts';
import type { OnlineBookingErrors, OnlineBookingInputs } from '../hooks/use-online-booking-form.ts';
import { onlineFailureMessage } from '../utils/booking-failure.ts';
import { dayName, salonWhen } from '../utils/salon-when.ts';
import { BookingSelectField } from '../../clients/components/booking-select-field.tsx';

type BookingWhenStepProps = {
  zone: string;
  staff: readonly string[];
  values: { serviceId: string; staff: string; date: string };
  inputs: OnlineBookingInputs;
  errors: OnlineBookingErrors;
  held: HeldTime;
};

/** What the first option says: why there is nothing to choose yet, or to choose. */
function placeholder(ready: boolean, query: { isPending: boolean; isError: boolean }, what: string, first: string): string {
  if (!ready) return `Choose ${first} first`;
  if (query.isPending) return `Loading the free ${what}s…`;
  if (query.isError) return `The free ${what}s could not be loaded`;
  return `Choose a ${what}`;
}

/** Under "Time": the hold, or why there is none. */
function HeldNote({ held, zone }: { held: HeldTime; zone: string }) {
  if (held.status === 'held')
    return <p className="form__note">We are holding this time for you until {salonWhen(held.hold.expiresAt, zone).time}.</p>;
  if (held.status !== 'failed') return null;
  return (
    <p className="form__error" role="alert">
      {onlineFailureMessage(held.error, 'The time could not be held')}
    </p>
  );
}

/** Step 2: "Staff member" ("Anyone" by default), "Day" (a day without a free time disabled) and "Time" ("10:00"). */
export function BookingWhenStep({ zone, staff, values, inputs, errors, held }: BookingWhenStepProps) {
  const request = { service: values.serviceId, staff: values.staff };
  const days = useQuery({ ...onlineBookingQueries.days(request), enabled: request.service !== '' });
  const times = useQuery({
    ...onlineBookingQueries.times({ ...request, date: values.date }),
    enabled: request.service !== '' && values.date !== '',
  });
  const dayPlaceholder = placeholder(request.service !== '', days, 'day', 'a service');
  const timePlaceholder = placeholder(values.date !== '', times, 'time', 'a day');
  const noTimes = times.data?.starts.length === 0;
  return (
    <fieldset className="form__fieldset online-booking__step">
      <legend>Day and time</legend>
      <BookingSelectField
        id="online-booking-staff"
        label="Staff member"
        options={staff.map((username) => ({ value: username, label: username }))}
        placeholder="Anyone"
        input={inputs.staff}
      />
      <BookingSelectField
        id="online-booking-day"
        label="Day"
        options={(days.data?.days ?? []).map(({ date, free }) => ({ value: date, label: dayName(date), disabled: !free }))}
        placeholder={dayPlaceholder}
        input={inputs.date}
        error={errors.date}
      />
      <BookingSelectField
        id="online-booking-time"
        label="Time"
        options={(times.data?.starts ?? []).map((start) => ({ value: start, label: salonWhen(start, zone).time }))}
        placeholder={noTimes ? 'No free times that day' : timePlaceholder}
        input={inputs.start}
        error={errors.start}
      />
      <HeldNote held={held} zone={zone} />
    </fieldset>
  );
}
