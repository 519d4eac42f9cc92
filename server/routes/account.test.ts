/**
 * My account (issue 28): change the password (the current one first, the rule, the other sessions end), the
 * account's sessions with browser and system, and signing them out. Runs on SQLite and on PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import { apiPaths } from '#contract/paths';
import { passwordMessages, type AccountSession } from '#contract/team';
import { describeUserAgent } from '#contract/account-sessions';
import {
  asStaff,
  asStaffMember,
  loggedIn,
  sessionCookieOf,
  STAFF,
  STAFF_MEMBER,
  withCookie,
  type LoggedInApp,
} from '../testing/test-app.ts';

const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Mobile Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const EDGE_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36 Edg/142.0.0.0';
const FIREFOX_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:133.0) Gecko/20100101 Firefox/133.0';

async function signIn(
  test: LoggedInApp,
  userAgent: string,
  remoteAddress = '203.0.113.5',
  account: { username: string; password: string } = STAFF,
): Promise<LoggedInApp> {
  const response = await test.app.inject({
    method: 'POST',
    url: '/login',
    payload: account,
    headers: { 'user-agent': userAgent },
    remoteAddress,
  });
  return withCookie(test, sessionCookieOf(response));
}

const changePassword = (test: LoggedInApp, currentPassword: string, newPassword: string) =>
  asStaff(test, 'PUT', apiPaths.accountPassword, { payload: { currentPassword, newPassword } });

describe('PUT /api/account/password', () => {
  it('changes the password: the other sessions end, this one stays, the old password stops working', async () => {
    const test = await loggedIn();
    const other = await signIn(test, CHROME_ANDROID);
    const response = await changePassword(test, STAFF.password, 'a brand new passphrase');
    expect(response.statusCode).toBe(204);
    expect((await asStaff(test, 'GET', apiPaths.me)).statusCode).toBe(200);
    expect((await asStaff(other, 'GET', apiPaths.me)).statusCode).toBe(401);
    expect((await test.app.inject({ method: 'POST', url: '/login', payload: STAFF })).statusCode).toBe(401);
    const login = await test.app.inject({
      method: 'POST',
      url: '/login',
      payload: { username: STAFF.username, password: 'a brand new passphrase' },
    });
    expect(login.statusCode).toBe(200);
    const entries = await test.app.db
      .selectFrom('audit_entries')
      .select(['kind', 'actor', 'subject'])
      .where('kind', '=', 'password-changed')
      .execute();
    expect(entries).toEqual([{ kind: 'password-changed', actor: 'nina', subject: 'nina' }]);
  });

  it('asks for the current password first: a wrong one is 400 and changes nothing', async () => {
    const test = await loggedIn();
    const other = await signIn(test, CHROME_ANDROID);
    const response = await changePassword(test, 'not my password', 'a brand new passphrase');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: passwordMessages.wrongCurrent });
    expect((await asStaff(other, 'GET', apiPaths.me)).statusCode).toBe(200);
    expect((await test.app.inject({ method: 'POST', url: '/login', payload: STAFF })).statusCode).toBe(200);
  });

  it.each([
    ['shorter than 12 characters', 'eleven char', passwordMessages.tooShort],
    ['common', 'passwordpassword', passwordMessages.tooCommon],
  ])('refuses a new password %s with 400', async (_kind, newPassword, message) => {
    const test = await loggedIn();
    const response = await changePassword(test, STAFF.password, newPassword);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it('throttles guessing the current password as sign-ins are: 429 after five wrong ones', async () => {
    const test = await loggedIn();
    for (let attempt = 0; attempt < 5; attempt += 1)
      expect((await changePassword(test, `guess ${attempt}`, 'a brand new passphrase')).statusCode).toBe(400);
    const refused = await changePassword(test, STAFF.password, 'a brand new passphrase');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});

describe('GET /api/account/sessions', () => {
  it('lists this account’s open sessions with browser, system, address and times; this one is current', async () => {
    const first = await loggedIn();
    first.clock.advance(60_000);
    const phone = await signIn(first, CHROME_ANDROID, '203.0.113.9');
    first.clock.advance(5 * 60_000);
    const laptop = await signIn(first, FIREFOX_MAC, '198.51.100.20');
    await asStaffMember(first); // another account's session is not listed
    const response = await asStaff(laptop, 'GET', apiPaths.accountSessions);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const sessions = response.json<AccountSession[]>();
    expect(sessions).toEqual([
      {
        id: expect.any(String),
        browser: 'Firefox 133',
        system: 'macOS',
        ip: '198.51.100.20',
        signedInAt: '2025-03-01T09:06:00.000Z',
        lastUsedAt: '2025-03-01T09:06:00.000Z',
        current: true,
      },
      expect.objectContaining({ browser: 'Chrome 142', system: 'Android 14', ip: '203.0.113.9', current: false }),
      expect.objectContaining({ browser: null, system: null, current: false }),
    ]);
    expect(new Set(sessions.map((session) => session.id)).size).toBe(3);
    expect((await asStaff(phone, 'GET', apiPaths.accountSessions)).json<AccountSession[]>().filter((session) => session.current)).toEqual([
      expect.objectContaining({ browser: 'Chrome 142' }),
    ]);
  });

  it('names the common browsers and systems', () => {
    expect(describeUserAgent(SAFARI_IPHONE)).toEqual({ browser: 'Safari 18', system: 'iOS 18' });
    expect(describeUserAgent(EDGE_WINDOWS)).toEqual({ browser: 'Microsoft Edge 142', system: 'Windows' });
    expect(describeUserAgent('curl/8.5.0')).toEqual({ browser: null, system: null });
    expect(describeUserAgent(null)).toEqual({ browser: null, system: null });
  });
});

describe('DELETE /api/account/sessions/:id and /api/account/sessions', () => {
  it('signs out one other session; another account’s session or an unknown id is 404', async () => {
    const test = await loggedIn();
    const phone = await signIn(test, CHROME_ANDROID);
    const staff = await asStaffMember(test);
    const phoneId =
      (await asStaff(phone, 'GET', apiPaths.accountSessions)).json<AccountSession[]>().find((session) => session.current)?.id ?? '';
    const staffId = (await asStaff(staff, 'GET', apiPaths.accountSessions)).json<AccountSession[]>()[0]?.id ?? '';

    expect((await asStaff(test, 'DELETE', apiPaths.accountSession(staffId))).statusCode).toBe(404);
    expect((await asStaff(staff, 'GET', apiPaths.me)).statusCode).toBe(200);
    expect((await asStaff(test, 'DELETE', apiPaths.accountSession('nope'))).statusCode).toBe(404);
    expect((await asStaff(test, 'DELETE', apiPaths.accountSession(phoneId))).statusCode).toBe(204);
    expect((await asStaff(phone, 'GET', apiPaths.me)).statusCode).toBe(401);
    expect((await asStaff(test, 'GET', apiPaths.me)).statusCode).toBe(200);
    expect((await asStaff(test, 'DELETE', apiPaths.accountSession(phoneId))).statusCode).toBe(404);
  });

  it('signs out every other session of this account, this one and other accounts’ staying', async () => {
    const test = await loggedIn();
    const phone = await signIn(test, CHROME_ANDROID);
    const laptop = await signIn(test, FIREFOX_MAC);
    const staff = await signIn(await asStaffMember(test), SAFARI_IPHONE, '203.0.113.5', STAFF_MEMBER);
    expect((await asStaff(test, 'DELETE', apiPaths.accountSessions)).statusCode).toBe(204);
    expect((await asStaff(phone, 'GET', apiPaths.me)).statusCode).toBe(401);
    expect((await asStaff(laptop, 'GET', apiPaths.me)).statusCode).toBe(401);
    expect((await asStaff(test, 'GET', apiPaths.me)).statusCode).toBe(200);
    expect((await asStaff(staff, 'GET', apiPaths.me)).statusCode).toBe(200);
    expect((await asStaff(test, 'GET', apiPaths.accountSessions)).json()).toHaveLength(1);
    const entries = await test.app.db
      .selectFrom('audit_entries')
      .select(['kind', 'actor', 'subject', 'detail'])
      .where('kind', '=', 'sessions-ended')
      .execute();
    expect(entries).toEqual([{ kind: 'sessions-ended', actor: 'nina', subject: 'nina', detail: '2' }]);
  });
});
