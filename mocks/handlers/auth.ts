import { HttpResponse } from 'msw';
import { LoginRequest } from '#contract/api';
import { clearedSessionCookie, sessionCookie } from '#contract/http';
import type { RelyingParty } from '#contract/passkey-ceremonies';
import { passkeyMessages } from '#contract/passkeys';
import { DEFAULT_SESSION_MAX_MS, SESSION_EXPIRES_HEADER, sessionExpiresHeader } from '#contract/session-expires';
import { INVALID_CREDENTIALS, type Role } from '#contract/team';
import { mockDb } from '../db.ts';
import { passkeyCeremonies, teamDb } from '../team-db.ts';
import { recordAudit, route, SESSION_CHALLENGE_HEADERS, unauthorized } from './respond.ts';

/** A token of the server's shape (43 base64url characters); the mock never reads it back. */
const MOCK_SESSION_TOKEN = 'mock-session-token-of-the-demo-account-0000';

/**
 * The session of `account` begins: the login's 200, also the answer of a sign-in link that set a password, and of a
 * passkey sign-in (`how` says with which passkey, in the audit trail).
 */
export function signedIn(request: Request, account: { username: string; role: Role }, how?: string): Response {
  mockDb.startSession(account.username);
  teamDb.signedIn(account.username);
  recordAudit(request, { kind: 'sign-in', actor: account.username, ...(how === undefined ? {} : { detail: how }) });
  // The mock's sessions last as long as the real server's by default. Its cookie is the server's in form only: the
  // mock keeps the session itself (mockDb), and a page cannot set an HttpOnly cookie anyway.
  return HttpResponse.json(
    { username: account.username, role: account.role },
    {
      headers: {
        [SESSION_EXPIRES_HEADER]: sessionExpiresHeader(Date.now() + DEFAULT_SESSION_MAX_MS),
        'Set-Cookie': sessionCookie(MOCK_SESSION_TOKEN, false),
      },
    },
  );
}

/**
 * The relying party: the page's origin and host, where the browser puts its own in what it signs. In Node (the tests
 * of tests/api) there is no page: the request's.
 */
export function relyingParty(request: Request): RelyingParty {
  const origin = typeof location === 'undefined' ? new URL(request.url).origin : location.origin;
  return { origin, rpID: new URL(origin).hostname };
}

export const authHandlers = [
  route('POST /login', { body: LoginRequest }, async ({ request, body: { username, password } }) => {
    // The demo accounts, and those added on the staff page once their sign-in link set a password (team-db.ts).
    const account = teamDb.verify(username, password);
    if (!account) {
      recordAudit(request, { kind: 'sign-in-failed', actor: username.trim().toLowerCase() });
      return unauthorized(INVALID_CREDENTIALS);
    }
    // Issue 30: an account that asks for its passkey after the password is never signed in by the password alone.
    const passkeyOptions = await passkeyCeremonies.secondStepOptions(account.username, relyingParty(request));
    if (passkeyOptions) {
      return HttpResponse.json({ message: passkeyMessages.confirm, passkeyOptions }, { status: 401, headers: SESSION_CHALLENGE_HEADERS });
    }
    return signedIn(request, account);
  }),

  route('GET /api/me', () =>
    HttpResponse.json({ username: mockDb.sessionUser(), role: mockDb.sessionRole() }, { headers: { 'Cache-Control': 'no-store' } }),
  ),

  route('POST /logout', ({ request }) => {
    if (mockDb.hasSession()) recordAudit(request, { kind: 'sign-out', actor: mockDb.sessionUser() });
    mockDb.endSession();
    return new HttpResponse(null, { status: 204, headers: { 'Set-Cookie': clearedSessionCookie(false) } });
  }),
];
