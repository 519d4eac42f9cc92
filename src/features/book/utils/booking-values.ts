/** The booking and move forms' values, checked before anything is sent. */
import { z } from 'zod';
import { LocalDate, WEEKDAYS, type MemberSchedule } from '#contract/book';

/** When and with whom: what "Move" changes ("Staff member", "Date", "Time"). */
export const WhenValues = z.object({
  staff: z.string().min(1, 'Choose a staff member.'),
  date: LocalDate.or(z.literal('')).refine((date) => date !== '', 'Enter a date.'),
  /** The start as the API sends it (RFC 3339), one of the free times. */
  start: z.string().min(1, 'Choose a time.'),
});
export type WhenValues = z.infer<typeof WhenValues>;

export const BookingValues = WhenValues.extend({
  clientId: z.string().min(1, 'Choose a client from the list.'),
  serviceId: z.string().min(1, 'Choose a service.'),
});
export type BookingValues = z.infer<typeof BookingValues>;

/** The members who take appointments: those with working hours on some day. */
export const membersWithHours = (schedules: readonly MemberSchedule[]): string[] =>
  schedules.filter(({ hours }) => WEEKDAYS.some((day) => hours[day] !== null)).map(({ username }) => username);
