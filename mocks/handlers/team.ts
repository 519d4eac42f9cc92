// The staff page, sign-in links and My account (issue 28) in the mock, on contract/'s rules (decision 034). Its store
// is one browser's: the staff page, a link and a disabled account are seen within that browser (sign out, open the
// link); two devices are the server's.
import { HttpResponse } from 'msw';
import { accountSessionOf } from '#contract/account-sessions';
import { passwordProblem } from '#contract/new-password';
import {
  ChangePasswordRequest,
  LAST_OWNER,
  NewStaffMember,
  NO_SUCH_ACCOUNT,
  NO_SUCH_SESSION,
  passwordMessages,
  SetPasswordRequest,
  SIGN_IN_LINK_EXPIRED,
  StaffChange,
  staffChangeAudit,
  USERNAME_TAKEN,
  type AuditKind,
} from '#contract/team';
import { mockDb } from '../db.ts';
import { teamDb } from '../team-db.ts';
import { signedIn } from './auth.ts';
import { errorResponse, recordAudit, route, userAgentOf } from './respond.ts';

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

/** The audit trail's entry of a team change, as the server records it: the session's account its actor. */
const recordTeam = (request: Request, kind: AuditKind, subject: string, detail?: string) =>
  recordAudit(request, { kind, actor: mockDb.sessionUser(), subject, detail: detail ?? null });

const staffNotFound = () => errorResponse(404, NO_SUCH_ACCOUNT);
const noStore = { 'Cache-Control': 'no-store' };
const usernameParam = (value: string | undefined) => String(value).toLowerCase();
/** The rule for a new password's refusal, as the server answers it. */
const refusedPassword = (password: string) => {
  const problem = passwordProblem(password);
  return problem === undefined ? undefined : errorResponse(400, problem);
};

export const teamHandlers = [
  route('GET /api/staff', () => HttpResponse.json(teamDb.list(openSessions), { headers: noStore })),

  route('POST /api/staff', { body: NewStaffMember }, ({ request, body: { username, role } }) => {
    const added = teamDb.add(username, role);
    if ('refused' in added) return errorResponse(409, USERNAME_TAKEN);
    recordTeam(request, 'account-added', username, role);
    return HttpResponse.json({ member: teamDb.member(username, openSessions), link: added.link }, { status: 201, headers: noStore });
  }),

  route('PATCH /api/staff/:username', { body: StaffChange }, ({ request, params, body }) => {
    const username = usernameParam(params.username);
    const result = teamDb.change(username, body, openSessions);
    if (result.outcome === 'not-found') return staffNotFound();
    if (result.outcome === 'last-owner') return errorResponse(409, LAST_OWNER);
    for (const { kind, detail } of staffChangeAudit(result.before, result.member)) recordTeam(request, kind, username, detail);
    if (result.member.status === 'disabled') endSessionsOf(username);
    return HttpResponse.json(teamDb.member(username, openSessions));
  }),

  route('POST /api/staff/:username/password-reset', ({ request, params }) => {
    const username = usernameParam(params.username);
    const link = teamDb.resetPassword(username);
    if (!link) return staffNotFound();
    recordTeam(request, 'password-reset', username);
    endSessionsOf(username);
    return HttpResponse.json(link, { headers: noStore });
  }),

  route('POST /api/staff/:username/sign-out', ({ request, params }) => {
    const username = usernameParam(params.username);
    if (!teamDb.roleOf(username)) return staffNotFound();
    recordTeam(request, 'sessions-ended', username, String(openSessions(username)));
    endSessionsOf(username);
    return new HttpResponse(null, { status: 204 });
  }),

  // Outside /api: whoever opens the link has no session. Used, expired, unknown: 410 with the same words.
  route('GET /welcome-links/:token', ({ params }) => {
    const username = teamDb.linkOwner(String(params.token));
    return username === undefined ? errorResponse(410, SIGN_IN_LINK_EXPIRED) : HttpResponse.json({ username }, { headers: noStore });
  }),

  route('POST /welcome-links/:token', { body: SetPasswordRequest }, ({ request, params, body: { password } }) => {
    const token = String(params.token);
    if (teamDb.linkOwner(token) === undefined) return errorResponse(410, SIGN_IN_LINK_EXPIRED);
    const refused = refusedPassword(password);
    if (refused) return refused;
    const account = teamDb.useLink(token, password);
    if (!account) return errorResponse(410, SIGN_IN_LINK_EXPIRED);
    recordAudit(request, { kind: 'password-changed', actor: account.username, subject: account.username, detail: 'sign-in link' });
    return signedIn(request, account);
  }),

  route('PUT /api/account/password', { body: ChangePasswordRequest }, ({ request, body: { currentPassword, newPassword } }) => {
    if (!teamDb.isPassword(mockDb.sessionUser(), currentPassword)) return errorResponse(400, passwordMessages.wrongCurrent);
    const refused = refusedPassword(newPassword);
    if (refused) return refused;
    teamDb.setPassword(mockDb.sessionUser(), newPassword);
    recordTeam(request, 'password-changed', mockDb.sessionUser());
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
    recordTeam(request, 'sessions-ended', mockDb.sessionUser(), '0');
    return new HttpResponse(null, { status: 204 });
  }),

  route('DELETE /api/account/sessions/:id', ({ request, params }) => {
    if (params.id !== MOCK_SESSION_ID) return errorResponse(404, NO_SUCH_SESSION);
    recordTeam(request, 'sessions-ended', mockDb.sessionUser(), '1');
    mockDb.endSession();
    return new HttpResponse(null, { status: 204 });
  }),
];
