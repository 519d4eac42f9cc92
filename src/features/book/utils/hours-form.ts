/** The "Working hours" and "Time off" forms' fields as typed, and how they become the API's `WorkingHours` and `NewTimeOff`. */
import { z } from 'zod';
import { DayHours, NewTimeOff, WEEKDAYS, type TimeOff, type Weekday, type WorkingHours } from '#contract/book';

type DayValues = { works: boolean; from: string; to: string };
export type HoursFormValues = Record<Weekday, DayValues>;

/** A day off shows these times, greyed, ready for the day it becomes a working day. */
const USUAL_DAY = { from: '09:00', to: '18:00' } as const;

export const hoursFormValues = (hours: WorkingHours): HoursFormValues =>
  Object.fromEntries(
    WEEKDAYS.map((weekday) => {
      const day = hours[weekday];
      return [weekday, day ? { works: true, ...day } : { works: false, ...USUAL_DAY }];
    }),
  ) as HoursFormValues;

/** A working day's times are checked with the contract's rules, each message by its field; a day off's are not read. */
const DayForm = z.object({ works: z.boolean(), from: z.string(), to: z.string() }).transform((day, context) => {
  if (!day.works) return null;
  const parsed = DayHours.safeParse({ from: day.from, to: day.to });
  if (parsed.success) return parsed.data;
  for (const { message, path } of parsed.error.issues) context.addIssue({ code: 'custom', message, path });
  return z.NEVER;
});

export const HoursForm = z.object(Object.fromEntries(WEEKDAYS.map((weekday) => [weekday, DayForm])) as Record<Weekday, typeof DayForm>);

export type TimeOffFormValues = { first: string; last: string };

/** The contract's rule (the last day not before the first) once both days are given. */
export const TimeOffForm = z
  .object({ first: z.string().min(1, 'Enter the first day.'), last: z.string().min(1, 'Enter the last day.') })
  .pipe(NewTimeOff);

/** Time off as the list says it: "2026-12-24 – 2026-12-31", or one day alone. */
export const timeOffText = ({ first, last }: TimeOff): string => (first === last ? first : `${first} – ${last}`);
