import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { onlineBookingTexts } from '#contract/online-booking-texts';
import { onlineBookingQueries } from '../api/online-booking-queries.ts';
import { salonWhen } from '../utils/salon-when.ts';
import { OnlineBookingForm } from './online-booking-form.tsx';
import './online-booking.css';

/**
 * The section's content, loaded when it comes into view (online-booking-slot.tsx): the form, then "Booked: …" in a
 * live region that is there from the start, so that screen readers say it.
 */
export default function OnlineBookingSection() {
  const offer = useQuery(onlineBookingQueries.offer());
  const [booked, setBooked] = useState<string | null>(null);
  // "Book" is gone with the form: the keyboard goes on from what was booked.
  const result = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (booked !== null) result.current?.focus();
  }, [booked]);
  let body = null;
  if (booked === null && offer.data) {
    const { timeZone } = offer.data;
    body = (
      <OnlineBookingForm
        offer={offer.data}
        onBooked={({ service, start, email }) => setBooked(onlineBookingTexts.booked(service, salonWhen(start, timeZone), email))}
      />
    );
  } else if (offer.isError) {
    body = <p className="form__error">Booking could not be loaded. Please try again later.</p>;
  } else if (offer.isPending) {
    body = <p>Loading the services…</p>;
  }
  return (
    <>
      <p ref={result} role="status" className="online-booking__result" tabIndex={-1}>
        {booked}
      </p>
      {body}
    </>
  );
}
