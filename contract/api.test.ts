import { describe, expect, it } from 'vitest';
import { ClientInput, describeValidationError, normalizeDateTime } from './api.ts';

const valid = { firstName: 'Nina', lastName: 'Petrova', email: 'nina@example.com', registrationDateTime: '2024-05-01T10:30' };

describe('normalizeDateTime', () => {
  it.each([
    ['2024-05-01T10:30', '2024-05-01T10:30:00.000Z'],
    ['2024-05-01T10:30:15', '2024-05-01T10:30:15.000Z'],
    ['2024-05-01T10:30:15.5', '2024-05-01T10:30:15.500Z'],
    ['2024-05-01T10:30:00.000Z', '2024-05-01T10:30:00.000Z'],
    ['2024-05-01T12:30:00+02:00', '2024-05-01T10:30:00.000Z'],
    ['2024-02-29T00:00', '2024-02-29T00:00:00.000Z'],
  ])('%s is stored as %s', (input, stored) => {
    expect(normalizeDateTime(input)).toBe(stored);
  });

  it.each([
    '',
    '2024-05-01',
    '10:30',
    '2024-13-01T10:30',
    '2023-02-29T10:30',
    '2024-05-01T24:00',
    '2024-05-01 10:30',
    'yesterday',
    '9999-12-31T23:30-01:00',
  ])('refuses %j', (input) => {
    expect(normalizeDateTime(input)).toBeNull();
  });
});

describe('ClientInput', () => {
  it('keeps whole emoji (surrogate pairs) as they are', () => {
    expect(ClientInput.parse({ ...valid, firstName: 'Nina 💄' }).firstName).toBe('Nina 💄');
  });

  it.each([
    ['Arabic', 'لينا'],
    ['Hebrew', 'נועה'],
    ['a combining accent', 'Zoe\u0301'],
    ['left-to-right and right-to-left marks', '\u200Fנועה\u200E Cohen'],
    ['an emoji joined with ZWJ', 'Nina 👩\u200D🎨'],
  ])('keeps %s as typed', (_kind, name) => {
    expect(ClientInput.parse({ ...valid, lastName: name }).lastName).toBe(name);
  });

  it('trims text and normalises the date-time', () => {
    expect(ClientInput.parse({ ...valid, firstName: '  Nina ' })).toEqual({
      ...valid,
      registrationDateTime: '2024-05-01T10:30:00.000Z',
    });
  });

  it.each([
    [{ ...valid, firstName: '' }, 'First name is required'],
    [{ ...valid, lastName: '   ' }, 'Last name is required'],
    [{ ...valid, email: 'nina' }, 'Email must be a valid email address'],
    [{ ...valid, email: 42 }, 'Email must be text'],
    [{ ...valid, registrationDateTime: '2024-02-30T10:00' }, 'Registration date and time must be a valid date-time, like 2024-05-01T10:30'],
    [{ ...valid, firstName: 'x'.repeat(201) }, 'First name must be at most 200 characters'],
    [{ ...valid, isAdmin: true }, 'Unknown field: isAdmin'],
    [{ ...valid, lastName: 'Petrova \uD83D' }, 'Last name contains an invalid character'],
    [{ ...valid, email: 'nina\uDC00@example.com' }, 'Email contains an invalid character'],
    [{ ...valid, firstName: 'Ni\u0000na' }, 'First name must not contain control characters or text-direction overrides'],
    [{ ...valid, firstName: 'Nina\tPetrova' }, 'First name must not contain control characters or text-direction overrides'],
    [{ ...valid, lastName: 'Petrova\nAmelia Hart' }, 'Last name must not contain control characters or text-direction overrides'],
    [{ ...valid, lastName: 'Petrova\u007F' }, 'Last name must not contain control characters or text-direction overrides'],
    [{ ...valid, lastName: 'Petrova\u0085' }, 'Last name must not contain control characters or text-direction overrides'],
    [{ ...valid, lastName: 'Petrova\u2028Hart' }, 'Last name must not contain control characters or text-direction overrides'],
    [{ ...valid, lastName: 'Petrova\u2029Hart' }, 'Last name must not contain control characters or text-direction overrides'],
    [{ ...valid, firstName: '\u202Aa' }, 'First name must not contain control characters or text-direction overrides'],
    [{ ...valid, firstName: 'Nina \u202Egnp.exe' }, 'First name must not contain control characters or text-direction overrides'],
    [{ ...valid, firstName: '\u2066Nina' }, 'First name must not contain control characters or text-direction overrides'],
    [{ ...valid, firstName: 'Nina\u2069' }, 'First name must not contain control characters or text-direction overrides'],
    [{ ...valid, email: 'nina\u202E@example.com' }, 'Email must not contain control characters or text-direction overrides'],
    [{ ...valid, email: 'nina@example.com\u0000' }, 'Email must not contain control characters or text-direction overrides'],
    [{ lastName: 'Petrova', email: 'nina@example.com', registrationDateTime: '2024-05-01T10:30' }, 'First name is required'],
  ])('refuses %j with a message naming the problem', (input, message) => {
    const result = ClientInput.safeParse(input);
    expect(result.success).toBe(false);
    expect(describeValidationError(result.error!)).toBe(message);
  });
});
