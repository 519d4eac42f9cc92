import { describe, expect, it } from 'vitest';
import { idempotencyKeysSince, IDEMPOTENCY_KEY_TTL_MS } from './idempotency-key.ts';
import { isWithinDays, undoableUntil, undoRefusal, DAY_MS } from './time-windows.ts';

const AT = '2026-11-01T09:00:00.000Z';
const at = Date.parse(AT);

describe('the 30-day windows', () => {
  it('hold through the very millisecond `days` days after, not one after', () => {
    expect(isWithinDays(AT, at + 30 * DAY_MS, 30)).toBe(true);
    expect(isWithinDays(AT, at + 30 * DAY_MS + 1, 30)).toBe(false);
    expect(undoableUntil(AT, 30)).toBe(new Date(at + 30 * DAY_MS).toISOString());
  });

  it('refuse an undo of no such record or an older one (not found), and of one undone before', () => {
    expect(undoRefusal(undefined, at, 30)).toEqual({ status: 'not-found' });
    expect(undoRefusal({ at: AT, undone: null }, at + 31 * DAY_MS, 30)).toEqual({ status: 'not-found' });
    expect(undoRefusal({ at: AT, undone: { at: AT } }, at, 30)).toEqual({ status: 'already-undone' });
    expect(undoRefusal({ at: AT, undone: null }, at + DAY_MS, 30)).toBeUndefined();
  });
});

describe('an Idempotency-Key', () => {
  it('holds for 24 hours to the millisecond, as the server purges from idempotencyKeysSince', () => {
    expect(idempotencyKeysSince(new Date(at + IDEMPOTENCY_KEY_TTL_MS))).toBe(AT);
  });
});
