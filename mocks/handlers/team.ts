// The staff page, sign-in links and My account (issue 28) in the mock, on contract/'s rules (decision 034). Its store
// is one browser's: the staff page, a link and a disabled account are seen within that browser (sign out, open the
// link); two devices are the server's.
import { http, HttpResponse } from 'msw';
import { accountSessionOf } from '#contract/account-sessions';
import { passwordProblem } from '#contract/new-password';
import {
  ChangePasswordRequest,
  LAST_OWNER,
  NewStaffMember,
  NO_SUCH_ACCOUNT,
  NO_SUCH_SESSION,
  ownerOnly,
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
import { errorResponse, parseBody, parseBodyAfter, recordAudit, requireOwner, requireSession } from './respond.ts';

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
const usernameParam = (value: string | readonly string[] | undefined) => String(value).toLowerCase();
/** The rule for a new password's refusal, as the server answers it. */
const refusedPassword = (password: string) => {
  const problem = passwordProblem(password);
  return problem === undefined ? undefined : errorResponse(400, problem);
};

export const teamHandlers = [
  http.get('*/api/staff', () => requireOwner(ownerOnly.manageStaff) ?? HttpResponse.json(teamDb.list(openSessions), { headers: noStore })),

  http.post('*/api/staff', async ({ request }) => {
    const body = await parseBodyAfter(requireOwner(ownerOnly.manageStaff), request, NewStaffMember);
    if (!body.ok) return body.response;
    const added = teamDb.add(body.data.username, body.data.role);
    if ('refused' in added) return errorResponse(409, USERNAME_TAKEN);
    recordTeam(request, 'account-added', body.data.username, body.data.role);
    return HttpResponse.json(
      { member: teamDb.member(body.data.username, openSessions), link: added.link },
      { status: 201, headers: noStore },
    );
  }),

  http.patch('*/api/staff/:username', async ({ request, params }) => {
    const body = await parseBodyAfter(requireOwner(ownerOnly.manageStaff), request, StaffChange);
    if (!body.ok) return body.response;
    const username = usernameParam(params.username);
    const result = teamDb.change(username, body.data, openSessions);
    if (result.outcome === 'not-found') return staffNotFound();
    if (result.outcome === 'last-owner') return errorResponse(409, LAST_OWNER);
    for (const { kind, detail } of staffChangeAudit(result.before, result.member)) recordTeam(request, kind, username, detail);
    if (result.member.status === 'disabled') endSessionsOf(username);
    return HttpResponse.json(teamDb.member(username, openSessions));
  }),

  http.post('*/api/staff/:username/password-reset', ({ request, params }) => {
    const username = usernameParam(params.username);
    const refused = requireOwner(ownerOnly.manageStaff);
    const link = refused ? undefined : teamDb.resetPassword(username);
    if (!link) return refused ?? staffNotFound();
    recordTeam(request, 'password-reset', username);
    endSessionsOf(username);
    return HttpResponse.json(link, { headers: noStore });
  }),

  http.post('*/api/staff/:username/sign-out', ({ request, params }) => {
    const username = usernameParam(params.username);
    const refused = requireOwner(ownerOnly.manageStaff) ?? (teamDb.roleOf(username) ? undefined : staffNotFound());
    if (refused) return refused;
    recordTeam(request, 'sessions-ended', username, String(openSessions(username)));
    endSessionsOf(username);
    return new HttpResponse(null, { status: 204 });
  }),

  // Outside /api: whoever opens the link has no session. Used, expired, unknown: 410 with the same words.
  http.get('*/welcome-links/:token', ({ params }) => {
    const username = teamDb.linkOwner(String(params.token));
    return username === undefined ? errorResponse(410, SIGN_IN_LINK_EXPIRED) : HttpResponse.json({ username }, { headers: noStore });
  }),

  http.post('*/welcome-links/:token', async ({ request, params }) => {
    const token = String(params.token);
    if (teamDb.linkOwner(token) === undefined) return errorResponse(410, SIGN_IN_LINK_EXPIRED);
    const body = await parseBody(request, SetPasswordRequest);
    if (!body.ok) return body.response;
    const refused = refusedPassword(body.data.password);
    if (refused) return refused;
    const account = teamDb.useLink(token, body.data.password);
    if (!account) return errorResponse(410, SIGN_IN_LINK_EXPIRED);
    recordAudit(request, { kind: 'password-changed', actor: account.username, subject: account.username, detail: 'sign-in link' });
    return signedIn(request, account);
  }),

  http.put('*/api/account/password', async ({ request }) => {
    const body = await parseBodyAfter(requireSession(), request, ChangePasswordRequest);
    if (!body.ok) return body.response;
    const { currentPassword, newPassword } = body.data;
    if (!teamDb.isPassword(mockDb.sessionUser(), currentPassword)) return errorResponse(400, passwordMessages.wrongCurrent);
    const refused = refusedPassword(newPassword);
    if (refused) return refused;
    teamDb.setPassword(mockDb.sessionUser(), newPassword);
    recordTeam(request, 'password-changed', mockDb.sessionUser());
    return new HttpResponse(null, { status: 204 });
  }),

  http.get('*/api/account/sessions', ({ request }) => {
    const now = new Date().toISOString();
    // The service worker's request may lack the User-Agent header; the page's navigator has it.
    const userAgent = request.headers.get('User-Agent') ?? (typeof navigator === 'undefined' ? null : navigator.userAgent);
    const signedInAt = teamDb.signedInAt() ?? now;
    const session = accountSessionOf({ id: MOCK_SESSION_ID, userAgent, ip: null, signedInAt, lastUsedAt: now, current: true });
    return requireSession() ?? HttpResponse.json([session], { headers: noStore });
  }),

  // Every other session: the mock has none.
  http.delete('*/api/account/sessions', ({ request }) => {
    const refused = requireSession();
    if (refused) return refused;
    recordTeam(request, 'sessions-ended', mockDb.sessionUser(), '0');
    return new HttpResponse(null, { status: 204 });
  }),

  http.delete('*/api/account/sessions/:sessionId', ({ request, params }) => {
    const refused = requireSession() ?? (params.sessionId === MOCK_SESSION_ID ? undefined : errorResponse(404, NO_SUCH_SESSION));
    if (refused) return refused;
    recordTeam(request, 'sessions-ended', mockDb.sessionUser(), '1');
    mockDb.endSession();
    return new HttpResponse(null, { status: 204 });
  }),
];
