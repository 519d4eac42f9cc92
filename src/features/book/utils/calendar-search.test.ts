import { describe, expect, it } from 'vitest';
import { parseCalendarSearch } from './calendar-search.ts';

describe('the calendar’s day in the address', () => {
  it('keeps a date, and drops anything else: the calendar then opens on today', () => {
    expect(parseCalendarSearch({ date: '2026-12-01' })).toEqual({ date: '2026-12-01' });
    expect(parseCalendarSearch({ date: '2028-02-29' })).toEqual({ date: '2028-02-29' });
    for (const date of ['2026-02-30', '2026-13-01', '1.12.2026', '', 20261201, undefined])
      expect(parseCalendarSearch({ date })).toEqual({});
  });
});
