/** Database errors outside this server's control (a lock, a restart, a full disk): 503 or 507, not a 500. */
export type DatabaseErrorResponse = { status: 503 | 507; message: string; retryAfterSeconds?: number };

const BUSY: DatabaseErrorResponse = { status: 503, message: 'The database is busy, try again shortly', retryAfterSeconds: 2 };
const UNAVAILABLE: DatabaseErrorResponse = { status: 503, message: 'The database is unavailable, try again shortly', retryAfterSeconds: 5 };
const FULL: DatabaseErrorResponse = { status: 507, message: 'The server has no space left to store this' };

/** The primary result codes of SQLite (sqlite3.h) that this server tells apart. */
export const SQLITE = { BUSY: 5, LOCKED: 6, READONLY: 8, CORRUPT: 11, FULL: 13, CANTOPEN: 14, NOTADB: 26 } as const;

/**
 * The primary result code of an error node:sqlite threw, undefined for any other error. Its `errcode` may be an
 * extended code, whose low byte is the primary one: SQLITE_BUSY_RECOVERY (another process is stuck recovering the
 * WAL) is 261, SQLITE_BUSY (5) + 1 << 8.
 */
export function sqliteResultCode(error: unknown): number | undefined {
  const { code, errcode } = (error ?? {}) as { code?: unknown; errcode?: unknown };
  return code === 'ERR_SQLITE_ERROR' && typeof errcode === 'number' ? errcode & 0xff : undefined;
}

function sqliteResponse(code: number): DatabaseErrorResponse | undefined {
  if (code === SQLITE.BUSY || code === SQLITE.LOCKED) return BUSY;
  return code === SQLITE.FULL ? FULL : undefined;
}

/** PostgreSQL's SQLSTATE codes (class 08 is handled as a whole). */
const POSTGRES: Record<string, DatabaseErrorResponse> = {
  '57P01': UNAVAILABLE, // admin_shutdown
  '57P02': UNAVAILABLE, // crash_shutdown
  '57P03': UNAVAILABLE, // cannot_connect_now (starting up, shutting down, recovering)
  '53300': UNAVAILABLE, // too_many_connections
  '57014': BUSY, // query_canceled (statement_timeout)
  '40001': BUSY, // serialization_failure
  '40P01': BUSY, // deadlock_detected
  '55P03': BUSY, // lock_not_available
  '53100': FULL, // disk_full
};

/** Errors of the socket or of pg's pool, before any SQLSTATE could be read. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
const POOL_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Query read timeout',
  'not queryable',
  'Client was closed',
];

/** The response to `error` when the database could not serve (not a bug), else undefined. */
export function databaseErrorResponse(error: unknown): DatabaseErrorResponse | undefined {
  if (!(error instanceof Error)) return undefined;
  const sqlite = sqliteResultCode(error);
  if (sqlite !== undefined) return sqliteResponse(sqlite);
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    const known = POSTGRES[code];
    if (known) return known;
    if (/^08[0-9A-Z]{3}$/.test(code) || NETWORK_CODES.has(code)) return UNAVAILABLE;
    if (/^[0-9A-Z]{5}$/.test(code)) return undefined;
  }
  if (error instanceof AggregateError) return error.errors.map(databaseErrorResponse).find(Boolean);
  return POOL_MESSAGES.some((message) => error.message.includes(message)) ? UNAVAILABLE : undefined;
}

/** The name both databases refuse a double booking with (migration 0012): the constraint, or the trigger's message. */
const DOUBLE_BOOKING = 'appointments_no_double_booking';
/** The unique index of a member's Idempotency-Keys of bookings (migration 0012). */
const BOOKING_KEY_INDEX = 'appointments_idempotency_key';
/** SQLite's refusal of a unique index names its columns, not the index. */
const BOOKING_KEY_COLUMNS = 'appointments.booked_by, appointments.idempotency_key';
/** The name both databases refuse a second open hold of a member's time with (migration 0015). */
const DOUBLE_HOLD = 'booking_holds_no_double_hold';

/**
 * Which of the book's own refusals a write met, undefined for any other error: an appointment overlapping another of
 * the member's (PostgreSQL's exclusion constraint, SQLSTATE 23P01; SQLite's trigger, from node:sqlite on the server
 * and from sql.js in the mock, whose errors carry the message alone), or a booking's Idempotency-Key sent at the same
 * time by another request (23505; SQLite's UNIQUE), or a visitor's hold overlapping another open one of the member
 * (issue 41: 23P01 again, or its trigger). Read once, here, for the server and the mock alike.
 */
export function bookRefusal(error: unknown): 'double-booking' | 'double-hold' | 'key-taken' | undefined {
  if (!(error instanceof Error)) return undefined;
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  if (code === '23P01' && constraint === DOUBLE_BOOKING) return 'double-booking';
  if (code === '23P01' && constraint === DOUBLE_HOLD) return 'double-hold';
  if (code === '23505' && constraint === BOOKING_KEY_INDEX) return 'key-taken';
  if (typeof code === 'string' && code !== 'ERR_SQLITE_ERROR') return undefined;
  if (error.message.includes(DOUBLE_BOOKING)) return 'double-booking';
  if (error.message.includes(DOUBLE_HOLD)) return 'double-hold';
  return error.message.includes(BOOKING_KEY_COLUMNS) ? 'key-taken' : undefined;
}
