/**
 * HTTP as a standard client expects it (issue 27), one reading for the server and the mock: the session cookie, the
 * challenge of a 401 and the methods each path allows (405 names them in Allow).
 */
import type { AuditKind } from './audit-kinds.ts';

/** SPEC.md's alert text: every failed sign-in answers it, whichever way it failed (a password, a passkey). */
export const INVALID_CREDENTIALS = 'Invalid username or password';

/** A fault of ours: the only words a 500 says, beside its request id. */
export const INTERNAL_ERROR_MESSAGE = 'Internal server error';

/** The session cookie's name (docs/decisions/006-session-cookie.md). */
export const SESSION_COOKIE = 'salon_session';

function attributes(secure: boolean): string {
  return `Path=/; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

/** The Set-Cookie of a login: the token, HttpOnly, SameSite=Strict, Secure over HTTPS. */
export function sessionCookie(token: string, secure: boolean): string {
  return `${SESSION_COOKIE}=${token}; ${attributes(secure)}`;
}

/** The Set-Cookie that removes it: a logout, or a session refused. */
export function clearedSessionCookie(secure: boolean): string {
  return `${SESSION_COOKIE}=; ${attributes(secure)}; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}

/**
 * Every 401's `WWW-Authenticate` (RFC 9110 section 11.6.1: at least one challenge). The `Cookie` scheme of
 * draft-broyer-http-cookie-auth: log in with the form at /login, which sets the session cookie. Never `Basic`: a
 * browser answers Basic and Digest with its own password dialog, and an unknown scheme with nothing.
 */
export const SESSION_CHALLENGE = `Cookie realm="Your Beauty Salon", form-action="/login", cookie-name="${SESSION_COOKIE}"`;

/** The Allow header of a 405: the methods, HEAD beside every GET (a GET route answers HEAD too). */
export function allowHeader(methods: Iterable<string>): string {
  const allowed = new Set([...methods].map((method) => method.toUpperCase()));
  if (allowed.has('GET')) allowed.add('HEAD');
  const order = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
  return [...allowed].sort((a, b) => order.indexOf(a) - order.indexOf(b)).join(', ');
}

export const methodNotAllowedMessage = 'Method not allowed';

/** An answer decided once for the server's route and the mock's handler: its status, JSON body and headers. */
export type Answer<S extends number = number, B = unknown> = { status: S; body: B; headers?: Record<string, string> };

/** No cache keeps it: a one-time link, the staff list, an account's own settings. */
export const NO_STORE = { 'Cache-Control': 'no-store' } as const;

/**
 * An entry an operation adds to the audit trail (issue 28). Who records it adds when, and the request's address and
 * browser.
 */
export type AuditRecord = { kind: AuditKind; actor: string; subject?: string | null; detail?: string | null };

/**
 * An operation's answer and the audit trail's entries it adds, decided once for the server's route and the mock's
 * handler (docs/decisions/036-answers-written-once.md): each sends the answer and records the entries.
 */
export type Answered<B = unknown> = Answer<number, B> & { audit?: readonly AuditRecord[] };

/** A refusal: its status and the short message every error body carries. */
export const refusal = (status: number, message: string, headers?: Record<string, string>): Answered<{ message: string }> => ({
  status,
  body: { message },
  ...(headers && { headers }),
});

/** A request header as one string: a repeated one joined with commas (RFC 9110 section 5.3), as Node may hand it over. */
export const headerValue = (header: string | readonly string[] | null | undefined): string | null | undefined =>
  typeof header === 'string' || header === null || header === undefined ? header : header.join(', ');

/** A 200 no cache keeps: the imports, the merges, the possible duplicates, the audit trail. */
export const uncached = <B>(body: B): Answered<B> => ({ status: 200, body, headers: NO_STORE });
