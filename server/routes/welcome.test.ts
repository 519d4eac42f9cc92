/**
 * One-time sign-in links (issue 28): whose link it is, the password rule, signing in as POST /login does, used once,
 * expired after 24 hours, one account's link never another's, replaced by a newer one, throttled like sign-ins.
 */
import { describe, expect, it } from 'vitest';
import { apiPaths } from '#contract/paths';
import { SESSION_EXPIRES_HEADER } from '#contract/session-expires';
import { passwordMessages, SIGN_IN_LINK_EXPIRED } from '#contract/team';
import { asStaff, loggedIn, sessionCookieOf, withCookie, type LoggedInApp } from '../testing/test-app.ts';

const PASSWORD = 'a quiet harbour at dawn';
const EXPIRED = { message: SIGN_IN_LINK_EXPIRED };

async function invite(owner: LoggedInApp, username = 'ava'): Promise<string> {
  const response = await asStaff(owner, 'POST', apiPaths.staff, { payload: { username, role: 'staff' } });
  return response.json<{ link: { path: string } }>().link.path.split('/').pop() ?? '';
}

const look = (test: LoggedInApp, token: string, headers: Record<string, string> = {}) =>
  test.app.inject({ method: 'GET', url: apiPaths.welcomeLink(token), headers });
const use = (test: LoggedInApp, token: string, password = PASSWORD, headers: Record<string, string> = {}) =>
  test.app.inject({ method: 'POST', url: apiPaths.welcomeLink(token), payload: { password }, headers });

