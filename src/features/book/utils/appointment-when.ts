import { salonDate, salonDateTime, salonTime, type Appointment } from '#contract/book';
import type { WhenValues } from './booking-values.ts';

/** An appointment's member, day and start as "Move" holds them (the start with the salon's offset). */
export const whenOf = ({ staff, start }: Pick<Appointment, 'staff' | 'start'>, zone: string): WhenValues => ({
  staff,
  date: salonDate(Date.parse(start), zone),
  start: salonDateTime(Date.parse(start), zone),
});

/** A colleague's values where they differ from the form's, as the fields show them (the time as "10:00"). */
export function theirWhen(theirs: WhenValues, typed: WhenValues, zone: string): Partial<Record<keyof WhenValues, string>> {
  return {
    ...(theirs.staff !== typed.staff && { staff: theirs.staff }),
    ...(theirs.date !== typed.date && { date: theirs.date }),
    ...(theirs.start !== typed.start && { start: `${theirs.date} ${salonTime(Date.parse(theirs.start), zone)}` }),
  };
}
