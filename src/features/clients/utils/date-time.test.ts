import { describe, expect, it } from 'vitest';
import { formatRegistrationTime, toDateTimeLocalValue } from './date-time.ts';

describe('formatRegistrationTime (16 characters, T replaced by a space)', () => {
  it.each([
    ['2024-05-01T10:30:45.123Z', '2024-05-01 10:30'],
    ['2023-12-31T23:59:59.999+02:00', '2023-12-31 23:59'],
    ['2024-05-01T10:30', '2024-05-01 10:30'],
  ])('%s → %s', (stored, shown) => {
    expect(formatRegistrationTime(stored)).toBe(shown);
  });
});

describe('toDateTimeLocalValue (first 16 characters of the ISO form, in UTC)', () => {
  it.each([
    ['2024-05-01T10:30:45.123Z', '2024-05-01T10:30'],
    ['2024-05-01T00:15:00.000+02:00', '2024-04-30T22:15'],
    ['not a date', ''],
  ])('%s → %j', (stored, value) => {
    expect(toDateTimeLocalValue(stored)).toBe(value);
  });
});
