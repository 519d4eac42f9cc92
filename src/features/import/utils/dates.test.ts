import fc from 'fast-check';
import { normalizeDateTime } from '#contract/api';
import { dateFormsOf, toDateTimeText, type DateForm } from './dates.ts';

describe('reading a date in a form', () => {
  it.each([
    ['2024-05-01T10:30', '2024-05-01T10:30'],
    ['2024-05-01 10:30', '2024-05-01T10:30'],
    ['2024-05-01 10:30:45', '2024-05-01T10:30:45'],
    ['2024-05-01T10:30:45.250', '2024-05-01T10:30:45.250'],
    ['2024-05-01', '2024-05-01T00:00'],
    ['  2024-05-01 10:30  ', '2024-05-01T10:30'],
    ['2024-05-01T10:30Z', '2024-05-01T10:30'],
    ['2024-05-01T10:30:00+02:00', '2024-05-01T08:30:00'],
    ['2024-05-01 10:30 -0500', '2024-05-01T15:30'],
    ['2024-02-29 23:59', '2024-02-29T23:59'],
  ])('ISO: %s → %s', (value, text) => {
    expect(toDateTimeText(value, 'iso')).toBe(text);
  });

  it.each([
    ['13/05/2024 10:30', '2024-05-13T10:30'],
    ['1/5/2024 9:05', '2024-05-01T09:05'],
    ['01-05-2024 10:30', '2024-05-01T10:30'],
    ['01.05.2024', '2024-05-01T00:00'],
    ['31/12/2023 23:59:59', '2023-12-31T23:59:59'],
    ['01/05/2024, 10:30', '2024-05-01T10:30'],
  ])('day first: %s → %s', (value, text) => {
    expect(toDateTimeText(value, 'day-first')).toBe(text);
  });

  it.each([
    ['05/13/2024', '2024-05-13T00:00'],
    ['5/1/2024 10:30', '2024-05-01T10:30'],
    ['05-13-2024 10:30', '2024-05-13T10:30'],
    ['05.13.2024', '2024-05-13T00:00'],
    ['04/02/2023 2:45 PM', '2023-04-02T14:45'],
    ['12/31/2023 9:05 am', '2023-12-31T09:05'],
    ['01/20/2024 12:00 AM', '2024-01-20T00:00'],
    ['01/20/2024 12:30 p.m.', '2024-01-20T12:30'],
  ])('month first: %s → %s', (value, text) => {
    expect(toDateTimeText(value, 'month-first')).toBe(text);
  });

  it.each<[string, DateForm]>([
    ['2024-02-30 10:00', 'iso'],
    ['2024-05-01 24:00', 'iso'],
    ['2024-5-1', 'iso'],
    ['13/05/2024', 'month-first'],
    ['05/13/2024', 'day-first'],
    ['31/04/2024', 'day-first'],
    ['29/02/2023', 'day-first'],
    ['01/05/24', 'day-first'],
    ['01/05-2024', 'day-first'],
    ['01/05/2024 10:3', 'day-first'],
    ['01/05/2024 13:00 PM', 'month-first'],
    ['01/05/2024 0:30 AM', 'month-first'],
    ['2024-05-01 10:30', 'day-first'],
    ['13/05/2024', 'iso'],
    ['next Tuesday', 'iso'],
    ['', 'iso'],
  ])('is not a date: %s as %s', (value, form) => {
    expect(toDateTimeText(value, form)).toBeNull();
  });

  it('writes what the register form sends: the contract reads it back as the same time in UTC', () => {
    for (const [value, form] of [
      ['13/05/2024 10:30', 'day-first'],
      ['05/13/2024 10:30 PM', 'month-first'],
      ['2024-05-13T10:30:15+01:00', 'iso'],
    ] as const) {
      const text = toDateTimeText(value, form);
      expect(text).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/);
      expect(normalizeDateTime(text ?? '')).toMatch(/^2024-05-13T(10|22|09):30:(00|15)\.000Z$/);
    }
  });
});

describe('the forms that read a column', () => {
  it('is ISO alone for ISO dates', () => {
    expect(dateFormsOf(['2024-05-01 10:30', '2024-05-02', ''])).toEqual(['iso']);
  });

  it('is both day first and month first when every day is 12 or less: the page asks which', () => {
    expect(dateFormsOf(['01/02/2024 09:30', '03/04/2024', '11/12/2024'])).toEqual(['day-first', 'month-first']);
  });

  it('is one of them when a day over 12 says which', () => {
    expect(dateFormsOf(['01/02/2024', '13/02/2024'])).toEqual(['day-first']);
    expect(dateFormsOf(['01/02/2024', '02/13/2024 2:45 PM'])).toEqual(['month-first']);
  });

  it('is none when no single form reads them all', () => {
    expect(dateFormsOf(['13/02/2024', '02/13/2024'])).toEqual([]);
    expect(dateFormsOf(['2024-05-01', '13/02/2024'])).toEqual([]);
  });

  it('is none when there is no date', () => {
    expect(dateFormsOf([])).toEqual([]);
    expect(dateFormsOf(['', '  '])).toEqual([]);
    expect(dateFormsOf(['soon', 'n/a'])).toEqual([]);
  });

  it('leaves out what is no date in any form: that row is shown as not valid, and the others still read', () => {
    expect(dateFormsOf(['2024-05-01 10:30', '2024-02-30 10:00', 'unknown'])).toEqual(['iso']);
    expect(dateFormsOf(['13/02/2024', '31/02/2024'])).toEqual(['day-first']);
  });

  it('is none when a date in another form comes after the forms were narrowed, whatever the order', () => {
    expect(dateFormsOf(['13/02/2024', '2024-05-01'])).toEqual([]);
    expect(dateFormsOf(['01/02/2024', '13/02/2024', '02/13/2024'])).toEqual([]);
    expect(dateFormsOf(['01/02/2024', 'unknown', '13/02/2024', ''])).toEqual(['day-first']);
  });

  it('gives what reading every value in every form gives, for any column', () => {
    const forms: DateForm[] = ['iso', 'day-first', 'month-first'];
    /** The definition, value by value: the forms that read each date, then those common to all. */
    const everyForm = (values: string[]) => {
      const readings = values
        .map((value) => forms.filter((form) => toDateTimeText(value, form) !== null))
        .filter((reading) => reading.length > 0);
      return readings.length === 0 ? [] : forms.filter((form) => readings.every((reading) => reading.includes(form)));
    };
    const value = fc.constantFrom(
      '',
      ' ',
      'n/a',
      '2024-05-01 10:30',
      '2024-02-30',
      '01/02/2024',
      '12/12/2024 9:05 PM',
      '13/02/2024',
      '02/13/2024',
      '31/04/2024',
      '29/02/2023',
      '01.05.2024 10:30',
    );
    fc.assert(
      fc.property(fc.array(value, { maxLength: 8 }), (values) => {
        expect(dateFormsOf(values)).toEqual(everyForm(values));
      }),
      { numRuns: 2_000 },
    );
  });
});
