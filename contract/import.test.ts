import { describe, expect, it } from 'vitest';
import { importVerdicts, rowsWritten, verdictCounts, verdictText, type ImportRow } from './import.ts';

const IMPORTED_AT = '2026-11-26T12:00:00.000Z';
const row = (fields: Partial<ImportRow>): ImportRow => ({
  firstName: 'Ana',
  lastName: 'Silva',
  email: 'ana@example.com',
  registrationDateTime: '2024-05-01T10:30',
  ...fields,
});

describe('import verdicts', () => {
  const existing = new Map([['lucia@example.com', 'client-lucia']]);
  const lookup = (key: string) => existing.get(key);

  it('say new, already a client (email in any case), twice in this file, or not valid with the contract’s reason', () => {
    const verdicts = importVerdicts(
      [
        row({ email: 'ana@example.com' }),
        row({ email: ' Lucia@Example.COM ' }),
        row({ email: 'ANA@example.com', firstName: 'Ana Maria' }),
        row({ email: 'not an email' }),
        row({ firstName: '' }),
        'not a row',
      ],
      lookup,
      IMPORTED_AT,
    );
    expect(verdicts.map(verdictText)).toEqual([
      'New',
      'Already a client',
      'Twice in this file',
      'Not valid: Email must be a valid email address',
      'Not valid: First name is required',
      expect.stringMatching(/^Not valid: /),
    ]);
    expect(verdicts[1]).toMatchObject({ kind: 'existing', clientId: 'client-lucia', client: { email: 'Lucia@Example.COM' } });
    expect(verdicts[0]).toMatchObject({ client: { registrationDateTime: '2024-05-01T10:30:00.000Z' } });
  });

  it('import the first valid row of an email: an invalid row before it does not count', () => {
    const verdicts = importVerdicts([row({ firstName: '' }), row({}), row({})], lookup, IMPORTED_AT);
    expect(verdicts.map((verdict) => verdict.kind)).toEqual(['invalid', 'new', 'repeated']);
  });

  it('give a row without a registration date-time the time of the import', () => {
    const [blank, missing] = importVerdicts(
      [row({ registrationDateTime: ' ' }), { firstName: 'Bo', lastName: 'Lee', email: 'bo@example.com' }],
      lookup,
      IMPORTED_AT,
    );
    expect(blank).toMatchObject({ kind: 'new', client: { registrationDateTime: IMPORTED_AT } });
    expect(missing).toMatchObject({ kind: 'new', client: { registrationDateTime: IMPORTED_AT } });
  });

  it('count each kind, and the rows written: updates only on "Update them"', () => {
    const counts = verdictCounts(
      importVerdicts([row({}), row({ email: 'lucia@example.com' }), row({}), row({ email: '' })], lookup, IMPORTED_AT),
    );
    expect(counts).toEqual({ new: 1, existing: 1, repeated: 1, invalid: 1 });
    expect(rowsWritten(counts, 'skip')).toBe(1);
    expect(rowsWritten(counts, 'update')).toBe(2);
  });
});
