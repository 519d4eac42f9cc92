/**
 * The online booking's answers (issue 41), written once for the server's routes and the mock's handlers (decision
 * 036): what each outcome of the landing page's requests answers, and the audit entries a booking and a cancellation
 * add. The shapes are online-booking.ts's; the words online-booking-texts.ts's.
 */
import type { ApiErrorBody } from './api.ts';
import { appointmentTexts } from './appointments.ts';
import { clientNotFound } from './if-match.ts';
import { refusal, type Answered } from './http.ts';
import type { BookingDays, BookingTimes, Cancellation, ClientDetails, Hold, OnlineBooked } from './online-booking.ts';
import { onlineBookingTexts } from './online-booking-texts.ts';

/** Who the history and the audit trail name for what a visitor did on the landing page. */
export const ONLINE_ACTOR = 'online';

/** What a visitor named that is not offered: a service (not there, or removed), or a member without hours. */
type NotOffered = { status: 'unknown-service' } | { status: 'unknown-staff' };
/** Beyond the rate limit (or the open holds) of the visitor's address: when to try again. */
type TooMany = { status: 'too-many'; retryAfterSeconds: number };
type Taken = { status: 'taken' };
/** The appointment a booking or a cancellation wrote: its id, member and start (the audit entry's subject and detail). */
type WrittenAppointment = { id: string; staff: string; start: string };

export type BookingDaysOutcome = { status: 'found'; days: BookingDays['days'] } | NotOffered;
export type BookingTimesOutcome = { status: 'found'; times: BookingTimes } | NotOffered;
export type HoldOutcome = { status: 'held'; hold: Hold } | Taken | NotOffered | TooMany;
/**
 * POST /api/booking/appointments: booked (with the cancel link's token, which only the confirmation email carries),
 * dropped (the hidden field was filled: answered as booked, nothing kept), or why not.
 */
export type OnlineBookingOutcome =
  | { status: 'booked'; booked: OnlineBooked; appointment: WrittenAppointment; cancelToken: string }
  | { status: 'dropped'; booked: OnlineBooked }
  | Taken
  | TooMany;
export type CancellationOutcome =
  | { status: 'found'; cancellation: Cancellation }
  | { status: 'cancelled'; cancellation: Cancellation; appointment: WrittenAppointment }
  | { status: 'too-late' }
  | { status: 'invalid' };

function refused(outcome: NotOffered | TooMany | Taken | { status: 'too-late' } | { status: 'invalid' }): Answered<ApiErrorBody> {
  switch (outcome.status) {
    case 'unknown-service':
      return refusal(404, appointmentTexts.serviceNotFound);
    case 'unknown-staff':
      return refusal(404, appointmentTexts.staffNotFound);
    case 'too-many':
      return refusal(429, onlineBookingTexts.tooMany, { 'Retry-After': String(outcome.retryAfterSeconds) });
    case 'taken':
      return refusal(409, onlineBookingTexts.taken);
    case 'too-late':
      return refusal(409, onlineBookingTexts.tooLate);
    case 'invalid':
      return refusal(404, onlineBookingTexts.linkInvalid);
  }
}

/** GET /api/booking/days: each day with whether it has a free time; 404 for a service or member not offered. */
export const bookingDaysAnswer = (outcome: BookingDaysOutcome): Answered<BookingDays | ApiErrorBody> =>
  outcome.status === 'found' ? { status: 200, body: { days: outcome.days } } : refused(outcome);

/** GET /api/booking/times: the day's free start times; 404 for a service or member not offered. */
export const bookingTimesAnswer = (outcome: BookingTimesOutcome): Answered<BookingTimes | ApiErrorBody> =>
  outcome.status === 'found' ? { status: 200, body: outcome.times } : refused(outcome);

/** POST /api/booking/holds: 201 with the hold; 409 when the time is taken, 404, or 429. */
export const holdAnswer = (outcome: HoldOutcome): Answered<Hold | ApiErrorBody> =>
  outcome.status === 'held' ? { status: 201, body: outcome.hold } : refused(outcome);

/** DELETE /api/booking/holds/{token}: released (a token unknown or expired too). */
export const releasedAnswer: Answered<undefined> = { status: 204, body: undefined };

/** POST /api/booking/appointments: 201 the same whether the email was a client's or not (and when dropped); 409, 429. */
export function onlineBookedAnswer(outcome: OnlineBookingOutcome): Answered<OnlineBooked | ApiErrorBody> {
  if (outcome.status === 'dropped') return { status: 201, body: outcome.booked };
  if (outcome.status !== 'booked') return refused(outcome);
  const { id, staff, start } = outcome.appointment;
  return {
    status: 201,
    body: outcome.booked,
    audit: [{ kind: 'appointment-booked-online', actor: ONLINE_ACTOR, subject: id, detail: `${staff} ${start}` }],
  };
}

/** GET and POST /api/booking/cancellations/{token}: the appointment the link cancels (cancelled now); 409, 404. */
export function cancellationAnswer(outcome: CancellationOutcome): Answered<Cancellation | ApiErrorBody> {
  if (outcome.status === 'found') return { status: 200, body: outcome.cancellation };
  if (outcome.status !== 'cancelled') return refused(outcome);
  const { id, staff, start } = outcome.appointment;
  return {
    status: 200,
    body: outcome.cancellation,
    audit: [{ kind: 'appointment-cancelled-online', actor: ONLINE_ACTOR, subject: id, detail: `${staff} ${start}` }],
  };
}

/** GET /api/clients/{id}/details: the phone and offers consent (nulls when none); 404 for a client that is not there. */
export const clientDetailsAnswer = (details: ClientDetails | undefined): Answered<ClientDetails | ApiErrorBody> =>
  details ? { status: 200, body: details } : clientNotFound();
