/** The section's form (issue 41), checked before anything is sent. */
import { z } from 'zod';
import { OnlineBooking } from '#contract/online-booking';

export const OnlineBookingValues = z.object({
  serviceId: z.string().min(1, 'Choose a service.'),
  /** '' is "Anyone". */
  staff: z.string(),
  date: z.string().min(1, 'Choose a day.'),
  /** The start as the API sends it (RFC 3339), one of the free times. */
  start: z.string().min(1, 'Choose a time.'),
  firstName: OnlineBooking.shape.firstName,
  lastName: OnlineBooking.shape.lastName,
  email: OnlineBooking.shape.email,
  phone: z.string().trim().max(40, 'Use at most 40 characters.'),
  offers: z.boolean(),
  /** Hidden from people: a bot fills it (the server then drops the booking silently). */
  website: z.string(),
});
export type OnlineBookingValues = z.input<typeof OnlineBookingValues>;

export const emptyOnlineBooking: OnlineBookingValues = {
  serviceId: '',
  staff: '',
  date: '',
  start: '',
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  offers: false,
  website: '',
};

/** What POST /api/booking/appointments is sent: the hold's token and the visitor's details (no phone when none). */
export function onlineBookingBody(values: z.output<typeof OnlineBookingValues>, holdToken: string): OnlineBooking {
  const { firstName, lastName, email, phone, offers, website } = values;
  return { holdToken, firstName, lastName, email, ...(phone !== '' && { phone }), offers, website };
}
