import { describe, expect, it, vi } from 'vitest';
import { parsePasswordHash, verifyPassword } from '../auth/password.ts';
import { createStaffAccounts } from '../auth/staff-accounts.ts';
import { hashSessionToken } from '../auth/session-cookie.ts';
import { TEST_HASHING } from '../testing/in-process-config.ts';
import { createTestApp, logIn, sessionCookieOf, STAFF, type TestApp } from '../testing/test-app.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

function login(test: TestApp, body: unknown, headers: Record<string, string> = {}, remoteAddress?: string) {
  return test.app.inject({
    method: 'POST',
    url: '/login',
    payload: body as string | object,
    headers,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

function listClients(test: TestApp, cookie?: string) {
  return test.app.inject({ method: 'GET', url: '/api/clients', headers: cookie ? { cookie } : {} });
}

/** Counts the password checks the login route makes from now on; each waits for `hold` first, when given. */
function spyOnPasswordChecks(test: TestApp, hold?: Promise<void>): () => number {
  const authenticate = test.app.staffAccounts.authenticate.bind(test.app.staffAccounts);
  let count = 0;
  test.app.staffAccounts.authenticate = async (username, password) => {
    count += 1;
    await hold;
    return authenticate(username, password);
  };
  return () => count;
}

async function sessionCount(test: TestApp): Promise<number> {
  return (await test.app.db.selectFrom('sessions').select('token_hash').execute()).length;
}

describe('POST /login', () => {
  it('responds 200 with the username and sets an HttpOnly, SameSite=Strict session cookie', async () => {
    const test = await createTestApp();
    const response = await login(test, STAFF);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ username: 'nina', role: 'owner' });
    const setCookie = response.headers['set-cookie'] as string;
    expect(setCookie).toMatch(/^salon_session=[A-Za-z0-9_-]{43}; /);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    expect(setCookie).toContain('Path=/');
    expect(setCookie).not.toContain('Secure');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('says in Session-Expires when the session ends at the latest: the login plus SESSION_MAX_HOURS', async () => {
    const test = await createTestApp({ config: { session: { idleMinutes: 30, maxHours: 4 } } });
    const response = await login(test, STAFF);
    const endsAt = new Date(test.clock.now + 4 * HOUR);
    expect(response.headers['session-expires']).toBe(endsAt.toUTCString());

    // The session does end then, however active.
    const cookie = sessionCookieOf(response);
    for (let step = 0; step < 16; step += 1) {
      test.clock.advance(15 * MINUTE - 1);
      expect((await listClients(test, cookie)).statusCode).toBe(200);
    }
    test.clock.advance(16);
    expect(test.clock.now).toBeGreaterThanOrEqual(endsAt.getTime());
    expect((await listClients(test, cookie)).statusCode).toBe(401);
  });

  it('stores only a hash of the session token', async () => {
    const test = await createTestApp();
    const token = sessionCookieOf(await login(test, STAFF)).split('=')[1] as string;
    const rows = await test.app.db.selectFrom('sessions').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toBe(hashSessionToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('matches the username without regard to case or surrounding spaces', async () => {
    const test = await createTestApp();
    const response = await login(test, { username: ' NINA ', password: STAFF.password });
    expect(response.statusCode).toBe(200);
  });

  it('marks the cookie Secure when the request came over HTTPS through a trusted proxy', async () => {
    const test = await createTestApp({ config: { trustProxy: true } });
    const response = await login(test, STAFF, { 'x-forwarded-proto': 'https' });
    expect(response.headers['set-cookie']).toContain('; Secure');
  });

  it('ignores X-Forwarded-Proto from an untrusted peer', async () => {
    const test = await createTestApp();
    const response = await login(test, STAFF, { 'x-forwarded-proto': 'https' });
    expect(response.headers['set-cookie']).not.toContain('Secure');
  });

  it('starts a new session on every login and ends the one the browser had', async () => {
    const test = await createTestApp();
    const first = await logIn(test.app);
    const second = sessionCookieOf(await login(test, STAFF, { cookie: first }));
    expect(second).not.toBe(first);
    expect((await listClients(test, first)).statusCode).toBe(401);
    expect((await listClients(test, second)).statusCode).toBe(200);
    expect(await sessionCount(test)).toBe(1);
  });

  it('responds 401 with the same message for a wrong password and for an unknown user, and sets no cookie', async () => {
    const test = await createTestApp();
    const wrongPassword = await login(test, { username: STAFF.username, password: 'not the password' });
    const unknownUser = await login(test, { username: 'nobody', password: 'not the password' });
    for (const response of [wrongPassword, unknownUser]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Invalid username or password' });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    expect(await sessionCount(test)).toBe(0);
  });

  it('checks an unknown user’s password against a dummy hash made with the current parameters', async () => {
    const test = await createTestApp();
    expect(parsePasswordHash(await test.app.staffAccounts.dummyPasswordHash())?.params).toEqual(TEST_HASHING);
  });

  it('upgrades a hash made with weaker parameters on login, keeping the account’s other sessions', async () => {
    const stronger = { N: 2 ** 11, r: 8, p: 1 };
    const test = await createTestApp({ config: { passwordHashing: stronger }, withStaff: false });
    await createStaffAccounts(test.app.db, { hashing: TEST_HASHING }).add(STAFF.username, STAFF.password, 'owner');
    const storedHash = async () => (await test.app.db.selectFrom('staff').select('password_hash').executeTakeFirstOrThrow()).password_hash;
    expect(parsePasswordHash(await storedHash())?.params).toEqual(TEST_HASHING);

    const first = await logIn(test.app);
    expect(parsePasswordHash(await storedHash())?.params).toEqual(stronger);
    expect(await verifyPassword(STAFF.password, await storedHash())).toBe(true);
    await logIn(test.app);
    expect((await listClients(test, first)).statusCode).toBe(200);
  });

  it('takes about as long for an unknown user as for a wrong password', async () => {
    // A costlier hash makes the difference plain: without the dummy check an unknown user
    // would get its response in well under a millisecond, a wrong password in tens of them.
    const test = await createTestApp({ config: { passwordHashing: { N: 2 ** 14, r: 8, p: 1 } } });
    const time = async (username: string) => {
      const start = performance.now();
      const response = await login(test, { username, password: 'wrong password' });
      expect(response.statusCode).toBe(401);
      return performance.now() - start;
    };
    const wrong: number[] = [];
    const unknown: number[] = [];
    for (let round = 0; round < 5; round += 1) {
      wrong.push(await time(STAFF.username));
      unknown.push(await time(`ghost${round}`));
    }
    expect(Math.min(...unknown)).toBeGreaterThan(Math.min(...wrong) * 0.4);
  });

  it.each([
    ['a missing password', { username: 'nina' }, 'Password is required'],
    ['an empty username', { username: '', password: 'x' }, 'Username is required'],
    ['a number for a username', { username: 7, password: 'x' }, 'Username must be text'],
    ['an unknown field', { ...STAFF, remember: true }, 'Unknown field: remember'],
  ])('responds 400 for %s, without counting a failed attempt', async (_kind, body, message) => {
    const test = await createTestApp();
    const response = await login(test, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it('responds 400 for malformed JSON', async () => {
    const test = await createTestApp();
    const response = await login(test, '{"username":', { 'content-type': 'application/json' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Request body must be valid JSON' });
  });

  it('responds 415 to a form post and 403 to another origin', async () => {
    const test = await createTestApp();
    const form = await login(test, 'username=nina&password=correct+horse+battery', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(form.statusCode).toBe(415);
    const crossOrigin = await login(test, STAFF, { origin: 'https://evil.example' });
    expect(crossOrigin.statusCode).toBe(403);
    expect(await sessionCount(test)).toBe(0);
  });
});

describe('login throttling', () => {
  it('refuses a sixth attempt on an account within 15 minutes with 429 and Retry-After, even with the right password', async () => {
    const test = await createTestApp();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await login(test, { username: STAFF.username, password: `guess ${attempt}` })).statusCode).toBe(401);
    }
    const throttled = await login(test, STAFF);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toEqual({ message: 'Too many failed login attempts, try again later' });
    expect(Number(throttled.headers['retry-after'])).toBe(15 * 60);
    expect(throttled.headers['set-cookie']).toBeUndefined();

    // From another address too: the limit is the account's.
    expect((await login(test, STAFF, {}, '203.0.113.9')).statusCode).toBe(429);

    test.clock.advance(10 * MINUTE);
    expect(Number((await login(test, STAFF)).headers['retry-after'])).toBe(5 * 60);
    test.clock.advance(5 * MINUTE);
    expect((await login(test, STAFF)).statusCode).toBe(200);
  });

  it('throttles unknown usernames the same way (no hint of which accounts exist)', async () => {
    const test = await createTestApp();
    for (let attempt = 0; attempt < 5; attempt += 1) await login(test, { username: 'ghost', password: 'guess' });
    expect((await login(test, { username: 'ghost', password: 'guess' })).statusCode).toBe(429);
  });

  it('refuses an address after 20 failures across accounts, and X-Forwarded-For does not get around it', async () => {
    const test = await createTestApp();
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const response = await login(test, { username: `user${attempt}`, password: 'guess' }, { 'x-forwarded-for': `198.51.100.${attempt}` });
      expect(response.statusCode).toBe(401);
    }
    const throttled = await login(test, STAFF, { 'x-forwarded-for': '198.51.100.250' });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toBeDefined();
    // Another address is not affected.
    expect((await login(test, STAFF, {}, '203.0.113.7')).statusCode).toBe(200);
  });

  it('uses the forwarded address behind a trusted proxy', async () => {
    const test = await createTestApp({ config: { trustProxy: '127.0.0.1' } });
    for (let attempt = 0; attempt < 20; attempt += 1) {
      await login(test, { username: `user${attempt}`, password: 'guess' }, { 'x-forwarded-for': '198.51.100.1' });
    }
    expect((await login(test, STAFF, { 'x-forwarded-for': '198.51.100.1' })).statusCode).toBe(429);
    expect((await login(test, STAFF, { 'x-forwarded-for': '198.51.100.2' })).statusCode).toBe(200);
  });

  it('counts guesses in flight: 30 sent at once for one account get at most 5 password checks, the rest 429', async () => {
    const test = await createTestApp();
    const checked = spyOnPasswordChecks(test);
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        login(test, { username: STAFF.username, password: `guess ${index}` }, {}, `203.0.113.${index}`),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(25);
    for (const response of responses.filter((each) => each.statusCode === 429)) {
      expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    expect(checked()).toBe(5);
  });

  it('counts guesses in flight per address too', async () => {
    const test = await createTestApp({
      config: { loginThrottle: { maxFailuresPerAccount: 5, maxFailuresPerAddress: 20, windowMinutes: 15, maxConcurrentChecks: 100 } },
    });
    const checked = spyOnPasswordChecks(test);
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, index) => login(test, { username: `user${index}`, password: 'guess' }, {}, '203.0.113.50')),
    );
    expect(responses.filter((response) => response.statusCode === 401)).toHaveLength(20);
    expect(responses.filter((response) => response.statusCode === 429)).toHaveLength(20);
    expect(checked()).toBe(20);
  });

  it('bounds the password checks in flight across the server: beyond it, 503 with Retry-After and no check', async () => {
    const test = await createTestApp({
      config: { loginThrottle: { maxFailuresPerAccount: 5, maxFailuresPerAddress: 20, windowMinutes: 15, maxConcurrentChecks: 4 } },
    });
    // The checks admitted are held until every other login has its response: all are in flight at once.
    let release = () => {};
    const hold = new Promise<void>((resolve) => (release = resolve));
    const checked = spyOnPasswordChecks(test, hold);
    let responded = 0;
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        login(test, { username: `user${index}`, password: 'guess' }, {}, `198.51.100.${index}`).then((response) => {
          if (++responded === 8) release();
          return response;
        }),
      ),
    );
    const busy = responses.filter((response) => response.statusCode === 503);
    expect(responses.filter((response) => response.statusCode === 401)).toHaveLength(4);
    expect(busy).toHaveLength(8);
    for (const response of busy) {
      expect(response.headers['retry-after']).toBe('1');
      expect(response.json()).toEqual({ message: 'Too many logins at once, try again in a moment' });
    }
    expect(checked()).toBe(4);
    // Once they are done, logins are checked again.
    expect((await login(test, STAFF)).statusCode).toBe(200);
  });

  it('releases a login in flight when its check fails unexpectedly', async () => {
    const test = await createTestApp({
      config: { loginThrottle: { maxFailuresPerAccount: 1, maxFailuresPerAddress: 20, windowMinutes: 15 } },
    });
    const authenticate = test.app.staffAccounts.authenticate;
    test.app.staffAccounts.authenticate = () => Promise.reject(new Error('disk trouble'));
    expect((await login(test, STAFF)).statusCode).toBe(500);
    test.app.staffAccounts.authenticate = authenticate;
    // Neither a failure nor a slot still held: the next login is checked.
    expect((await login(test, STAFF)).statusCode).toBe(200);
  });

  it('forgets an account’s failures after a successful login', async () => {
    const test = await createTestApp();
    for (let attempt = 0; attempt < 4; attempt += 1) await login(test, { username: STAFF.username, password: 'guess' });
    expect((await login(test, STAFF)).statusCode).toBe(200);
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect((await login(test, { username: STAFF.username, password: 'guess' })).statusCode).toBe(401);
    }
  });
});

describe('POST /logout', () => {
  it('ends the session server-side, clears the cookie and responds 204', async () => {
    const test = await createTestApp();
    const cookie = await logIn(test.app);
    const response = await test.app.inject({ method: 'POST', url: '/logout', headers: { cookie } });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(response.headers['set-cookie']).toMatch(/^salon_session=; Path=\/; HttpOnly; SameSite=Strict; Max-Age=0/);
    expect(await sessionCount(test)).toBe(0);
    // The old cookie, replayed, is worthless.
    expect((await listClients(test, cookie)).statusCode).toBe(401);
  });

  it('responds 204 without a session too', async () => {
    const test = await createTestApp();
    const response = await test.app.inject({ method: 'POST', url: '/logout' });
    expect(response.statusCode).toBe(204);
  });

  it('refuses a cross-site logout and keeps the session', async () => {
    const test = await createTestApp();
    const cookie = await logIn(test.app);
    const response = await test.app.inject({ method: 'POST', url: '/logout', headers: { cookie, 'sec-fetch-site': 'cross-site' } });
    expect(response.statusCode).toBe(403);
    expect((await listClients(test, cookie)).statusCode).toBe(200);
  });
});

describe('sessions on /api', () => {
  const endpoints: Array<{ method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object }> = [
    { method: 'GET', url: '/api/clients' },
    {
      method: 'POST',
      url: '/api/clients',
      payload: { firstName: 'A', lastName: 'B', email: 'a@b.co', registrationDateTime: '2024-05-01T10:30' },
    },
    { method: 'GET', url: '/api/clients/CLIENT_ID' },
    {
      method: 'PUT',
      url: '/api/clients/CLIENT_ID',
      payload: { firstName: 'X', lastName: 'Y', email: 'x@y.co', registrationDateTime: '2024-05-01T10:30' },
    },
    { method: 'DELETE', url: '/api/clients/CLIENT_ID' },
  ];

  /** A database with one client, and a snapshot to prove a refused request changed nothing. */
  async function withOneClient() {
    const test = await createTestApp();
    const cookie = await logIn(test.app);
    const created = await test.app.inject({ method: 'POST', url: '/api/clients', payload: endpoints[1]?.payload, headers: { cookie } });
    const clientId = created.json<{ _id: string }>()._id;
    const snapshot = () => test.app.db.selectFrom('clients').selectAll().execute();
    return { test, cookie, clientId, before: await snapshot(), snapshot };
  }

  const refusals: Array<[string, (cookie: string) => Record<string, string>]> = [
    ['no cookie', () => ({})],
    ['a forged token', () => ({ cookie: `salon_session=${'A'.repeat(43)}` })],
    ['a tampered token', (cookie) => ({ cookie: cookie.slice(0, -1) + (cookie.endsWith('A') ? 'B' : 'A') })],
    ['a malformed cookie', () => ({ cookie: 'salon_session=<script>; other=1' })],
    ['the session id in another header', (cookie) => ({ authorization: `Bearer ${cookie.split('=')[1]}` })],
  ];

  for (const [kind, headersFor] of refusals) {
    it(`responds 401 with ${kind} on every endpoint, reading and changing nothing`, async () => {
      const { test, cookie, clientId, before, snapshot } = await withOneClient();
      for (const endpoint of endpoints) {
        const response = await test.app.inject({
          method: endpoint.method,
          url: endpoint.url.replace('CLIENT_ID', clientId),
          ...(endpoint.payload ? { payload: endpoint.payload } : {}),
          headers: headersFor(cookie),
        });
        expect(response.statusCode, `${endpoint.method} ${endpoint.url}`).toBe(401);
        expect(response.json()).toEqual({ message: 'Log in to continue' });
        expect(response.body).not.toContain(clientId);
      }
      expect(await snapshot()).toEqual(before);
    });
  }

  it('expires a session after 30 idle minutes, deletes it, and clears the cookie', async () => {
    const test = await createTestApp();
    const cookie = await logIn(test.app);
    test.clock.advance(29 * MINUTE);
    expect((await listClients(test, cookie)).statusCode).toBe(200);
    test.clock.advance(30 * MINUTE);
    const expired = await listClients(test, cookie);
    expect(expired.statusCode).toBe(401);
    expect(expired.headers['set-cookie']).toContain('Max-Age=0');
    // The expired row is deleted on the way, without the response waiting for it.
    await vi.waitFor(async () => expect(await sessionCount(test)).toBe(0));
  });

  it('keeps an active session alive, but never beyond 12 hours after login', async () => {
    const test = await createTestApp();
    const cookie = await logIn(test.app);
    for (let elapsed = 20; elapsed < 12 * 60; elapsed += 20) {
      test.clock.advance(20 * MINUTE);
      expect((await listClients(test, cookie)).statusCode, `after ${elapsed} minutes`).toBe(200);
    }
    test.clock.advance(20 * MINUTE);
    expect((await listClients(test, cookie)).statusCode).toBe(401);
  });

  it('refuses an expired session on writes too, changing nothing', async () => {
    const { test, cookie, clientId, before, snapshot } = await withOneClient();
    test.clock.advance(13 * HOUR);
    const response = await test.app.inject({ method: 'DELETE', url: `/api/clients/${clientId}`, headers: { cookie } });
    expect(response.statusCode).toBe(401);
    expect(await snapshot()).toEqual(before);
  });

  it('purges expired sessions of other browsers as well', async () => {
    const test = await createTestApp();
    await logIn(test.app);
    await logIn(test.app);
    test.clock.advance(31 * MINUTE);
    expect(await test.app.sessions.purgeExpired()).toBe(2);
    expect(await sessionCount(test)).toBe(0);
  });

  it('ends every session of an account whose password changes or which is removed', async () => {
    const test = await createTestApp();
    const first = await logIn(test.app);
    const second = await logIn(test.app);
    expect((await test.app.staffAccounts.changePassword(STAFF.username, 'a brand new password')).ended).toBe(2);
    expect((await listClients(test, first)).statusCode).toBe(401);
    expect((await listClients(test, second)).statusCode).toBe(401);

    const third = await logIn(test.app, { username: STAFF.username, password: 'a brand new password' });
    expect(await test.app.staffAccounts.remove(STAFF.username)).toBe(1);
    expect((await listClients(test, third)).statusCode).toBe(401);
  });
});

describe('cross-site request forgery', () => {
  async function staffWithClient() {
    const test = await createTestApp();
    const cookie = await logIn(test.app);
    const created = await test.app.inject({
      method: 'POST',
      url: '/api/clients',
      payload: { firstName: 'A', lastName: 'B', email: 'a@b.co', registrationDateTime: '2024-05-01T10:30' },
      headers: { cookie },
    });
    const clientId = created.json<{ _id: string }>()._id;
    const snapshot = () => test.app.db.selectFrom('clients').selectAll().execute();
    return { test, cookie, clientId, before: await snapshot(), snapshot };
  }
  const body = JSON.stringify({ firstName: 'Evil', lastName: 'Twin', email: 'evil@example.com', registrationDateTime: '2024-05-01T10:30' });

  it.each([
    ['text/plain', 415],
    ['application/x-www-form-urlencoded', 415],
    ['multipart/form-data; boundary=x', 415],
  ])('refuses a state change sent as %s with %i, changing nothing', async (contentType, status) => {
    const { test, cookie, clientId, before, snapshot } = await staffWithClient();
    for (const [method, url] of [
      ['POST', '/api/clients'],
      ['PUT', `/api/clients/${clientId}`],
    ] as const) {
      const response = await test.app.inject({ method, url, payload: body, headers: { cookie, 'content-type': contentType } });
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ message: 'Content-Type must be application/json' });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a PUT without a Content-Type with 415', async () => {
    const { test, cookie, clientId, before, snapshot } = await staffWithClient();
    const response = await test.app.inject({ method: 'PUT', url: `/api/clients/${clientId}`, headers: { cookie } });
    expect(response.statusCode).toBe(415);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a DELETE with a non-JSON body with 415', async () => {
    const { test, cookie, clientId, before, snapshot } = await staffWithClient();
    const response = await test.app.inject({
      method: 'DELETE',
      url: `/api/clients/${clientId}`,
      payload: 'x',
      headers: { cookie, 'content-type': 'text/plain' },
    });
    expect(response.statusCode).toBe(415);
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    ['another origin', { origin: 'https://evil.example' }],
    ['the same host on another scheme', { origin: 'https://localhost' }],
    ['an opaque origin', { origin: 'null' }],
    ['a cross-site fetch', { 'sec-fetch-site': 'cross-site' }],
    ['a same-site (other subdomain) fetch', { 'sec-fetch-site': 'same-site' }],
  ])('refuses a state change from %s with 403, changing nothing', async (_kind, headers) => {
    const { test, cookie, clientId, before, snapshot } = await staffWithClient();
    const requests = [
      { method: 'POST' as const, url: '/api/clients', payload: body },
      { method: 'PUT' as const, url: `/api/clients/${clientId}`, payload: body },
      { method: 'DELETE' as const, url: `/api/clients/${clientId}` },
    ];
    for (const request of requests) {
      const response = await test.app.inject({
        ...request,
        headers: { cookie, ...(request.payload ? { 'content-type': 'application/json' } : {}), ...headers },
      });
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(403);
      expect(response.json<{ message: string }>().message).toMatch(/^Cross-(site|origin) requests are not allowed$/);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('accepts the site’s own origin (from Host, or PUBLIC_ORIGIN when set)', async () => {
    const { test, cookie, clientId } = await staffWithClient();
    const sameOrigin = await test.app.inject({
      method: 'PUT',
      url: `/api/clients/${clientId}`,
      payload: body,
      headers: {
        cookie,
        'content-type': 'application/json',
        host: 'salon.test:3000',
        origin: 'http://salon.test:3000',
        'sec-fetch-site': 'same-origin',
      },
    });
    expect(sameOrigin.statusCode).toBe(200);

    const configured = await createTestApp({ config: { publicOrigin: 'https://salon.example' } });
    const configuredCookie = await logIn(configured.app);
    const fromPublic = await configured.app.inject({
      method: 'POST',
      url: '/api/clients',
      payload: body,
      headers: { cookie: configuredCookie, 'content-type': 'application/json', origin: 'https://salon.example' },
    });
    expect(fromPublic.statusCode).toBe(201);
    const fromHost = await configured.app.inject({
      method: 'POST',
      url: '/api/clients',
      payload: body,
      headers: { cookie: configuredCookie, 'content-type': 'application/json', host: 'localhost', origin: 'http://localhost' },
    });
    expect(fromHost.statusCode).toBe(403);
  });
});
