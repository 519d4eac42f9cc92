/**
 * When a session ends at the latest (beyond the spec, whose login body is not read): a successful `POST /login`
 * answers with a `Session-Expires` header, an HTTP date (as `Expires` writes it), the login's time plus the server's
 * SESSION_MAX_HOURS. The SPA keeps its offline copy of the cache no longer (docs/offline.md). One reading for the
 * server, the mock and the SPA.
 */

export const SESSION_EXPIRES_HEADER = 'Session-Expires';

/** SESSION_MAX_HOURS when the server's settings leave it out; the mock's sessions last as long. */
export const DEFAULT_SESSION_MAX_HOURS = 12;

export const DEFAULT_SESSION_MAX_MS = DEFAULT_SESSION_MAX_HOURS * 60 * 60 * 1000;

/** The header's value for a session that ends at `endsAtMs`. */
export function sessionExpiresHeader(endsAtMs: number): string {
  return new Date(endsAtMs).toUTCString();
}

/**
 * When a login made at `loginAtMs` ends at the latest, from its `Session-Expires` header: the header's time when it
 * is a date after the login, else (no header, an older server, a value that is not a date) the default length.
 */
export function sessionEndFrom(header: string | null, loginAtMs: number): number {
  const endsAtMs = header === null ? Number.NaN : Date.parse(header);
  return Number.isFinite(endsAtMs) && endsAtMs > loginAtMs ? endsAtMs : loginAtMs + DEFAULT_SESSION_MAX_MS;
}
