import { describe, expect, it } from 'vitest';
import { bookRefusal, databaseErrorResponse } from './errors.ts';

const withCode = (code: string, message = 'database error') => Object.assign(new Error(message), { code });
/** What node:sqlite throws: one code for every SQLite error, SQLite's own (maybe extended) result code in errcode. */
const sqliteError = (errcode: number) => Object.assign(new Error('database error'), { code: 'ERR_SQLITE_ERROR', errcode });

describe('databaseErrorResponse', () => {
  it.each([
    ['SQLITE_BUSY', 5, 503],
    ['SQLITE_BUSY_RECOVERY', 261, 503], // another process stuck recovering the WAL (issue 26)
    ['SQLITE_BUSY_SNAPSHOT', 517, 503],
    ['SQLITE_LOCKED_SHAREDCACHE', 262, 503],
    ['SQLITE_FULL', 13, 507],
  ])('%s (%i) is trouble outside the server: %i', (_name, errcode, status) => {
    expect(databaseErrorResponse(sqliteError(errcode))?.status).toBe(status);
  });

  it.each([
    ['57P01', 503], // PostgreSQL shutting down
    ['57P03', 503], // starting up
    ['08006', 503], // connection failure
    ['ECONNREFUSED', 503], // nothing listening
    ['57014', 503], // statement time-out
    ['53100', 507], // disk full
  ])('%s is trouble outside the server: %i', (code, status) => {
    expect(databaseErrorResponse(withCode(code))?.status).toBe(status);
  });

  it('gives a Retry-After with every 503', () => {
    expect(databaseErrorResponse(withCode('57P01'))?.retryAfterSeconds).toBeGreaterThan(0);
    expect(databaseErrorResponse(sqliteError(5))?.retryAfterSeconds).toBeGreaterThan(0);
  });

  it("knows pg's pool errors, which carry no code", () => {
    expect(databaseErrorResponse(new Error('timeout exceeded when trying to connect'))?.status).toBe(503);
    expect(databaseErrorResponse(new Error('Connection terminated unexpectedly'))?.status).toBe(503);
    expect(databaseErrorResponse(new AggregateError([withCode('ECONNREFUSED')]))?.status).toBe(503);
  });

  it('leaves bugs alone: they stay 500s', () => {
    expect(databaseErrorResponse(withCode('42P01'))).toBeUndefined(); // undefined table
    expect(databaseErrorResponse(withCode('23505'))).toBeUndefined(); // unique violation
    expect(databaseErrorResponse(sqliteError(19))).toBeUndefined(); // SQLITE_CONSTRAINT
    expect(databaseErrorResponse(sqliteError(2067))).toBeUndefined(); // SQLITE_CONSTRAINT_UNIQUE
    expect(databaseErrorResponse(new TypeError('x is undefined'))).toBeUndefined();
    expect(databaseErrorResponse('not an error')).toBeUndefined();
  });
});

describe('bookRefusal', () => {
  const pgError = (code: string, constraint: string) => Object.assign(new Error('refused'), { code, constraint });
  it.each([
    ['PostgreSQL’s exclusion constraint', pgError('23P01', 'appointments_no_double_booking'), 'double-booking'],
    [
      'SQLite’s trigger (node:sqlite)',
      Object.assign(new Error('appointments_no_double_booking'), { code: 'ERR_SQLITE_ERROR', errcode: 1811 }),
      'double-booking',
    ],
    ['SQLite’s trigger (sql.js, the mock)', new Error('appointments_no_double_booking'), 'double-booking'],
    ['PostgreSQL’s unique key index', pgError('23505', 'appointments_idempotency_key'), 'key-taken'],
    ['SQLite’s unique key index', new Error('UNIQUE constraint failed: appointments.booked_by, appointments.idempotency_key'), 'key-taken'],
    ['another exclusion constraint', pgError('23P01', 'something_else'), undefined],
    ['another unique index', pgError('23505', 'clients_pkey'), undefined],
    ['a PostgreSQL error that mentions the name', pgError('42601', 'appointments_no_double_booking'), undefined],
    ['no error at all', 'appointments_no_double_booking', undefined],
  ])('%s: %s', (_name, error, refusal) => {
    expect(bookRefusal(error)).toBe(refusal);
  });
});
