/**
 * The staff page's API (issue 28): the accounts, a new one with its sign-in link, roles, disable / enable, password
 * reset and "Sign out everywhere"; there is always an active owner, also when two owners change each other at once.
 * Runs on SQLite and on PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import { SESSION_ENDED_EVENT } from '#contract/event-stream';
import { apiPaths } from '#contract/paths';
import { LAST_OWNER, SIGN_IN_LINK_EXPIRED, USERNAME_RULE, USERNAME_TAKEN, type StaffMember } from '#contract/team';
import { openEventStream } from '../testing/event-stream.ts';
import {
  asStaff,
  asStaffMember,
  listeningTestApp,
  loggedIn,
  logIn,
  sessionCookieOf,
  STAFF,
  STAFF_MEMBER,
  withCookie,
  type LoggedInApp,
} from '../testing/test-app.ts';

const NEW_PASSWORD = 'a quiet harbour at dawn';

/** Adds `username` through the staff page's API and sets its password through the link; returns its session cookie. */
async function addMember(owner: LoggedInApp, username: string, role: 'owner' | 'staff' = 'staff'): Promise<string> {
  const added = await asStaff(owner, 'POST', apiPaths.staff, { payload: { username, role } });
  expect(added.statusCode).toBe(201);
  const token = added.json<{ link: { path: string } }>().link.path.split('/').pop() ?? '';
  const used = await owner.app.inject({ method: 'POST', url: apiPaths.welcomeLink(token), payload: { password: NEW_PASSWORD } });
  expect(used.statusCode).toBe(200);
  return sessionCookieOf(used);
}

const as = withCookie;

async function auditEntries(test: LoggedInApp) {
  return test.app.db.selectFrom('audit_entries').select(['kind', 'actor', 'subject', 'detail']).orderBy('seq').execute();
}

describe('GET /api/staff', () => {
  it('lists every account: role, status, last sign-in and open sessions', async () => {
    const owner = await loggedIn();
    await logIn(owner.app); // a second session for nina
    await asStaffMember(owner);
    const response = await asStaff(owner, 'GET', apiPaths.staff);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual([
      { username: 'nina', role: 'owner', status: 'active', lastSignInAt: '2025-03-01T09:00:00.000Z', sessions: 2 },
      { username: 'sam', role: 'staff', status: 'active', lastSignInAt: '2025-03-01T09:00:00.000Z', sessions: 1 },
    ]);
  });

  it('counts only sessions still open (not past their idle time-out)', async () => {
    const owner = await loggedIn({ config: { session: { idleMinutes: 30, maxHours: 12 } } });
    const staff = await asStaffMember(owner);
    owner.clock.advance(20 * 60_000);
    const touchedAt = new Date(owner.clock.now).toISOString();
    await asStaff(owner, 'GET', apiPaths.me);
    // The session's use is written after the answer (server/auth/sessions.ts): on PostgreSQL beside another test file,
    // not always before the next request's count.
    const touched = () => owner.app.db.selectFrom('sessions').select('token_hash').where('last_seen_at', '=', touchedAt).execute();
    await expect.poll(async () => (await touched()).length).toBe(1);
    owner.clock.advance(20 * 60_000);
    const list = (await asStaff(owner, 'GET', apiPaths.staff)).json<StaffMember[]>();
    expect(list.map((member) => [member.username, member.sessions])).toEqual([
      ['nina', 1],
      ['sam', 0],
    ]);
    expect((await asStaff(staff, 'GET', apiPaths.me)).statusCode).toBe(401);
  });
});

describe('POST /api/staff', () => {
  it('adds an account with no usable password, and a one-time link valid 24 hours', async () => {
    const owner = await loggedIn();
    const response = await asStaff(owner, 'POST', apiPaths.staff, { payload: { username: 'Ava.Stone', role: 'staff' } });
    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json<{ member: StaffMember; link: { path: string; expiresAt: string } }>();
    expect(body.member).toEqual({ username: 'ava.stone', role: 'staff', status: 'active', lastSignInAt: null, sessions: 0 });
    expect(body.link.path).toMatch(/^\/welcome\/[A-Za-z0-9_-]{22}$/);
    expect(body.link.expiresAt).toBe('2025-03-02T09:00:00.000Z');
    // Nothing stored holds the token itself.
    const token = body.link.path.split('/').pop() ?? '';
    const stored = await owner.app.db.selectFrom('sign_in_links').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(token);
    // No password opens it, not even an empty or a made-up one.
    for (const password of ['', 'anything at all', '!']) {
      expect((await owner.app.inject({ method: 'POST', url: '/login', payload: { username: 'ava.stone', password } })).statusCode).not.toBe(
        200,
      );
    }
    expect(await auditEntries(owner)).toContainEqual({ kind: 'account-added', actor: 'nina', subject: 'ava.stone', detail: 'staff' });
  });

  it.each([
    ['two letters', 'jo'],
    ['a space', 'ava stone'],
    ['an @', 'ava@salon'],
    ['33 characters', 'a'.repeat(33)],
  ])('refuses a username with %s: 400 with the rule', async (_kind, username) => {
    const owner = await loggedIn();
    const response = await asStaff(owner, 'POST', apiPaths.staff, { payload: { username, role: 'staff' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: USERNAME_RULE });
  });

  it('refuses a username already taken, in any case: 409', async () => {
    const owner = await loggedIn();
    const response = await asStaff(owner, 'POST', apiPaths.staff, { payload: { username: 'NINA', role: 'staff' } });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: USERNAME_TAKEN });
  });
});

