// The staff page, sign-in links and My account (issue 28) in the mock, on contract/'s rules (decision 034). Its store
// is one browser's: the staff page, a link and a disabled account are seen within that browser (sign out, open the
// link); two devices are the server's.
import { accountSessionOf, own, ownSessionsEnded, sessionEnded } from '#contract/account-sessions';
import { ChangePasswordRequest, NewStaffMember, SetPasswordRequest, StaffChange } from '#contract/team';
import { createTeamService, linkUseAnswer, ownPasswordAnswer, welcomeLinkAnswer } from '#contract/team-service';
import { mockDb } from '../db.ts';
import { createMockTeamStore, teamDb } from '../team-db.ts';
import { signedIn } from './auth.ts';
import { respond, route, userAgentOf } from './respond.ts';

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
  route('GET /welcome-links/:token', async ({ request, params }) =>
    respond(request, welcomeLinkAnswer(await teamService.usableLink(String(params.token)))),
  ),
  route('POST /welcome-links/:token', { body: SetPasswordRequest }, async ({ request, params, body: { password } }) =>
    respond(request, await linkUseAnswer(await teamService.useLink(String(params.token), password), (account) => signedIn(account))),
  ),

  route('PUT /api/account/password', { body: ChangePasswordRequest }, async ({ request, body: { currentPassword, newPassword } }) => {
    const username = mockDb.sessionUser();
    const session = { staffId: username, tokenHash: MOCK_SESSION_ID };
    return respond(request, ownPasswordAnswer(username, await teamService.changeOwnPassword(session, currentPassword, newPassword)));
  }),

  route('GET /api/account/sessions', ({ request }) => {
    const [userAgent, now] = [userAgentOf(request), new Date().toISOString()];
    const signedInAt = teamDb.signedInAt() ?? now;
    return respond(
      request,
      own([accountSessionOf({ id: MOCK_SESSION_ID, userAgent, ip: null, signedInAt, lastUsedAt: now, current: true })]),
    );
  }),
  // Every other session: the mock has none.
  route('DELETE /api/account/sessions', ({ request }) => respond(request, ownSessionsEnded(mockDb.sessionUser(), 0))),
  route('DELETE /api/account/sessions/:id', ({ request, params }) => {
    const [username, found] = [mockDb.sessionUser(), params.id === MOCK_SESSION_ID];
    if (found) mockDb.endSession();
    return respond(request, sessionEnded(username, found));
  }),
];