describe('a sign-in link', () => {
  it('says whose it is, then sets the password and signs in as POST /login does', async () => {
    const owner = await loggedIn();
    const token = await invite(owner);
    const seen = await look(owner, token);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toEqual({ username: 'ava' });
    expect(seen.headers['cache-control']).toBe('no-store');

    const used = await use(owner, token, PASSWORD, {
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
    });
    expect(used.statusCode).toBe(200);
    expect(used.json()).toEqual({ username: 'ava', role: 'staff' });
    expect(used.headers['set-cookie']).toMatch(/HttpOnly/);
    expect(used.headers[SESSION_EXPIRES_HEADER.toLowerCase()]).toBe(new Date(owner.clock.now + 12 * 3_600_000).toUTCString());
    const ava = withCookie(owner, sessionCookieOf(used));
    expect((await asStaff(ava, 'GET', apiPaths.me)).json()).toEqual({ username: 'ava', role: 'staff' });
    // The password set is the account's from now on.
    expect((await owner.app.inject({ method: 'POST', url: '/login', payload: { username: 'ava', password: PASSWORD } })).statusCode).toBe(
      200,
    );
    const staffRow = (await asStaff(owner, 'GET', apiPaths.staff)).json<Array<{ username: string; lastSignInAt: string | null }>>();
    expect(staffRow.find((member) => member.username === 'ava')?.lastSignInAt).toBe('2025-03-01T09:00:00.000Z');
    const entries = await owner.app.db
      .selectFrom('audit_entries')
      .select(['kind', 'actor'])
      .where('actor', '=', 'ava')
      .orderBy('seq')
      .execute();
    expect(entries.map((entry) => entry.kind)).toEqual(['password-changed', 'sign-in', 'sign-in']);
  });

  it('works once: a second use, or a look after it, is 410', async () => {
    const owner = await loggedIn();
    const token = await invite(owner);
    expect((await use(owner, token)).statusCode).toBe(200);
    const again = await use(owner, token, 'another long password');
    expect(again.statusCode).toBe(410);
    expect(again.json()).toEqual(EXPIRED);
    expect((await look(owner, token)).statusCode).toBe(410);
  });

  it('used twice at once: one sets the password, the other is 410', async () => {
    const owner = await loggedIn();
    const token = await invite(owner);
    const answers = await Promise.all([use(owner, token, 'first long password'), use(owner, token, 'second long password')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 410]);
  });

  it('expires after 24 hours', async () => {
    const owner = await loggedIn({ config: { session: { idleMinutes: 30, maxHours: 48 } } });
    const token = await invite(owner);
    owner.clock.advance(24 * 3_600_000 - 1000);
    expect((await look(owner, token)).statusCode).toBe(200);
    owner.clock.advance(1000);
    expect((await look(owner, token)).json()).toEqual(EXPIRED);
    expect((await use(owner, token)).statusCode).toBe(410);
  });

  it('opens only its own account, and a newer link replaces the older', async () => {
    const owner = await loggedIn();
    const avaToken = await invite(owner, 'ava');
    const benToken = await invite(owner, 'ben');
    expect((await look(owner, benToken)).json()).toEqual({ username: 'ben' });
    expect((await use(owner, avaToken)).json()).toEqual({ username: 'ava', role: 'staff' });
    expect((await look(owner, benToken)).json()).toEqual({ username: 'ben' });

    const newer = (await asStaff(owner, 'POST', apiPaths.staffPasswordReset('ben'))).json<{ path: string }>().path.split('/').pop() ?? '';
    expect((await look(owner, benToken)).statusCode).toBe(410);
    expect((await use(owner, newer)).json()).toEqual({ username: 'ben', role: 'staff' });
  });

  it('stops when the CLI sets the account’s password (npm run staff -- passwd)', async () => {
    const owner = await loggedIn();
    const token = await invite(owner);
    await owner.app.staffAccounts.changePassword('ava', 'set on the server’s terminal');
    expect((await look(owner, token)).json()).toEqual(EXPIRED);
  });

  it('does not open a disabled account', async () => {
    const owner = await loggedIn();
    const token = await invite(owner);
    await asStaff(owner, 'PATCH', apiPaths.staffMember('ava'), { payload: { status: 'disabled' } });
    expect((await look(owner, token)).json()).toEqual(EXPIRED);
    expect((await use(owner, token)).statusCode).toBe(410);
  });

  it.each([
    ['an unknown token', 'AAAAAAAAAAAAAAAAAAAAAA'],
    ['a malformed one', 'not-a-token'],
  ])('answers %s with the same 410', async (_kind, token) => {
    const owner = await loggedIn();
    expect((await look(owner, token)).json()).toEqual(EXPIRED);
    expect((await use(owner, token)).json()).toEqual(EXPIRED);
  });

  it.each([
    ['shorter than 12 characters', 'eleven char', passwordMessages.tooShort],
    ['common', 'qwerty123456', passwordMessages.tooCommon],
  ])('refuses a new password %s with 400, and stays usable', async (_kind, password, message) => {
    const owner = await loggedIn();
    const token = await invite(owner);
    const refused = await use(owner, token, password);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message });
    expect(refused.headers['set-cookie']).toBeUndefined();
    // The refusal is logged (400), without the link that still works.
    expect(owner.logs.join('\n')).toContain('/welcome-links/:token');
    expect(owner.logs.join('\n')).not.toContain(token);
    expect((await use(owner, token)).statusCode).toBe(200);
  });

  it('throttles guessing by address, together with the sign-ins: 429 and Retry-After, even for the right link', async () => {
    const owner = await loggedIn();
    const token = await invite(owner);
    const remoteAddress = '198.51.100.7';
    const guess = (index: number) =>
      owner.app.inject({ method: 'GET', url: apiPaths.welcomeLink(`guess${String(index).padStart(17, '0')}`), remoteAddress });
    // 20 failures per address (the test config): ten guessed links and ten failed logins.
    for (let index = 0; index < 10; index += 1) expect((await guess(index)).statusCode).toBe(410);
    for (let index = 0; index < 10; index += 1) {
      const login = await owner.app.inject({
        method: 'POST',
        url: '/login',
        payload: { username: `u${index}`, password: 'guess' },
        remoteAddress,
      });
      expect(login.statusCode).toBe(401);
    }
    const refused = await owner.app.inject({
      method: 'POST',
      url: apiPaths.welcomeLink(token),
      payload: { password: PASSWORD },
      remoteAddress,
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: 'Too many failed login attempts, try again later' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await owner.app.inject({ method: 'GET', url: apiPaths.welcomeLink(token), remoteAddress })).statusCode).toBe(429);
    // Another address goes on.
    expect((await owner.app.inject({ method: 'GET', url: apiPaths.welcomeLink(token), remoteAddress: '198.51.100.8' })).statusCode).toBe(
      200,
    );
  });
});