describe('PATCH /api/staff/:username', () => {
  it('changes a role, which the account’s next request carries', async () => {
    const owner = await loggedIn();
    const staff = await asStaffMember(owner);
    const response = await asStaff(owner, 'PATCH', apiPaths.staffMember('sam'), { payload: { role: 'owner' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ username: 'sam', role: 'owner', status: 'active', lastSignInAt: expect.any(String), sessions: 1 });
    expect((await asStaff(staff, 'GET', apiPaths.me)).json()).toEqual({ username: 'sam', role: 'owner' });
    expect(await auditEntries(owner)).toContainEqual({ kind: 'role-changed', actor: 'nina', subject: 'sam', detail: 'owner' });
  });

  it('disables an account: its sessions end, it cannot log in; enabled, it can again', async () => {
    const owner = await loggedIn();
    const staff = await asStaffMember(owner);
    const disabled = await asStaff(owner, 'PATCH', apiPaths.staffMember('sam'), { payload: { status: 'disabled' } });
    expect(disabled.json()).toMatchObject({ status: 'disabled', sessions: 0 });
    expect((await asStaff(staff, 'GET', apiPaths.clients)).statusCode).toBe(401);
    expect((await owner.app.inject({ method: 'POST', url: '/login', payload: STAFF_MEMBER })).statusCode).toBe(401);

    const enabled = await asStaff(owner, 'PATCH', apiPaths.staffMember('sam'), { payload: { status: 'active' } });
    expect(enabled.json()).toMatchObject({ status: 'active' });
    await logIn(owner.app, STAFF_MEMBER);
    const kinds = (await auditEntries(owner)).filter((entry) => entry.subject === 'sam').map((entry) => entry.kind);
    expect(kinds).toEqual(['account-disabled', 'account-enabled']);
  });

  it('answers 404 for an account that does not exist', async () => {
    const owner = await loggedIn();
    expect((await asStaff(owner, 'PATCH', apiPaths.staffMember('ghost'), { payload: { role: 'owner' } })).statusCode).toBe(404);
  });

  it.each([
    ['making it staff', { role: 'staff' }],
    ['disabling it', { status: 'disabled' }],
  ])('refuses %s when it is the last active owner: 409, nothing changed', async (_kind, change) => {
    const owner = await loggedIn();
    await asStaffMember(owner);
    const response = await asStaff(owner, 'PATCH', apiPaths.staffMember('nina'), { payload: change });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: LAST_OWNER });
    expect((await asStaff(owner, 'GET', apiPaths.me)).json()).toEqual({ username: 'nina', role: 'owner' });
  });

  it('counts a disabled owner as no owner', async () => {
    const owner = await loggedIn();
    await addMember(owner, 'olga', 'owner');
    expect((await asStaff(owner, 'PATCH', apiPaths.staffMember('olga'), { payload: { status: 'disabled' } })).statusCode).toBe(200);
    expect((await asStaff(owner, 'PATCH', apiPaths.staffMember('nina'), { payload: { role: 'staff' } })).statusCode).toBe(409);
  });

  it('lets one of two owners step down; two demoting each other at once: exactly one succeeds', async () => {
    for (let round = 0; round < 3; round += 1) {
      const nina = await loggedIn();
      const olga = as(nina, await addMember(nina, 'olga', 'owner'));
      const [first, second] = await Promise.all([
        asStaff(nina, 'PATCH', apiPaths.staffMember('olga'), { payload: { role: 'staff' } }),
        asStaff(olga, 'PATCH', apiPaths.staffMember('nina'), { payload: { status: 'disabled' } }),
      ]);
      // The loser is refused by the rule (409), or, when the winner committed first, as staff now (403), or as signed
      // out (401): Olga's winning change disabled Nina's account, which ends her sessions before her request is read.
      expect([first.statusCode, second.statusCode].sort()).toEqual([200, expect.toBeOneOf([401, 403, 409])]);
      const owners = (await asStaff(first.statusCode === 200 ? nina : olga, 'GET', apiPaths.staff))
        .json<StaffMember[]>()
        .filter((member) => member.role === 'owner' && member.status === 'active');
      expect(owners).toHaveLength(1);
    }
  });
});

