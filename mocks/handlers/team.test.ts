/** The staff accounts, sign-in links and My account in the mock (issue 28), as the real server answers them. */
import { describe, expect, it } from 'vitest';
import { SESSION_EXPIRES_HEADER } from '#contract/session-expires';
import {
  AccountSessionList,
  LAST_OWNER,
  ownerOnly,
  passwordMessages,
  SIGN_IN_LINK_EXPIRED,
  SignInLink,
  StaffList,
  StaffMemberWithLink,
  USERNAME_RULE,
  USERNAME_TAKEN,
} from '#contract/team';
import { mockDb } from '../db.ts';
import { teamDb } from '../team-db.ts';
import { mockSignIn } from '../testing/sign-in.ts';
import { callWithHeaders as call } from '../testing/call.ts';

const login = (username: string, password: string) => call('POST', '/login', { username, password });
const tokenOf = (path: string) => path.replace('/welcome/', '');

/** The owner adds `username`; the token of its link. */
async function added(username: string, role = 'staff'): Promise<string> {
  await login('admin', 'admin');
  const response = await call('POST', '/api/staff', { username, role });
  expect(response.status).toBe(201);
  return tokenOf(StaffMemberWithLink.parse(response.json).link.path);
}

describe('mock: the staff page', () => {
  it('lists the demo accounts for an owner, the open session counted', async () => {
    await login('admin', 'admin');
    const response = await call('GET', '/api/staff');
    expect(response.status).toBe(200);
    expect(StaffList.parse(response.json)).toEqual([
      { username: 'admin', role: 'owner', status: 'active', lastSignInAt: expect.any(String), sessions: 1 },
      { username: 'sam', role: 'staff', status: 'active', lastSignInAt: null, sessions: 0 },
    ]);
  });

  it('answers staff 403 on every owner-only route, and no session 401', async () => {
    const routes = [
      ['GET', '/api/staff', undefined],
      ['POST', '/api/staff', { username: 'lena', role: 'staff' }],
      ['PATCH', '/api/staff/admin', { status: 'disabled' }],
      ['POST', '/api/staff/admin/password-reset', undefined],
      ['POST', '/api/staff/admin/sign-out', undefined],
    ] as const;
    for (const [method, path, body] of routes) expect((await call(method, path, body)).status).toBe(401);
    await login('sam', 'sam');
    for (const [method, path, body] of routes) {
      expect(await call(method, path, body)).toMatchObject({ status: 403, json: { message: ownerOnly.manageStaff } });
    }
    expect(await mockSignIn('admin', 'admin')).not.toBeNull();
  });

  it('refuses a username taken or against the rule', async () => {
    await login('admin', 'admin');
    expect(await call('POST', '/api/staff', { username: 'SAM', role: 'staff' })).toMatchObject({
      status: 409,
      json: { message: USERNAME_TAKEN },
    });
    expect(await call('POST', '/api/staff', { username: 'a b', role: 'staff' })).toMatchObject({
      status: 400,
      json: { message: USERNAME_RULE },
    });
    expect(await call('POST', '/api/staff', { username: 'ab', role: 'staff' })).toMatchObject({
      status: 400,
      json: { message: USERNAME_RULE },
    });
  });

  it('keeps one active owner: the last one can be neither disabled nor made staff', async () => {
    await login('admin', 'admin');
    expect(await call('PATCH', '/api/staff/admin', { status: 'disabled' })).toMatchObject({ status: 409, json: { message: LAST_OWNER } });
    expect(await call('PATCH', '/api/staff/admin', { role: 'staff' })).toMatchObject({ status: 409, json: { message: LAST_OWNER } });
    expect((await call('PATCH', '/api/staff/sam', { role: 'owner' })).json).toMatchObject({ username: 'sam', role: 'owner' });
    expect((await call('PATCH', '/api/staff/admin', { role: 'staff' })).json).toMatchObject({ username: 'admin', role: 'staff' });
    // Now staff: the staff page is refused at the next call.
    expect((await call('GET', '/api/staff')).status).toBe(403);
    expect((await call('PATCH', '/api/staff/nobody', { status: 'active' })).status).toBe(403);
  });

  it('a disabled account can no longer sign in, and its open session gets 401', async () => {
    await login('admin', 'admin');
    expect(await call('PATCH', '/api/staff/sam', { status: 'disabled' })).toMatchObject({ status: 200, json: { status: 'disabled' } });
    expect((await login('sam', 'sam')).status).toBe(401);
    // The owner makes another owner and is disabled by them: the owner's own session ends.
    await call('PATCH', '/api/staff/sam', { status: 'active', role: 'owner' });
    await login('sam', 'sam');
    expect((await call('PATCH', '/api/staff/admin', { status: 'disabled' })).status).toBe(200);
    expect((await call('GET', '/api/me')).json).toEqual({ username: 'sam', role: 'owner' });
    await login('sam', 'sam');
    await call('PATCH', '/api/staff/sam', { status: 'disabled' }).then((response) => expect(response.status).toBe(409));
  });

  it('Sign out everywhere and Reset password end the account’s session; the reset also its password', async () => {
    await login('admin', 'admin');
    expect((await call('POST', '/api/staff/admin/sign-out')).status).toBe(204);
    expect((await call('GET', '/api/clients')).status).toBe(401);

    await login('admin', 'admin');
    const reset = await call('POST', '/api/staff/sam/password-reset');
    expect(reset.status).toBe(200);
    expect(SignInLink.parse(reset.json).path).toMatch(/^\/welcome\/[\w-]{22}$/);
    expect((await login('sam', 'sam')).status).toBe(401);
    expect((await call('POST', '/api/staff/nobody/password-reset')).status).toBe(404);
  });
});

