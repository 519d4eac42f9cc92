/** Members' hours and appointments shared by the calendar's tests (its layout, its page). */
import { instantAt, NO_HOURS, salonDateTime, type Appointment, type MemberSchedule } from '#contract/book';

export const LONDON = 'Europe/London';

/** A member working `from`–`to` every day of the week, with no time off. */
export const workingEveryDay = (username: string, from = '09:00', to = '18:00'): MemberSchedule => ({
  username,
  hours: Object.fromEntries(Object.keys(NO_HOURS).map((day) => [day, { from, to }])) as MemberSchedule['hours'],
  timeOff: [],
});

type Booking = { id: string; staff: string; date: string; from: string; to: string; client?: Appointment['client']; service?: string };

/** An appointment booked from `from` to `to` on the salon's `date` in `zone`, as the API answers it. */
export const appointmentOn = (
  zone: string,
  { id, staff, date, from, to, client, service = 'Haircut and styling' }: Booking,
): Appointment => ({
  id,
  client: client === undefined ? { id: 'c-nina', firstName: 'Nina', lastName: 'Petrova' } : client,
  service: { id: `s-${service.length}`, name: service },
  staff,
  start: salonDateTime(instantAt(date, from, zone), zone),
  end: salonDateTime(instantAt(date, to, zone), zone),
  status: 'booked',
  version: 1,
  online: false,
});
