import { describe, expect, it } from 'vitest';
import { localDate, localDateTime } from './local-time.ts';

describe('local times', () => {
  it('write the local date and time, zero-padded, with seconds when asked', () => {
    expect(localDate(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    const instant = new Date(2026, 10, 26, 9, 5, 7).toISOString();
    expect(localDateTime(instant)).toBe('2026-11-26 09:05');
    expect(localDateTime(instant, { seconds: true })).toBe('2026-11-26 09:05:07');
  });

  it('leave text that is no time as it is', () => {
    expect(localDateTime('not a time')).toBe('not a time');
  });
});
