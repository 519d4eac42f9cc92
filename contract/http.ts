/**
 * HTTP as a standard client expects it (issue 27), one reading for the server and the mock: the challenge of a 401
 * and the methods each path allows (405 names them in Allow).
 */

/**
 * Every 401's `WWW-Authenticate` (RFC 9110 section 11.6.1: at least one challenge). The `Cookie` scheme of
 * draft-broyer-http-cookie-auth: log in with the form at /login, which sets the session cookie. Never `Basic`: a
 * browser answers Basic and Digest with its own password dialog, and an unknown scheme with nothing.
 */
export const SESSION_CHALLENGE = 'Cookie realm="Your Beauty Salon", form-action="/login", cookie-name="salon_session"';

/** The Allow header of a 405: the methods, HEAD beside every GET (a GET route answers HEAD too). */
export function allowHeader(methods: Iterable<string>): string {
  const allowed = new Set([...methods].map((method) => method.toUpperCase()));
  if (allowed.has('GET')) allowed.add('HEAD');
  const order = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
  return [...allowed].sort((a, b) => order.indexOf(a) - order.indexOf(b)).join(', ');
}

export const methodNotAllowedMessage = 'Method not allowed';
