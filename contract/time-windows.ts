/**
 * The API's time windows, counted in one way for the server, the mock and the SPA: whole days of 24 hours from a
 * moment (no calendar, no time zone), answered as the ISO strings the API stores and sends.
 */

/** One hour, in milliseconds. */
export const HOUR_MS = 60 * 60 * 1000;

/** One day, in milliseconds. */
export const DAY_MS = 24 * HOUR_MS;

const msOf = (now: Date | number): number => (typeof now === 'number' ? now : now.getTime());

/** The moment `days` days before `now`: what a purge of older rows keeps from. */
export function daysBefore(now: Date | number, days: number): Date {
  return new Date(msOf(now) - days * DAY_MS);
}

/** Until when a change made at `at` (ISO) can be undone, `days` days after it: a merge's `undoableUntil`. */
export function undoableUntil(at: string, days: number): string {
  return new Date(Date.parse(at) + days * DAY_MS).toISOString();
}

/** The oldest `at` (ISO) still listed and undoable at `now`: an import or merge is undoable while `at >=` this. */
export function undoableSince(now: Date | number, days: number): string {
  return daysBefore(now, days).toISOString();
}

/** Whether a change made at `at` (ISO) is still within its `days` days at `now`: listed, and undoable unless undone. */
export function isWithinDays(at: string, now: Date | number, days: number): boolean {
  return at >= undoableSince(now, days);
}

/**
 * Why an undo of a record (an import, a merge) is refused at `now`: none such within its `days` days, or undone
 * before; undefined when it can be taken back.
 */
export function undoRefusal(
  record: { at: string; undone: unknown } | undefined,
  now: Date | number,
  days: number,
): { status: 'not-found' } | { status: 'already-undone' } | undefined {
  if (!record || !isWithinDays(record.at, now, days)) return { status: 'not-found' };
  return record.undone ? { status: 'already-undone' } : undefined;
}
