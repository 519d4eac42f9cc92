/**
 * Online booking on the landing page (issue 41): the shapes of the public routes under /api/booking, written once for
 * the server's routes, the mock's handlers and the landing page's section. Anyone may call them (contract/access.ts);
 * the rules of time are book.ts's.
 */
import { z } from 'zod';
import { ClientInput } from './api.ts';
import { LocalDate, ServiceFields, ServiceId } from './book.ts';

/** How far ahead a visitor may book: today and the next 27 days, in the salon's time zone. */
export const BOOKING_DAYS = 28;
/** How long a chosen time is held for the visitor. */
export const HOLD_MINUTES = 10;
/** At most this many open holds per visitor (per connection address). */
export const MAX_OPEN_HOLDS = 3;
/** Per connection address and hour: bookings, and holds (429 with Retry-After beyond). */
export const BOOKING_RATE = { bookingsPerHour: 5, holdsPerHour: 20 } as const;
/** SALON_CANCEL_HOURS's default: a visitor cancels online up to this many hours before the start. */
export const DEFAULT_CANCEL_HOURS = 24;

const OffsetDateTime = z.iso.datetime({ offset: true });

/** A service as visitors see it: offered ones only (not removed). */
export const OfferedService = ServiceFields.extend({ id: ServiceId });
export type OfferedService = z.infer<typeof OfferedService>;

/** GET /api/booking: what step 1 and the "Staff member" choice need. `staff`: the usernames of members with hours. */
export const BookingOffer = z.object({
  timeZone: z.string(),
  currency: z.string(),
  services: z.array(OfferedService),
  staff: z.array(z.string()),
});
export type BookingOffer = z.infer<typeof BookingOffer>;

/** `staff` absent: "Anyone". */
const ServiceAndStaff = { service: ServiceId, staff: z.string().min(1).optional() };

/** GET /api/booking/days?service=&staff=: the next BOOKING_DAYS days from today, each with whether it has a free time. */
export const BookingDaysQuery = z.object(ServiceAndStaff);
export const BookingDays = z.object({ days: z.array(z.object({ date: LocalDate, free: z.boolean() })) });
export type BookingDays = z.infer<typeof BookingDays>;

/**
 * GET /api/booking/times?service=&staff=&date=: the day's free start times (every 15 minutes) with that member or
 * anyone, leaving out the past and other visitors' open holds.
 */
export const BookingTimesQuery = z.object({ ...ServiceAndStaff, date: LocalDate });
export const BookingTimes = z.object({ date: LocalDate, starts: z.array(OffsetDateTime) });
export type BookingTimes = z.infer<typeof BookingTimes>;

/** POST /api/booking/holds: hold a time for HOLD_MINUTES. `staff` null: "Anyone" (the server picks a free member). */
export const NewHold = z.strictObject({ serviceId: ServiceId, staff: z.string().min(1).nullable(), start: OffsetDateTime });
export type NewHold = z.infer<typeof NewHold>;
/** 201: the hold, with the member it is with; its token releases it (DELETE /api/booking/holds/{token}) and books it. */
export const Hold = z.object({
  token: z.string(),
  serviceId: ServiceId,
  staff: z.string(),
  start: OffsetDateTime,
  end: OffsetDateTime,
  expiresAt: OffsetDateTime,
});
export type Hold = z.infer<typeof Hold>;
export const HoldParams = z.object({ holdToken: z.string().min(1).max(128) });

/**
 * POST /api/booking/appointments: step 3. The time is the hold's; when the hold ran out the time is booked if still
 * free. `website` is the field hidden from people: filled, the booking is dropped and answered as if made.
 */
export const OnlineBooking = z.strictObject({
  holdToken: z.string().min(1).max(128),
  firstName: ClientInput.shape.firstName,
  lastName: ClientInput.shape.lastName,
  email: ClientInput.shape.email,
  phone: z.string().trim().max(40, 'Use at most 40 characters.').optional(),
  /** "Email me about offers": the marketing consent, kept with when it was given. */
  offers: z.boolean(),
  website: z.string().max(200),
});
export type OnlineBooking = z.infer<typeof OnlineBooking>;
/** 201: what the confirmation names (the same whether or not the email was already a client's). */
export const OnlineBooked = z.object({ service: z.string(), start: OffsetDateTime, email: z.string() });
export type OnlineBooked = z.infer<typeof OnlineBooked>;

/** GET /api/booking/cancellations/{token}: the appointment the link cancels; `cancellable` false within SALON_CANCEL_HOURS. */
export const CancellationParams = z.object({ cancelToken: z.string().min(1).max(128) });
export const Cancellation = z.object({ service: z.string(), start: OffsetDateTime, cancellable: z.boolean() });
export type Cancellation = z.infer<typeof Cancellation>;

/** GET /api/clients/{clientId}/details: what an online booking keeps beside the spec's client (shown under its form). */
export const ClientDetails = z.object({ phone: z.string().nullable(), offersConsentAt: OffsetDateTime.nullable() });
export type ClientDetails = z.infer<typeof ClientDetails>;

/** GET /api/outbox (owners): how many emails wait to be sent. */
export const OutboxState = z.object({ waiting: z.number().int().min(0) });
export type OutboxState = z.infer<typeof OutboxState>;
