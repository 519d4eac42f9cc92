/**
 * The salon's book (issue 40): services, working hours, time off and appointments, one reading for the server, the
 * mock and the SPA (docs/decisions/038-the-book.md). The rules count in instants (epoch milliseconds); the API sends
 * RFC 3339 date-times with the salon's offset; local dates ("2026-12-01") and times ("09:00") are the salon's, in its
 * IANA time zone (`SALON_TIME_ZONE`), converted by Temporal's rules (temporal-polyfill) and never by the zone of the
 * process or the browser.
 */
import * as Instant from 'temporal-polyfill/fns/Instant';
import * as PlainDate from 'temporal-polyfill/fns/PlainDate';
import * as PlainDateTime from 'temporal-polyfill/fns/PlainDateTime';
import * as ZonedDateTime from 'temporal-polyfill/fns/ZonedDateTime';
import { z } from 'zod';
import { ClientId } from './api.ts';

const MINUTE_MS = 60 * 1000;
/** The calendar's rows and the free start times come every 15 minutes. */
const SLOT_MINUTES = 15;
const SLOT_MS = SLOT_MINUTES * MINUTE_MS;

// The salon's settings.

/** An IANA time zone the platform's Intl knows (`SALON_TIME_ZONE`), e.g. "Europe/London". */
export const TimeZone = z.string().refine(isTimeZone, 'Use an IANA time zone such as Europe/London.');
function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** `SALON_CURRENCY`: an ISO 4217 code; prices are whole numbers of its minor unit (cents for EUR). */
export const DEFAULT_CURRENCY = 'EUR';
export const Currency = z
  .string()
  .refine((code) => Intl.supportedValuesOf('currency').includes(code), 'Use an ISO 4217 currency code such as EUR.');

// Local dates and times.

export const LocalDate = z.iso.date();
const TIME_RULE = 'Use a time as HH:MM, e.g. 09:00.';
const LocalTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, TIME_RULE);

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_NAMES: Record<Weekday, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

// Services.

export const SERVICE_DURATION = { min: 5, max: 480, step: 5 } as const;
export const DURATION_RULE = 'Use 5 to 480 minutes, in steps of 5.';
export const PRICE_RULE = 'Use an amount such as 35 or 35.50.';
const MAX_PRICE_MINOR = 99_999_999;

export const ServiceId = z.string().min(1).max(64);
export const ServiceFields = z.strictObject({
  name: z.string().trim().min(1, 'Enter the service name.').max(100, 'Use at most 100 characters.'),
  durationMinutes: z
    .number()
    .int(DURATION_RULE)
    .min(SERVICE_DURATION.min, DURATION_RULE)
    .max(SERVICE_DURATION.max, DURATION_RULE)
    .multipleOf(SERVICE_DURATION.step, DURATION_RULE),
  /** In minor units of the salon's currency (3550 is €35.50): whole numbers, exact in both databases. */
  price: z.number().int().min(0).max(MAX_PRICE_MINOR, PRICE_RULE).nullable(),
});
export type ServiceFields = z.infer<typeof ServiceFields>;
/** A removed service stays on the appointments that name it, and is no longer offered. */
export const Service = ServiceFields.extend({ id: ServiceId, removed: z.boolean() });
export type Service = z.infer<typeof Service>;

/** The digits of the currency's minor unit: 2 for EUR, 0 for JPY. */
const fractionDigits = (currency: string): number =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;

/** The "Price" field's text as minor units: "35" and "35.5" are 3500 and 3550 in EUR; undefined when not an amount. */
export function parsePrice(text: string, currency: string): number | undefined {
  const digits = fractionDigits(currency);
  const match = /^(\d{1,7})(?:[.,](\d+))?$/.exec(text.trim());
  if (!match || (match[2] ?? '').length > digits) return undefined;
  const minor = Number(match[1]) * 10 ** digits + Number((match[2] ?? '').padEnd(digits, '0'));
  return minor <= MAX_PRICE_MINOR ? minor : undefined;
}

/** Minor units as the salon shows them: 3550 in EUR is "€35.50". */
export function formatPrice(minor: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(minor / 10 ** fractionDigits(currency));
}

// Working hours and time off.

const HOURS_RULE = 'The end must be after the start.';
export const DayHours = z
  .strictObject({ from: LocalTime, to: LocalTime })
  .refine(({ from, to }) => from < to, { message: HOURS_RULE, path: ['to'] });
export type DayHours = z.infer<typeof DayHours>;

/** A member's week: each weekday's hours, or null on a day off. A member with no hours takes no appointments. */
export const WorkingHours = z.strictObject({
  monday: DayHours.nullable(),
  tuesday: DayHours.nullable(),
  wednesday: DayHours.nullable(),
  thursday: DayHours.nullable(),
  friday: DayHours.nullable(),
  saturday: DayHours.nullable(),
  sunday: DayHours.nullable(),
});
export type WorkingHours = z.infer<typeof WorkingHours>;
export const NO_HOURS: WorkingHours = {
  monday: null,
  tuesday: null,
  wednesday: null,
  thursday: null,
  friday: null,
  saturday: null,
  sunday: null,
};