describe('POST /api/staff/:username/password-reset', () => {
  it('stops the old password at once, ends the sessions, and gives a new link, which replaces the older one', async () => {
    const owner = await loggedIn();
    const staff = await asStaffMember(owner);
    const response = await asStaff(owner, 'POST', apiPaths.staffPasswordReset('sam'));
    expect(response.statusCode).toBe(200);
    const link = response.json<{ path: string; expiresAt: string }>();
    expect(link.path).toMatch(/^\/welcome\/[A-Za-z0-9_-]{22}$/);
    expect((await asStaff(staff, 'GET', apiPaths.me)).statusCode).toBe(401);
    expect((await owner.app.inject({ method: 'POST', url: '/login', payload: STAFF_MEMBER })).statusCode).toBe(401);

    const again = (await asStaff(owner, 'POST', apiPaths.staffPasswordReset('sam'))).json<{ path: string }>();
    const token = (path: string) => path.split('/').pop() ?? '';
    const old = await owner.app.inject({ method: 'GET', url: apiPaths.welcomeLink(token(link.path)) });
    expect(old.statusCode).toBe(410);
    expect(old.json()).toEqual({ message: SIGN_IN_LINK_EXPIRED });
    expect((await owner.app.inject({ method: 'GET', url: apiPaths.welcomeLink(token(again.path)) })).json()).toEqual({ username: 'sam' });
    expect((await auditEntries(owner)).filter((entry) => entry.kind === 'password-reset')).toEqual([
      { kind: 'password-reset', actor: 'nina', subject: 'sam', detail: null },
      { kind: 'password-reset', actor: 'nina', subject: 'sam', detail: null },
    ]);
  });

  it('answers 404 for an account that does not exist', async () => {
    const owner = await loggedIn();
    expect((await asStaff(owner, 'POST', apiPaths.staffPasswordReset('ghost'))).statusCode).toBe(404);
  });
});

describe('POST /api/staff/:username/sign-out', () => {
  it('ends every session of the account, and says how many in the trail', async () => {
    const owner = await loggedIn();
    const staff = await asStaffMember(owner);
    const other = as(owner, await logIn(owner.app, STAFF_MEMBER));
    expect((await asStaff(owner, 'POST', apiPaths.staffSignOut('SAM'))).statusCode).toBe(204);
    expect((await asStaff(staff, 'GET', apiPaths.me)).statusCode).toBe(401);
    expect((await asStaff(other, 'GET', apiPaths.me)).statusCode).toBe(401);
    expect((await asStaff(owner, 'GET', apiPaths.me)).statusCode).toBe(200);
    expect(await auditEntries(owner)).toContainEqual({ kind: 'sessions-ended', actor: 'nina', subject: 'sam', detail: '2' });
    // The password still works.
    await logIn(owner.app, STAFF_MEMBER);
  });

  it('answers 404 for an account that does not exist', async () => {
    const owner = await loggedIn();
    expect((await asStaff(owner, 'POST', apiPaths.staffSignOut('ghost'))).statusCode).toBe(404);
  });
});

describe('ending an account’s sessions on one instance', () => {
  it.each([
    ['disable', (test: LoggedInApp) => asStaff(test, 'PATCH', apiPaths.staffMember('sam'), { payload: { status: 'disabled' } })],
    ['reset its password', (test: LoggedInApp) => asStaff(test, 'POST', apiPaths.staffPasswordReset('sam'))],
    ['sign it out everywhere', (test: LoggedInApp) => asStaff(test, 'POST', apiPaths.staffSignOut('sam'))],
  ])('%s: its next request is 401 and its open event stream ends within a second', async (_action, act) => {
    const listening = await listeningTestApp();
    const owner = Object.assign(listening, { cookie: await logIn(listening.app) });
    const staff = await asStaffMember(owner);
    const stream = await openEventStream(listening.port, staff.cookie);
    await stream.ready();
    const ownStream = await openEventStream(listening.port, owner.cookie);
    await ownStream.ready();
    let ownStreamEnded = false;
    const markEnded = () => void (ownStreamEnded = true);
    ownStream.ended.then(markEnded, markEnded);

    const started = performance.now();
    expect((await act(owner)).statusCode).toBeLessThan(300);
    expect((await asStaff(staff, 'GET', apiPaths.clients)).statusCode).toBe(401);
    await stream.ended;
    expect(performance.now() - started).toBeLessThan(1000);
    // Its last event says so: the tab signs out at once, not at its reconnection 3 s later.
    expect(stream.messages.at(-1)?.event).toBe(SESSION_ENDED_EVENT);
    // The owner's own stream stays open.
    expect((await asStaff(owner, 'GET', apiPaths.clients)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(ownStreamEnded).toBe(false);
  });
});

describe('staff page routes for staff', () => {
  it('refuses a staff member with 403 and changes nothing', async () => {
    const owner = await loggedIn();
    const staff = await asStaffMember(owner);
    const response = await asStaff(staff, 'PATCH', apiPaths.staffMember(STAFF.username), { payload: { status: 'disabled' } });
    expect(response.statusCode).toBe(403);
    expect((await asStaff(owner, 'GET', apiPaths.me)).statusCode).toBe(200);
  });
});
