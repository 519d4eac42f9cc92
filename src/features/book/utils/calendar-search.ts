/**
 * The day in the address (`/calendar?date=2026-12-01`); without one, or with no such date, today in the salon. Read by
 * the route's definition, which is in every page's bundle: plain code, no zod nor Temporal.
 */
type CalendarSearch = { date?: string };

/** "2026-12-01", a day that exists (not "2026-02-30"). */
function isDate(text: string): boolean {
  const time = /^\d{4}-\d{2}-\d{2}$/.test(text) ? Date.parse(`${text}T00:00:00Z`) : NaN;
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(text);
}

export function parseCalendarSearch(search: Record<string, unknown>): CalendarSearch {
  const { date } = search;
  return typeof date === 'string' && isDate(date) ? { date } : {};
}
