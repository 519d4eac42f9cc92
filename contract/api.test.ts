import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
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

  /** The function as it was before its fast path: every value through Date, read back with toISOString. */
  function throughDate(value: string): string | null {
    const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2})?$/.exec(value);
    if (!match) return null;
    const [, year, month, day, hour, minute, second = '00', fraction = '0', zone = 'Z'] = match;
    const fields = [year, month, day, hour, minute, second].map(Number) as [number, number, number, number, number, number];
    const calendar = new Date(Date.UTC(fields[0], fields[1] - 1, fields[2], fields[3], fields[4], fields[5]));
    const exists =
      calendar.getUTCFullYear() === fields[0] &&
      calendar.getUTCMonth() + 1 === fields[1] &&
      calendar.getUTCDate() === fields[2] &&
      calendar.getUTCHours() === fields[3] &&
      calendar.getUTCMinutes() === fields[4] &&
      calendar.getUTCSeconds() === fields[5];
    if (!exists) return null;
    const date = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}.${fraction.slice(0, 3).padEnd(3, '0')}${zone}`);
    if (Number.isNaN(date.getTime())) return null;
    const iso = date.toISOString();
    return /^\d{4}-/.test(iso) ? iso : null;
  }

  it('stores every value as Date reads it, and refuses the same ones', () => {
    const digits = (length: number, max: number) => fc.integer({ min: 0, max }).map((n) => String(n).padStart(length, '0'));
    const dateTime = fc
      .record({
        // Years around 0100 (Date.UTC reads 0–99 as 19xx), leap and common years, 9999's edge.
        year: fc.oneof(digits(4, 9999), fc.constantFrom('0000', '0099', '0100', '1900', '2000', '2023', '2024', '9999')),
        month: digits(2, 13),
        day: fc.oneof(digits(2, 32), fc.constantFrom('28', '29', '30', '31')),
        hour: digits(2, 25),
        minute: digits(2, 61),
        second: fc.option(digits(2, 61), { nil: undefined }),
        fraction: fc.option(fc.stringMatching(/^\d{1,9}$/), { nil: undefined }),
        zone: fc.option(fc.oneof(fc.constant('Z'), fc.stringMatching(/^[+-]\d{2}:\d{2}$/)), { nil: undefined }),
      })
      .map(({ year, month, day, hour, minute, second, fraction, zone }) => {
        const seconds = second === undefined ? '' : `:${second}${fraction === undefined ? '' : `.${fraction}`}`;
        return `${year}-${month}-${day}T${hour}:${minute}${seconds}${zone ?? ''}`;
      });
    fc.assert(
      fc.property(dateTime, (value) => {
        expect(normalizeDateTime(value)).toBe(throughDate(value));
      }),
      { numRuns: 20_000 },
    );
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

  // WHATWG HTML's "valid email address", the rule of <input type="email">:
  // https://html.spec.whatwg.org/multipage/input.html#valid-e-mail-address
  const label = (length: number) => 'b'.repeat(length);
  /** Whether the form's email field (jsdom's implementation of the same rule) finds the address valid. */
  const emailFieldAccepts = (email: string) => {
    const field = document.createElement('input');
    field.type = 'email';
    field.value = email;
    return !field.validity.typeMismatch;
  };

  it.each([
    ["o'@example.com", 'an apostrophe, last in the local part'],
    ["!#$%&'*+/=?^_`{|}~-.x@example.com", 'every symbol the local part may hold'],
    ['.nina..p.@example.com', 'dots anywhere in the local part'],
    ['a@b', 'a domain without a dot'],
    ['nina@salon-7.example.c0m', 'hyphens inside a label, digits in the last one'],
    ['nina@192.168.0.1', 'a domain of digits'],
    [`nina@${label(63)}.com`, 'a label of 63 characters'],
    ['  nina@example.com ', 'spaces around it (trimmed)'],
  ])('accepts the email %j (%s), as the email field does', (email) => {
    expect(emailFieldAccepts(email)).toBe(true);
    expect(ClientInput.safeParse({ ...valid, email }).success).toBe(true);
  });

  it.each([
    ['x@a-.example.com', 'a label ending in a hyphen'],
    ['x@-a.example.com', 'a label starting with a hyphen'],
    [`nina@${label(64)}.com`, 'a label of 64 characters'],
    ['nina@example..com', 'an empty label'],
    ['nina@example.com.', 'a trailing dot'],
    ['nina@', 'no domain'],
    ['@example.com', 'no local part'],
    ['nina', 'no @'],
    ['ni na@example.com', 'a space inside'],
    ['nina@@example.com', 'two @'],
    ['"nina"@example.com', 'a quoted local part'],
    ['nina@[127.0.0.1]', 'an address literal'],
    ['léa@example.com', 'a letter outside ASCII in the local part'],
    ['nina@exämple.com', 'a letter outside ASCII in the domain'],
    ['nina@exa_mple.com', 'an underscore in the domain'],
  ])('refuses the email %j (%s), as the email field does', (email) => {
    expect(emailFieldAccepts(email)).toBe(false);
    const result = ClientInput.safeParse({ ...valid, email });
    expect(result.success).toBe(false);
    expect(describeValidationError(result.error!)).toBe('Email must be a valid email address');
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
