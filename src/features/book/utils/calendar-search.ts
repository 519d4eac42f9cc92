import { LocalDate } from '#contract/book';

export type CalendarSearch = { date?: string };

/** The day in the address (`/calendar?date=2026-12-01`); without one, or with no date, today in the salon. */
export function parseCalendarSearch(search: Record<string, unknown>): CalendarSearch {
  const date = LocalDate.safeParse(search.date);
  return date.success ? { date: date.data } : {};
}