const TIME_OFF_RULE = 'The last day must not be before the first day.';
/** Time off from its first to its last day, both included. */
export const NewTimeOff = z
  .strictObject({ first: LocalDate, last: LocalDate })
  .refine(({ first, last }) => first <= last, { message: TIME_OFF_RULE, path: ['last'] });
export type NewTimeOff = z.infer<typeof NewTimeOff>;
export const TimeOff = z.object({ id: z.string(), first: LocalDate, last: LocalDate });
export type TimeOff = z.infer<typeof TimeOff>;

/** What the rules need to know of a member's time. */
export type Schedule = { hours: WorkingHours; timeOff: readonly NewTimeOff[] };

// Appointments.

/** An instant as the API sends it: RFC 3339 with the salon's offset ("2026-03-29T09:00:00+01:00"). */
const OffsetDateTime = z.iso.datetime({ offset: true });
const AppointmentStatus = z.enum(['booked', 'cancelled']);

export const Appointment = z.object({
  id: z.string(),
  /** Null once the client was erased: the appointment then keeps nothing that names them. */
  client: z.object({ id: ClientId, firstName: z.string(), lastName: z.string() }).nullable(),
  /** The service as named now (a removed one too). */
  service: z.object({ id: ServiceId, name: z.string() }),
  /** The member's username. */
  staff: z.string(),
  start: OffsetDateTime,
  end: OffsetDateTime,
  status: AppointmentStatus,
  /** For ETag and If-Match, as a client's. */
  version: z.number().int().positive(),
  /** Booked by a visitor on the landing page (issue 41): "Booked online". */
  online: z.boolean(),
});
export type Appointment = z.infer<typeof Appointment>;

export const AppointmentList = z.array(Appointment);

/** GET /api/salon: what the SPA needs to show the salon's times and prices. */
export const Salon = z.object({ timeZone: z.string(), currency: z.string() });
export type Salon = z.infer<typeof Salon>;

export const ServiceList = z.array(Service);

/** A member's working hours and time off, named by their username: GET /api/schedules lists every active member's. */
export const MemberSchedule = z.object({ username: z.string(), hours: WorkingHours, timeOff: z.array(TimeOff) });
export type MemberSchedule = z.infer<typeof MemberSchedule>;
export const ScheduleList = z.array(MemberSchedule);

/** POST /api/appointments: the end follows from the service's duration. */
export const NewAppointment = z.strictObject({ clientId: ClientId, serviceId: ServiceId, staff: z.string(), start: OffsetDateTime });
export type NewAppointment = z.infer<typeof NewAppointment>;
/** PUT /api/appointments/{id}: "Move" (Date, Time, Staff member). */
export const AppointmentMove = z.strictObject({ staff: z.string(), start: OffsetDateTime });
export type AppointmentMove = z.infer<typeof AppointmentMove>;

/** GET /api/appointments?from=&to=&staff=: the salon's days from `from` to `to`, both included. */
export const AppointmentsQuery = z.object({ from: LocalDate, to: LocalDate, staff: z.string().optional() });
/** GET /api/availability?service=&staff=&date=: the free start times of that day. */
export const AvailabilityQuery = z.object({
  service: ServiceId,
  staff: z.string(),
  date: LocalDate,
  /** "Move": the appointment being moved leaves its own time free. */
  except: z.string().optional(),
});
export const Availability = z.object({ date: LocalDate, starts: z.array(OffsetDateTime) });
export type Availability = z.infer<typeof Availability>;

// The rules.

/** From `start` (included) to `end` (excluded), in epoch milliseconds. */
export type Interval = { start: number; end: number };

export const overlaps = (a: Interval, b: Interval): boolean => a.start < b.end && b.start < a.end;

/** The time an appointment takes; a cancelled one takes none. */
export const blockedIntervals = (appointments: readonly Pick<Appointment, 'start' | 'end' | 'status'>[]): Interval[] =>
  appointments.filter(({ status }) => status !== 'cancelled').map(({ start, end }) => ({ start: Date.parse(start), end: Date.parse(end) }));

