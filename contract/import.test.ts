import { describe, expect, it } from 'vitest';
import {
  importAnswer,
  importCounts,
  importIdempotency,
  importMessages,
  importVerdicts,
  planImport,
  planImportUndo,
  rowsWritten,
  undoImportAnswer,
  verdictCounts,
  verdictText,
  type ImportRequest,
  type ImportRow,
  type ImportSummary,
} from './import.ts';

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

describe('an import’s plan', () => {
  const client = (id: string, email: string, registrationDateTime: string) => ({
    _id: id,
    firstName: 'Lucía',
    lastName: 'Pérez',
    email,
    registrationDateTime,
  });
  // A family sharing an email: the one registered first is the one an import's rows match, in whatever order read.
  const live = [
    client('c-late', 'lucia@example.com', '2024-02-01T10:00:00.000Z'),
    client('c-first', 'Lucia@Example.com', '2024-01-01T10:00:00.000Z'),
  ];
  const ids = () => {
    let next = 0;
    return () => `new-${++next}`;
  };
  const request = (existing: 'skip' | 'update') => ({
    fileName: 'clients.csv',
    existing,
    rows: [row({}), row({ email: 'LUCIA@example.com', firstName: 'Lucia' }), row({}), 'not a row'],
  });

  it('creates the new rows with the ids given, and updates the existing client registered first only on "Update them"', () => {
    expect(planImport(request('skip'), live, IMPORTED_AT, ids())).toEqual({
      created: [{ id: 'new-1', fields: { ...row({}), registrationDateTime: '2024-05-01T10:30:00.000Z' } }],
      updates: [],
    });
    const { updates } = planImport(request('update'), live, IMPORTED_AT, ids());
    expect(updates).toEqual([
      {
        id: 'c-first',
        fields: expect.objectContaining({ firstName: 'Lucia', email: 'LUCIA@example.com' }),
        before: { firstName: 'Lucía', lastName: 'Pérez', email: 'Lucia@Example.com', registrationDateTime: '2024-01-01T10:00:00.000Z' },
      },
    ]);
  });

  it('counts every row neither created nor updated as skipped', () => {
    expect(importCounts(4, 1, 1)).toEqual({ created: 1, updated: 1, skipped: 2 });
  });

  it('undoes what is as the import left it, names the clients changed since, and passes over the erased', () => {
    const now = (version: number, deleted = false) => ({ version, deleted, firstName: 'Ana', lastName: 'Silva' });
    const entries = [
      { clientId: 'created', version: 1, created: true, current: now(1) },
      { clientId: 'updated', version: 4, created: false, current: now(4) },
      { clientId: 'edited-since', version: 1, created: true, current: now(2) },
      { clientId: 'deleted-since', version: 4, created: false, current: now(5, true) },
      { clientId: 'erased-since', version: 1, created: true, current: null },
    ];
    const plan = planImportUndo(entries);
    expect(plan.toDelete.map((entry) => entry.clientId)).toEqual(['created']);
    expect(plan.toRestore.map((entry) => entry.clientId)).toEqual(['updated']);
    expect(plan.leftAsChanged).toEqual([
      { clientId: 'edited-since', firstName: 'Ana', lastName: 'Silva' },
      { clientId: 'deleted-since', firstName: 'Ana', lastName: 'Silva' },
    ]);
  });

  it('is answered as the server and the mock answer it, the audit trail recording what was written', () => {
    const summary = { id: 'imp-1', created: 2, updated: 1 } as ImportSummary;
    const created = { status: 201, body: summary, headers: { location: '/api/imports/imp-1' } };
    expect(importAnswer({ status: 'imported', summary }, 'ana')).toEqual({
      ...created,
      audit: [{ kind: 'clients-imported', actor: 'ana', subject: 'imp-1', detail: '3' }],
    });
    expect(importAnswer({ status: 'replayed', summary }, 'ana')).toEqual(created);
    expect(importAnswer({ status: 'key-reused' }, 'ana')).toEqual({ status: 422, body: { message: importMessages.keyReused } });
    expect(undoImportAnswer({ status: 'not-found' }, 'ana').status).toBe(404);
    expect(undoImportAnswer({ status: 'already-undone' }, 'ana')).toEqual({ status: 409, body: { message: importMessages.alreadyUndone } });
    expect(undoImportAnswer({ status: 'undone', summary }, 'ana')).toEqual({
      status: 200,
      body: summary,
      audit: [{ kind: 'import-undone', actor: 'ana', subject: 'imp-1' }],
    });
  });

  it('fingerprints a request as SHA-256 of its JSON, base64url: a retry must send the same one', async () => {
    const request = { fileName: 'clients.csv', existing: 'skip', rows: [] } as unknown as ImportRequest;
    const { createHash } = await import('node:crypto');
    const expected = createHash('sha256').update(JSON.stringify(request)).digest('base64url');
    expect(await importIdempotency('k1', request)).toEqual({ key: 'k1', hash: expected });
    expect(await importIdempotency(undefined, request)).toBeUndefined();
  });
});
