// The staff page, sign-in links and My account (issue 28) in the mock. Its store is one browser's: the staff page, a
// link and a disabled account are seen within that browser (sign out, open the link); two devices are the server's.
import { http, HttpResponse } from 'msw';
import {
  ChangePasswordRequest,
  LAST_OWNER,
  NewStaffMember,
  ownerOnly,
  passwordMessages,
  SetPasswordRequest,
  SIGN_IN_LINK_EXPIRED,
  StaffChange,
  USERNAME_TAKEN,
  type AccountSession,
} from '#contract/team';
import { mockDb } from '../db.ts';
import { passwordRefusal, teamDb } from '../team-db.ts';
import { signedIn } from './auth.ts';
import { errorResponse, parseBody, requireOwner, requireSession } from './respond.ts';

/** The mock has one session, this browser's: an account has it open or has none. */
const openSessions = (username: string) => (mockDb.hasSession() && mockDb.sessionUser() === username ? 1 : 0);

/** The one session's id in "Your sessions". */
const MOCK_SESSION_ID = 'this-device';

/** Ends the browser's session when it is `username`'s: its next call is 401, as on the server. */
function endSessionsOf(username: string) {
  if (openSessions(username) > 0) mockDb.endSession();
}

const staffNotFound = () => errorResponse(404, 'Staff member not found');
const noStore = { 'Cache-Control': 'no-store' };
const usernameParam = (value: string | readonly string[] | undefined) => String(value).toLowerCase();

/** "Chrome 142" and "Android" from a User-Agent, as the server shows them; null when it does not say. */
export function describeUserAgent(userAgent: string | null): { browser: string | null; system: string | null } {
  const ua = userAgent ?? '';
  const named = (pattern: RegExp, name: string) => {
    const match = pattern.exec(ua);
    return match ? `${name} ${match[1]}` : null;
  };
  const browser =
    named(/Edg\/(\d+)/, 'Edge') ??
    named(/Firefox\/(\d+)/, 'Firefox') ??
    named(/Chrome\/(\d+)/, 'Chrome') ??
    named(/Version\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari/, 'Safari');
  const system = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X/.test(ua)
          ? 'macOS'
          : /CrOS/.test(ua)
            ? 'ChromeOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : null;
  return { browser, system };
}

function passwordProblem(password: string): Response | undefined {
  const refusal = passwordRefusal(password);
  return refusal === undefined ? undefined : errorResponse(400, refusal);
}

export const teamHandlers = [
  http.get('*/api/staff', () => requireOwner(ownerOnly.manageStaff) ?? HttpResponse.json(teamDb.list(openSessions), { headers: noStore })),

  http.post('*/api/staff', async ({ request }) => {
    const refused = requireOwner(ownerOnly.manageStaff);
    if (refused) return refused;
    const body = await parseBody(request, NewStaffMember);
    if (!body.ok) return body.response;
    const added = teamDb.add(body.data.username, body.data.role);
    if ('refused' in added) return errorResponse(409, USERNAME_TAKEN);
    return HttpResponse.json({ member: teamDb.member(body.data.username, openSessions), link: added.link }, { status: 201 });
  }),

  http.patch('*/api/staff/:username', async ({ request, params }) => {
    const refused = requireOwner(ownerOnly.manageStaff);
    if (refused) return refused;
    const body = await parseBody(request, StaffChange);
    if (!body.ok) return body.response;
    const username = usernameParam(params.username);
    const refusal = teamDb.change(username, body.data);
    if (refusal === 'not-found') return staffNotFound();
    if (refusal === 'last-owner') return errorResponse(409, LAST_OWNER);
    if (body.data.status === 'disabled') endSessionsOf(username);
    return HttpResponse.json(teamDb.member(username, openSessions));
  }),

  http.post('*/api/staff/:username/password-reset', ({ params }) => {
    const refused = requireOwner(ownerOnly.manageStaff);
    if (refused) return refused;
    const username = usernameParam(params.username);
    const reset = teamDb.resetPassword(username);
    if ('refused' in reset) return staffNotFound();
    endSessionsOf(username);
    return HttpResponse.json(reset.link);
  }),

  http.post('*/api/staff/:username/sign-out', ({ params }) => {
    const refused = requireOwner(ownerOnly.manageStaff);
    if (refused) return refused;
    const username = usernameParam(params.username);
    if (!teamDb.roleOf(username)) return staffNotFound();
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
    const problem = passwordProblem(body.data.password);
    if (problem) return problem;
    const account = teamDb.useLink(token, body.data.password);
    return account ? signedIn(request, account) : errorResponse(410, SIGN_IN_LINK_EXPIRED);
  }),

  http.put('*/api/account/password', async ({ request }) => {
    const refused = requireSession();
    if (refused) return refused;
    const body = await parseBody(request, ChangePasswordRequest);
    if (!body.ok) return body.response;
    const username = mockDb.sessionUser();
    if (!teamDb.isPassword(username, body.data.currentPassword)) return errorResponse(400, passwordMessages.wrongCurrent);
    const problem = passwordProblem(body.data.newPassword);
    if (problem) return problem;
    teamDb.setPassword(username, body.data.newPassword);
    return new HttpResponse(null, { status: 204 });
  }),

  http.get('*/api/account/sessions', ({ request }) => {
    const refused = requireSession();
    if (refused) return refused;
    const now = new Date().toISOString();
    // The service worker's request may lack the User-Agent header; the page's navigator has it.
    const userAgent = request.headers.get('User-Agent') ?? (typeof navigator === 'undefined' ? null : navigator.userAgent);
    const session: AccountSession = {
      id: MOCK_SESSION_ID,
      ...describeUserAgent(userAgent),
      ip: null,
      signedInAt: teamDb.signedInAt() ?? now,
      lastUsedAt: now,
      current: true,
    };
    return HttpResponse.json([session], { headers: noStore });
  }),

  // Every other session: the mock has none.
  http.delete('*/api/account/sessions', () => requireSession() ?? new HttpResponse(null, { status: 204 })),

  http.delete('*/api/account/sessions/:sessionId', ({ params }) => {
    const refused = requireSession();
    if (refused) return refused;
    if (params.sessionId !== MOCK_SESSION_ID) return errorResponse(404, 'Session not found');
    mockDb.endSession();
    return new HttpResponse(null, { status: 204 });
  }),
];
