import { describe, expect, it } from 'vitest';
import { dayName, salonWhen } from './salon-when.ts';

describe('salonWhen', () => {
  it('reads an instant in the salon’s zone, not the browser’s', () => {
    expect(salonWhen('2026-12-01T09:00:00Z', 'Europe/Lisbon')).toEqual({ weekday: 'Tuesday', day: 1, month: 'December', time: '09:00' });
    expect(salonWhen('2026-12-01T09:00:00Z', 'Asia/Tokyo')).toEqual({ weekday: 'Tuesday', day: 1, month: 'December', time: '18:00' });
    expect(salonWhen('2026-12-01T23:30:00-05:00', 'Europe/Berlin')).toEqual({
      weekday: 'Wednesday',
      day: 2,
      month: 'December',
      time: '05:30',
    });
  });

  it('writes midnight as 00:00', () => {
    expect(salonWhen('2026-07-04T23:00:00Z', 'Europe/London').time).toBe('00:00');
  });
});

describe('dayName', () => {
  it('names a calendar date by its weekday, day and month', () => {
    expect(dayName('2026-12-01')).toBe('Tuesday, 1 December');
    expect(dayName('2027-02-28')).toBe('Sunday, 28 February');
  });
});