describe('mock: sign-in links', () => {
  it('says whose link it is; set once, it logs in as a login does and is used', async () => {
    const token = await added('lena');
    await call('POST', '/logout');
    expect(await call('GET', `/welcome-links/${token}`)).toMatchObject({ status: 200, json: { username: 'lena' } });
    expect((await login('lena', 'a long passphrase')).status).toBe(401);

    const set = await call('POST', `/welcome-links/${token}`, { password: 'a long passphrase' });
    expect(set).toMatchObject({ status: 200, json: { username: 'lena', role: 'staff' } });
    expect(set.headers.get(SESSION_EXPIRES_HEADER)).not.toBeNull();
    expect((await call('GET', '/api/me')).json).toEqual({ username: 'lena', role: 'staff' });

    expect(await call('GET', `/welcome-links/${token}`)).toMatchObject({ status: 410, json: { message: SIGN_IN_LINK_EXPIRED } });
    expect((await call('POST', `/welcome-links/${token}`, { password: 'another passphrase' })).status).toBe(410);
    expect((await login('lena', 'a long passphrase')).status).toBe(200);
  });

  it('applies the length rule and the common list, not to the demo passwords', async () => {
    const token = await added('lena');
    expect(await call('POST', `/welcome-links/${token}`, { password: 'short' })).toMatchObject({
      status: 400,
      json: { message: passwordMessages.tooShort },
    });
    expect(await call('POST', `/welcome-links/${token}`, { password: 'password1234' })).toMatchObject({
      status: 400,
      json: { message: passwordMessages.tooCommon },
    });
    expect((await call('GET', `/welcome-links/${token}`)).status).toBe(200);
    expect((await login('sam', 'sam')).status).toBe(200);
  });

  it('an expired, unknown or replaced link is 410', async () => {
    const token = await added('lena');
    await teamDb.expireLinks();
    expect(await call('GET', `/welcome-links/${token}`)).toMatchObject({ status: 410, json: { message: SIGN_IN_LINK_EXPIRED } });
    expect((await call('GET', '/welcome-links/unknown-token')).status).toBe(410);

    await login('admin', 'admin');
    const first = tokenOf(SignInLink.parse((await call('POST', '/api/staff/sam/password-reset')).json).path);
    await login('admin', 'admin');
    const second = tokenOf(SignInLink.parse((await call('POST', '/api/staff/sam/password-reset')).json).path);
    expect((await call('GET', `/welcome-links/${first}`)).status).toBe(410);
    expect((await call('GET', `/welcome-links/${second}`)).status).toBe(200);
  });
});

describe('mock: My account', () => {
  it('changes the password after the current one, with the rules', async () => {
    await login('sam', 'sam');
    const change = (currentPassword: string, newPassword: string) => call('PUT', '/api/account/password', { currentPassword, newPassword });
    expect(await change('wrong', 'a long passphrase')).toMatchObject({ status: 400, json: { message: passwordMessages.wrongCurrent } });
    expect(await change('sam', 'short')).toMatchObject({ status: 400, json: { message: passwordMessages.tooShort } });
    expect((await change('sam', 'a long passphrase')).status).toBe(204);
    expect((await login('sam', 'sam')).status).toBe(401);
    expect((await login('sam', 'a long passphrase')).status).toBe(200);
  });

  it('has one session, this device; ending it ends the session', async () => {
    expect((await call('GET', '/api/account/sessions')).status).toBe(401);
    await login('sam', 'sam');
    const sessions = AccountSessionList.parse((await call('GET', '/api/account/sessions')).json);
    expect(sessions).toEqual([expect.objectContaining({ id: 'this-device', current: true })]);
    expect((await call('DELETE', '/api/account/sessions')).status).toBe(204);
    expect((await call('DELETE', '/api/account/sessions/other')).status).toBe(404);
    expect(mockDb.hasSession()).toBe(true);
    expect((await call('DELETE', '/api/account/sessions/this-device')).status).toBe(204);
    expect((await call('GET', '/api/account/sessions')).status).toBe(401);
  });

  it('names the browser and system from the User-Agent, as the server does', async () => {
    await login('sam', 'sam');
    const userAgent =
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Mobile Safari/537.36';
    const response = await fetch('http://localhost/api/account/sessions', { headers: { 'User-Agent': userAgent } });
    expect(AccountSessionList.parse(await response.json())).toEqual([
      expect.objectContaining({ browser: 'Chrome 142', system: 'Android 14', current: true }),
    ]);
  });
});