const dateParts = (date: string): [number, number, number] => {
  const [year = NaN, month = NaN, day = NaN] = date.split('-').map(Number);
  return [year, month, day];
};
const pad = (value: number, width = 2) => String(value).padStart(width, '0');
const formatDate = ({ year, month, day }: { year: number; month: number; day: number }) => `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
const zoned = (instant: number, zone: string) => Instant.toZonedDateTimeISO(Instant.fromEpochMilliseconds(instant), zone);

/** A stretch of a zone's time with one offset: from a transition (included) to the next (excluded). */
type OffsetSpan = { from: number; until: number; offsetMs: number; offset: string };
/** Each zone's last span: a list of appointments in time order asks Temporal once, not twice per appointment. */
const offsetSpans = new Map<string, OffsetSpan>();

function offsetSpanAt(instant: number, zone: string): OffsetSpan {
  const cached = offsetSpans.get(zone);
  if (cached && cached.from <= instant && instant < cached.until) return cached;
  const here = zoned(instant, zone);
  // Transitions are strictly before or after the instant given: the previous one of the next millisecond may be this one.
  const from = ZonedDateTime.getTimeZoneTransition(zoned(instant + 1, zone), 'previous')?.epochMilliseconds ?? -Infinity;
  const until = ZonedDateTime.getTimeZoneTransition(here, 'next')?.epochMilliseconds ?? Infinity;
  const span = { from, until, offsetMs: ZonedDateTime.offsetNanoseconds(here) / 1e6, offset: ZonedDateTime.offset(here) };
  offsetSpans.set(zone, span);
  return span;
}

/**
 * The salon's wall-clock fields of an instant, and its offset: Temporal's, read once per span of one offset. Temporal
 * for every instant took 12 µs each, 48 ms of the 50 for a week of 2,000 appointments (docs/performance.md).
 */
function localAt(instant: number, zone: string) {
  const { offsetMs, offset } = offsetSpanAt(instant, zone);
  const wall = new Date(instant + offsetMs);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
    offset,
  };
}

/**
 * The instant of a salon's local date and time. A time the clocks skip (01:30 on Europe/London's spring day) is
 * taken after the change (02:30 BST); a time they repeat (01:30 on its autumn day), its first occurrence (BST).
 */
export function instantAt(date: string, time: string, zone: string): number {
  const [hour = NaN, minute = NaN] = time.split(':').map(Number);
  return PlainDateTime.toZonedDateTime(PlainDateTime.create(...dateParts(date), hour, minute), zone).epochMilliseconds;
}

/** The salon's local date of an instant, "2026-12-01". */
export const salonDate = (instant: number, zone: string): string => formatDate(localAt(instant, zone));

/** The salon's local time of an instant, "09:00". */
export function salonTime(instant: number, zone: string): string {
  const { hour, minute } = localAt(instant, zone);
  return `${pad(hour)}:${pad(minute)}`;
}

/** An instant as the API sends it: RFC 3339 with the salon's offset at that instant. */
export function salonDateTime(instant: number, zone: string): string {
  const local = localAt(instant, zone);
  return `${formatDate(local)}T${pad(local.hour)}:${pad(local.minute)}:${pad(local.second)}${local.offset}`;
}

/** An appointment's time on the calendar, "10:00–11:00". */
export const timeRange = ({ start, end }: Interval, zone: string): string => `${salonTime(start, zone)}–${salonTime(end, zone)}`;

export const weekdayOf = (date: string): Weekday => WEEKDAYS[PlainDate.dayOfWeek(PlainDate.create(...dateParts(date))) - 1] as Weekday;

/** The date `days` days after `date` (before, when negative): "Previous day" and "Next day". */
export const addDays = (date: string, days: number): string => formatDate(PlainDate.addDays(PlainDate.create(...dateParts(date)), days));

/** A salon's day as instants: 23 or 25 hours on the days the clocks change. */
export const dayInterval = (date: string, zone: string): Interval => ({
  start: instantAt(date, '00:00', zone),
  end: instantAt(addDays(date, 1), '00:00', zone),
});

const isOnTimeOff = (timeOff: readonly NewTimeOff[], date: string): boolean =>
  timeOff.some(({ first, last }) => first <= date && date <= last);

/** When a member works on a salon's date, as instants; null on a day off or on time off. */
export function workingInterval({ hours, timeOff }: Schedule, date: string, zone: string): Interval | null {
  const day = hours[weekdayOf(date)];
  if (!day || isOnTimeOff(timeOff, date)) return null;
  return { start: instantAt(date, day.from, zone), end: instantAt(date, day.to, zone) };
}

/** Whether an appointment's time lies within the member's hours of its day: otherwise `bookTexts.notWorking`. */
export function fitsSchedule(interval: Interval, schedule: Schedule, zone: string): boolean {
  const working = workingInterval(schedule, salonDate(interval.start, zone), zone);
  return working !== null && working.start <= interval.start && interval.end <= working.end;
}

/**
 * The free start times for a service of `durationMinutes` with a member on a date: every 15 minutes from the start of
 * their hours, ending by the end of them, overlapping none of `blocked` (their appointments not cancelled; without the
 * one being moved, for "Move").
 */
export function freeStarts(
  schedule: Schedule,
  date: string,
  zone: string,
  durationMinutes: number,
  blocked: readonly Interval[],
): number[] {
  const working = workingInterval(schedule, date, zone);
  if (!working) return [];
  const starts: number[] = [];
  for (let start = working.start; start + durationMinutes * MINUTE_MS <= working.end; start += SLOT_MS) {
    const candidate = { start, end: start + durationMinutes * MINUTE_MS };
    if (!blocked.some((taken) => overlaps(candidate, taken))) starts.push(start);
  }
  return starts;
}

/** The calendar's rows of a day: every 15 minutes from the earliest start to the latest end of the members' hours. */
export function calendarRows(working: readonly Interval[]): number[] {
  if (working.length === 0) return [];
  const first = Math.min(...working.map(({ start }) => start));
  const last = Math.max(...working.map(({ end }) => end));
  return Array.from({ length: Math.ceil((last - first) / SLOT_MS) }, (_, row) => first + row * SLOT_MS);
}
