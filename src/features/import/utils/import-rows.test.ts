import { importVerdicts, verdictText } from '#contract/import';
import { emailKey } from '#contract/text';
import { seedClients } from '#mocks/seed.ts';
import { IMPORT_FIXTURES, importFixtureFile } from '#tests/fixtures/imports/fixtures.ts';
import { guessMapping } from './column-mapping.ts';
import { dateFormsOf } from './dates.ts';
import { toImportRows } from './import-rows.ts';
import { readCsvFile, type CsvTable } from './read-file.ts';

const IMPORTED_AT = '2026-11-26T12:00:00.000Z';

const table = (headers: string[], ...records: string[][]): CsvTable => ({ fileName: 'clients.csv', headers, records });

describe('the file’s records as the import’s rows', () => {
  it('takes each mapped column’s cell, the date read in the chosen form', () => {
    const rows = toImportRows(
      table(['Phone', 'Email', 'Surname', 'First', 'Since'], ['555', 'ana@example.com', 'Silva', 'Ana', '13/05/2024 10:30']),
      [null, 'email', 'lastName', 'firstName', 'registrationDateTime'],
      'day-first',
    );
    expect(rows).toEqual([{ firstName: 'Ana', lastName: 'Silva', email: 'ana@example.com', registrationDateTime: '2024-05-13T10:30' }]);
  });

  it('reads the same cell by the form chosen: 01/02/2024 is February 1st day first, January 2nd month first', () => {
    const file = table(['First name', 'Last name', 'Email', 'Date'], ['Ana', 'Silva', 'ana@example.com', '01/02/2024']);
    const mapping = guessMapping(['First name', 'Last name', 'Email', 'Created']);
    expect(toImportRows(file, mapping, 'day-first')[0]?.registrationDateTime).toBe('2024-02-01T00:00');
    expect(toImportRows(file, mapping, 'month-first')[0]?.registrationDateTime).toBe('2024-01-02T00:00');
  });

  it('gives missing cells and unmapped fields as empty text, for the contract to say what is required', () => {
    const rows = toImportRows(table(['First name', 'Email'], ['Ana'], []), ['firstName', 'email'], 'iso');
    expect(rows).toEqual([
      { firstName: 'Ana', lastName: '', email: '' },
      { firstName: '', lastName: '', email: '' },
    ]);
    expect(importVerdicts(rows, () => undefined, IMPORTED_AT).map(verdictText)).toEqual([
      'Not valid: Last name is required',
      'Not valid: First name is required',
    ]);
  });

  it('passes a date that does not read in the form as written, and leaves out an empty one (the import’s time)', () => {
    const rows = toImportRows(
      table(
        ['First name', 'Last name', 'Email', 'Created'],
        ['Ana', 'Silva', 'ana@example.com', '13/05/2024'],
        ['Bea', 'Lima', 'bea@example.com', '  '],
      ),
      guessMapping(['First name', 'Last name', 'Email', 'Created']),
      'month-first',
    );
    expect(rows[0]?.registrationDateTime).toBe('13/05/2024');
    expect(rows[1]).not.toHaveProperty('registrationDateTime');
    expect(importVerdicts(rows, () => undefined, IMPORTED_AT)).toEqual([
      { kind: 'invalid', reason: 'Registration date and time must be a valid date-time, like 2024-05-01T10:30' },
      { kind: 'new', client: { firstName: 'Bea', lastName: 'Lima', email: 'bea@example.com', registrationDateTime: IMPORTED_AT } },
    ]);
  });

  it('splits a full name in two: the first word, and the rest', () => {
    const rows = toImportRows(
      table(['Name', 'Email'], ['  Sienna  Rose Carter ', 'sienna@example.com'], ['Cher', 'cher@example.com'], ['', 'x@example.com']),
      ['fullName', 'email'],
      'iso',
    );
    expect(rows.map(({ firstName, lastName }) => [firstName, lastName])).toEqual([
      ['Sienna', 'Rose Carter'],
      ['Cher', ''],
      ['', ''],
    ]);
  });

  it('prefers first and last name columns to a full name, when both are mapped', () => {
    const rows = toImportRows(
      table(['First', 'Name', 'Email'], ['Ann', 'Annie Hall', 'ann@example.com']),
      ['firstName', 'fullName', 'email'],
      'iso',
    );
    expect(rows[0]).toMatchObject({ firstName: 'Ann', lastName: 'Hall' });
  });

  it('takes off the quote Export CSV puts before a cell that starts like a formula', () => {
    const rows = toImportRows(
      table(['First name', 'Last name', 'Email'], ["'=Ann", "'Brien", "'+ann@example.com"]),
      ['firstName', 'lastName', 'email'],
      'iso',
    );
    expect(rows[0]).toEqual({ firstName: '=Ann', lastName: "'Brien", email: '+ann@example.com' });
  });
});

describe('the example files, read, mapped and judged as the preview does', () => {
  // The mock's list: its seeded clients (mocks/seed.ts), Amelia Hart among them.
  const seeded = new Map(seedClients.map((client) => [emailKey(client.email), client._id]));

  it.each(IMPORT_FIXTURES.map((fixture) => [fixture.name, fixture] as const))('%s', async (name, fixture) => {
    const read = await readCsvFile(importFixtureFile(name));
    if (!read.ok) throw new Error(read.message);
    const mapping = guessMapping(read.table.headers);
    const dates = read.table.records.map((record) => record[mapping.indexOf('registrationDateTime')] ?? '');
    const forms = dateFormsOf(dates);
    // The page asks between day first and month first only when both fit; otherwise the one form that does.
    expect(forms).toEqual(
      fixture.dateForm === 'iso' ? ['iso'] : fixture.dateForm === 'day-first' ? ['day-first', 'month-first'] : ['month-first'],
    );
    const rows = toImportRows(read.table, mapping, fixture.dateForm);
    expect(importVerdicts(rows, (key) => seeded.get(key), IMPORTED_AT).map(verdictText)).toEqual(fixture.verdicts);
  });

  it('reads the suite’s export: Name split in two, US dates and times', async () => {
    const read = await readCsvFile(importFixtureFile('suite-export.csv'));
    if (!read.ok) throw new Error(read.message);
    const mapping = guessMapping(read.table.headers);
    expect(mapping).toEqual([null, 'fullName', 'email', null, 'registrationDateTime', null]);
    expect(toImportRows(read.table, mapping, 'month-first').slice(1, 3)).toEqual([
      { firstName: 'Sienna', lastName: 'Rose Carter', email: 'sienna.carter@example.com', registrationDateTime: '2023-04-02T14:45' },
      { firstName: 'Daniela', lastName: 'Cruz', email: 'daniela.cruz@example.com', registrationDateTime: '2023-12-31T09:05' },
    ]);
  });

  it('reads the semicolon file’s dates day first', async () => {
    const read = await readCsvFile(importFixtureFile('semicolon-day-first.csv'));
    if (!read.ok) throw new Error(read.message);
    const rows = toImportRows(read.table, guessMapping(read.table.headers), 'day-first');
    expect(rows.map((row) => row.registrationDateTime)).toEqual([
      '2024-02-01T09:30',
      '2024-04-03T14:15',
      '2024-06-05T10:00',
      '2024-08-07T17:45',
      '2024-10-09T00:00',
      '2024-12-11T08:05',
    ]);
  });
});
