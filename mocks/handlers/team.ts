// The staff page, sign-in links and My account (issue 28) in the mock, on contract/'s rules (decision 034). Its store
// is one browser's: the staff page, a link and a disabled account are seen within that browser (sign out, open the
// link); two devices are the server's.
import { HttpResponse } from 'msw';
import { accountSessionOf } from '#contract/account-sessions';
import {
  ChangePasswordRequest,
  NewStaffMember,
  NO_SUCH_SESSION,
  passwordMessages,
  SetPasswordRequest,
  SIGN_IN_LINK_EXPIRED,
  StaffChange,
  type AuditKind,
} from '#contract/team';
import { createTeamService } from '#contract/team-service';
import { mockDb } from '../db.ts';
import { createMockTeamStore, teamDb } from '../team-db.ts';
import { signedIn } from './auth.ts';
import { errorResponse, recordAudit, respond, route, userAgentOf } from './respond.ts';

/** The mock has one session, this browser's: an account has it open or has none. */
const openSessions = (username: string) => (mockDb.hasSession() && mockDb.sessionUser() === username ? 1 : 0);

/** The one session's id in "Your sessions". */
const MOCK_SESSION_ID = 'this-device';

/** Ends the browser's session when it is `username`'s: its next call is 401, as on the server. How many ended. */
function endSessionsOf(username: string): number {
  const open = openSessions(username);
  if (open > 0) mockDb.endSession();
  return open;
}

/** The staff operations the server runs too, on the mock's store. */
export const teamService = createTeamService(createMockTeamStore({ open: openSessions, end: endSessionsOf }));

/** The audit trail's entry of a team change, as the server records it: `actor` the session's account when it began. */
const recordTeam = (request: Request, actor: string, kind: AuditKind, subject: string, detail?: string) =>
  recordAudit(request, { kind, actor, subject, detail: detail ?? null });

const noStore = { 'Cache-Control': 'no-store' };

export const teamHandlers = [
  route('GET /api/staff', async ({ request }) => respond(request, await teamService.list())),
  route('POST /api/staff', { body: NewStaffMember }, async ({ request, body }) =>
    respond(request, await teamService.invite(mockDb.sessionUser(), body)),
  ),
  route('PATCH /api/staff/:username', { body: StaffChange }, async ({ request, params, body }) =>
    respond(request, await teamService.change(mockDb.sessionUser(), String(params.username), body)),
  ),
  route('POST /api/staff/:username/password-reset', async ({ request, params }) =>
    respond(request, await teamService.resetPassword(mockDb.sessionUser(), String(params.username))),
  ),
  route('POST /api/staff/:username/sign-out', async ({ request, params }) =>
    respond(request, await teamService.signOutEverywhere(mockDb.sessionUser(), String(params.username))),
  ),

  // Outside /api: whoever opens the link has no session. Used, expired, unknown: 410 with the same words.
  route('GET /welcome-links/:token', async ({ params }) => {
    const account = await teamService.usableLink(String(params.token));
    if (!account) return errorResponse(410, SIGN_IN_LINK_EXPIRED);
    return HttpResponse.json({ username: account.username }, { headers: noStore });
  }),

  route('POST /welcome-links/:token', { body: SetPasswordRequest }, async ({ request, params, body: { password } }) => {
    const result = await teamService.useLink(String(params.token), password);
    if (result.outcome === 'expired') return errorResponse(410, SIGN_IN_LINK_EXPIRED);
    if (result.outcome === 'refused') return errorResponse(400, result.message);
    const { username } = result.account;
    recordAudit(request, { kind: 'password-changed', actor: username, subject: username, detail: 'sign-in link' });
    return signedIn(request, result.account);
  }),

  route('PUT /api/account/password', { body: ChangePasswordRequest }, async ({ request, body: { currentPassword, newPassword } }) => {
    const username = mockDb.sessionUser();
    const session = { staffId: username, tokenHash: MOCK_SESSION_ID };
    const result = await teamService.changeOwnPassword(session, currentPassword, newPassword);
    if (result.outcome === 'wrong-current') return errorResponse(400, passwordMessages.wrongCurrent);
    if (result.outcome === 'refused') return errorResponse(400, result.message);
    recordTeam(request, username, 'password-changed', username);
    return new HttpResponse(null, { status: 204 });
  }),

  route('GET /api/account/sessions', ({ request }) => {
    const [userAgent, now] = [userAgentOf(request), new Date().toISOString()];
    const signedInAt = teamDb.signedInAt() ?? now;
    const session = accountSessionOf({ id: MOCK_SESSION_ID, userAgent, ip: null, signedInAt, lastUsedAt: now, current: true });
    return HttpResponse.json([session], { headers: noStore });
  }),

  // Every other session: the mock has none.
  route('DELETE /api/account/sessions', ({ request }) => {
    const username = mockDb.sessionUser();
    recordTeam(request, username, 'sessions-ended', username, '0');
    return new HttpResponse(null, { status: 204 });
  }),

  route('DELETE /api/account/sessions/:id', ({ request, params }) => {
    if (params.id !== MOCK_SESSION_ID) return errorResponse(404, NO_SUCH_SESSION);
    const username = mockDb.sessionUser();
    recordTeam(request, username, 'sessions-ended', username, '1');
    mockDb.endSession();
    return new HttpResponse(null, { status: 204 });
  }),
];
