/**
 * The session check remembers the session rows it read (sessions.ts) and must still give the
 * response a fresh read would: after a logout, a time-out, and a change made by another process
 * on the same database (the staff CLI, another instance), the very next request is refused.
 */
import { describe, expect, it, vi } from 'vitest';
import { TEST_HASHING } from '../testing/in-process-config.ts';
import { anotherConnection, createTestApp, logIn, STAFF, type TestApp } from '../testing/test-app.ts';
import { createStaffAccounts } from './staff-accounts.ts';

const MINUTE = 60_000;

const listClients = (test: TestApp, cookie: string) => test.app.inject({ method: 'GET', url: '/api/clients', headers: { cookie } });

/** A burst of requests, so that the session is surely remembered. */
async function usedRepeatedly(test: TestApp, cookie: string) {
  for (let index = 0; index < 3; index += 1) expect((await listClients(test, cookie)).statusCode).toBe(200);
}

describe('the remembered session check', () => {
  it('refuses a session that another connection deleted (the CLI, a second server)', async () => {
    const test = await createTestApp();
    const cookie = await logIn(test.app);
    await usedRepeatedly(test, cookie);
    await (await anotherConnection(test)).deleteFrom('sessions').execute();
    expect((await listClients(test, cookie)).statusCode).toBe(401);
  });

  it('refuses the sessions of an account whose password another process changed, or which it removed', async () => {
    const test = await createTestApp();
    const first = await logIn(test.app);
    await usedRepeatedly(test, first);
    const cli = await anotherConnection(test);
    expect((await createStaffAccounts(cli, { hashing: TEST_HASHING }).changePassword(STAFF.username, 'another long password')).ended).toBe(
      1,
    );
    expect((await listClients(test, first)).statusCode).toBe(401);

    const second = await logIn(test.app, { username: STAFF.username, password: 'another long password' });
    await usedRepeatedly(test, second);
    expect(await createStaffAccounts(cli).remove(STAFF.username)).toBe(1);
    expect((await listClients(test, second)).statusCode).toBe(401);
  });

  it('refuses a session after logout at once', async () => {
    const test = await createTestApp();
    const cookie = await logIn(test.app);
    await usedRepeatedly(test, cookie);
    expect((await test.app.inject({ method: 'POST', url: '/logout', headers: { cookie } })).statusCode).toBe(204);
    expect((await listClients(test, cookie)).statusCode).toBe(401);
  });

  it('still applies the idle and absolute time-outs to a remembered session', async () => {
    const test = await createTestApp();
    const idle = await logIn(test.app);
    await usedRepeatedly(test, idle);
    test.clock.advance(31 * MINUTE);
    expect((await listClients(test, idle)).statusCode).toBe(401);

    const busy = await logIn(test.app);
    // Used every 20 minutes, it never idles out, but it ends 12 hours after login.
    for (let elapsed = 0; elapsed < 12 * 60 - 20; elapsed += 20) {
      await usedRepeatedly(test, busy);
      test.clock.advance(20 * MINUTE);
    }
    await usedRepeatedly(test, busy);
    test.clock.advance(20 * MINUTE);
    expect((await listClients(test, busy)).statusCode).toBe(401);
  });

  it('keeps a used session alive: its last use is still recorded (once a minute at most)', async () => {
    const test = await createTestApp();
    const cookie = await logIn(test.app);
    const lastSeen = async () => (await test.app.db.selectFrom('sessions').select('last_seen_at').executeTakeFirstOrThrow()).last_seen_at;
    const atLogin = await lastSeen();
    await usedRepeatedly(test, cookie);
    expect(await lastSeen()).toBe(atLogin);
    test.clock.advance(2 * MINUTE);
    await usedRepeatedly(test, cookie);
    // Written in the background (sessions.ts): on PostgreSQL it can land just after the last response.
    await vi.waitFor(async () => expect(await lastSeen()).not.toBe(atLogin));
  });
});
