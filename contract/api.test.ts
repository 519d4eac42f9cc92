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
