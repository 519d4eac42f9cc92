// The staff page, sign-in links and My account (issue 28) in the mock, on contract/'s rules (decision 034). Its store
// is one browser's: the staff page, a link and a disabled account are seen within that browser (sign out, open the
// link); two devices are the server's.
import { accountSessionOf, own, ownSessionsEnded, sessionEnded } from '#contract/account-sessions';
import { ChangePasswordRequest, NewStaffMember, SetPasswordRequest, StaffChange } from '#contract/team';
import { linkUseAnswer, ownPasswordAnswer, welcomeLinkAnswer } from '#contract/team-service';
import { mockDb } from '../db.ts';
import { signedIn } from './auth.ts';
import { respond, route, userAgentOf } from './respond.ts';

/** The one session's id in "Your sessions". */
const MOCK_SESSION_ID = 'this-device';

export const teamHandlers = [
  route('GET /api/staff', async ({ request }) => respond(request, await mockDb.team(({ staff }) => staff.list()))),
  route('POST /api/staff', { body: NewStaffMember }, async ({ request, body }) =>
    respond(request, await mockDb.team(({ staff }) => staff.invite(mockDb.sessionUser(), body))),
  ),
  route('PATCH /api/staff/:username', { body: StaffChange }, async ({ request, params, body }) =>
    respond(request, await mockDb.team(({ staff }) => staff.change(mockDb.sessionUser(), String(params.username), body))),
  ),
  route('POST /api/staff/:username/password-reset', async ({ request, params }) =>
    respond(request, await mockDb.team(({ staff }) => staff.resetPassword(mockDb.sessionUser(), String(params.username)))),
  ),
  route('POST /api/staff/:username/sign-out', async ({ request, params }) =>
    respond(request, await mockDb.team(({ staff }) => staff.signOutEverywhere(mockDb.sessionUser(), String(params.username)))),
  ),

  // Outside /api: whoever opens the link has no session. Used, expired, unknown: 410 with the same words.
  route('GET /welcome-links/:token', async ({ request, params }) =>
    respond(request, welcomeLinkAnswer(await mockDb.team(({ staff }) => staff.usableLink(String(params.token))))),
  ),
  route('POST /welcome-links/:token', { body: SetPasswordRequest }, async ({ request, params, body: { password } }) =>
    respond(
      request,
      await linkUseAnswer(await mockDb.team(({ staff }) => staff.useLink(String(params.token), password)), (account) => signedIn(account)),
    ),
  ),

  route('PUT /api/account/password', { body: ChangePasswordRequest }, async ({ request, body: { currentPassword, newPassword } }) => {
    const username = mockDb.sessionUser();
    const session = { staffId: username, tokenHash: MOCK_SESSION_ID };
    return respond(
      request,
      ownPasswordAnswer(username, await mockDb.team(({ staff }) => staff.changeOwnPassword(session, currentPassword, newPassword))),
    );
  }),

  route('GET /api/account/sessions', ({ request }) => {
    const [userAgent, now] = [userAgentOf(request), new Date().toISOString()];
    const signedInAt = mockDb.signedInAt() ?? now;
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
