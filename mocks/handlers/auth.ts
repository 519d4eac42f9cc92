import { HttpResponse } from 'msw';
import { own, passwordSignIn, sessionStarted } from '#contract/account-sessions';
import { LoginRequest } from '#contract/api';
import { clearedSessionCookie, type Answered } from '#contract/http';
import type { RelyingParty } from '#contract/passkey-ceremonies';
import { DEFAULT_SESSION_MAX_MS } from '#contract/session-expires';
import type { Role } from '#contract/team';
import { signIn } from '#contract/team-service';
import { mockDb } from '../db.ts';
import { recordAudit, respond, route } from './respond.ts';

/** A token of the server's shape (43 base64url characters); the mock never reads it back. */
const MOCK_SESSION_TOKEN = 'mock-session-token-of-the-demo-account-0000';

/**
 * The session of `account` begins: the login's 200, also the answer of a sign-in link that set a password, and of a
 * passkey sign-in (`how` says with which passkey, in the audit trail).
 */
export async function signedIn(account: { username: string; role: Role }, how?: string): Promise<Answered> {
  mockDb.startSession(account.username);
  // The mock's sessions last as long as the real server's by default. Its cookie is the server's in form only: the
  // mock keeps the session itself (mockDb), and a page cannot set an HttpOnly cookie anyway.
  return sessionStarted(account, { token: MOCK_SESSION_TOKEN, secure: false, endsAt: Date.now() + DEFAULT_SESSION_MAX_MS }, how);
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
  // The demo accounts, and those added on the staff page once their sign-in link set a password (team-db.ts).
  route('POST /login', { body: LoginRequest }, async ({ request, body: { username, password } }) =>
    respond(
      request,
      await passwordSignIn(username, await mockDb.team(({ team }) => signIn(team, username, password)), {
        secondStepOptions: (account) => mockDb.team(({ passkeys }) => passkeys.secondStepOptions(account.id, relyingParty(request))),
        async start(account) {
          await mockDb.team(({ team }) => team.recordSignIn(account.id, new Date().toISOString()));
          return signedIn(account);
        },
      }),
    ),
  ),

  route('GET /api/me', ({ request }) => respond(request, own({ username: mockDb.sessionUser(), role: mockDb.sessionRole() }))),

  route('POST /logout', async ({ request }) => {
    if (mockDb.hasSession()) await recordAudit(request, { kind: 'sign-out', actor: mockDb.sessionUser() });
    mockDb.endSession();
    return new HttpResponse(null, { status: 204, headers: { 'Set-Cookie': clearedSessionCookie(false) } });
  }),
];
