/**
 * Passkeys (issue 30) with a software authenticator: adding, listing and removing them on My account, signing in with
 * one, the step after the password, and every refusal (a replay, another account's passkey, a removed passkey, an
 * expired challenge, another origin, no user verification), each in the audit trail. Runs on SQLite and PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { SESSION_CHALLENGE } from '#contract/http';
import { apiPaths } from '#contract/paths';
import { PASSKEY_CHALLENGE_MINUTES, passkeyMessages, type AccountPasskeys, type LoginSecondStep, type Passkey } from '#contract/passkeys';
import { SoftwareAuthenticator } from '#tests/harness/software-authenticator.ts';
import { MAX_OPEN_SIGN_IN_CHALLENGES } from '#contract/passkey-ceremonies';
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

/** The origin app.inject's requests are addressed to (Host: localhost:80). */
const ORIGIN = 'http://localhost';
const INVALID = { message: 'Invalid username or password' };

async function addPasskey(test: LoggedInApp, authenticator: SoftwareAuthenticator, name = 'Front desk PC') {
  const options = await asStaff(test, 'POST', apiPaths.accountPasskeyOptions);
  expect(options.statusCode).toBe(200);
  const response = authenticator.register(options.json<PublicKeyCredentialCreationOptionsJSON>());
  return asStaff(test, 'POST', apiPaths.accountPasskeys, { payload: { name, response } });
}

async function signInOptions(test: LoggedInApp): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const response = await test.app.inject({ method: 'POST', url: apiPaths.passkeyLoginOptions });
  expect(response.statusCode).toBe(200);
  return response.json();
}

const answer = (test: LoggedInApp, payload: AuthenticationResponseJSON) =>
  test.app.inject({ method: 'POST', url: apiPaths.passkeyLogin, payload });

async function passkeySignIn(test: LoggedInApp, authenticator: SoftwareAuthenticator) {
  return answer(test, authenticator.authenticate(await signInOptions(test)));
}

const logInWithPassword = (test: LoggedInApp, account: { username: string; password: string } = STAFF) =>
  test.app.inject({ method: 'POST', url: '/login', payload: account });

const auditOf = (test: LoggedInApp, kinds: string[]) =>
  test.app.db
    .selectFrom('audit_entries')
    .select(['kind', 'actor', 'subject', 'detail'])
    .where('kind', 'in', kinds as never[])
    .orderBy('seq')
    .execute();

/** The id of the authenticator's first credential, as the server names it. */
const credentialIdOf = (authenticator: SoftwareAuthenticator) => isoBase64URL.fromBuffer(new Uint8Array(authenticator.credentials[0]!.id));

const failures = (test: LoggedInApp) => auditOf(test, ['passkey-failed']);

async function withPasskey(name?: string) {
  const test = await loggedIn();
  const authenticator = new SoftwareAuthenticator({ origin: ORIGIN });
  const added = await addPasskey(test, authenticator, name);
  expect(added.statusCode).toBe(201);
  return { test, authenticator, passkey: added.json<Passkey>() };
}

async function askAfterPassword(test: LoggedInApp, on: boolean) {
  return asStaff(test, 'PUT', apiPaths.accountPasskeySetting, { payload: { askAfterPassword: on } });
}

describe('My account’s passkeys', () => {
  it('adds a passkey, lists it, and signs in with it: the cookie opens /api/me', async () => {
    const { test, authenticator, passkey } = await withPasskey();
    expect(passkey).toEqual({
      id: credentialIdOf(authenticator),
      name: 'Front desk PC',
      createdAt: expect.any(String),
      lastUsedAt: null,
    });
    const list = await asStaff(test, 'GET', apiPaths.accountPasskeys);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.json<AccountPasskeys>()).toEqual({ passkeys: [passkey], askAfterPassword: false });

    const signIn = await passkeySignIn(test, authenticator);
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).toEqual({ username: STAFF.username, role: 'owner' });
    expect(signIn.headers['session-expires']).toBeDefined();
    const me = await test.app.inject({ method: 'GET', url: apiPaths.me, headers: { cookie: sessionCookieOf(signIn) } });
    expect(me.json()).toEqual({ username: STAFF.username, role: 'owner' });

    const after = (await asStaff(test, 'GET', apiPaths.accountPasskeys)).json<AccountPasskeys>();
    expect(after.passkeys[0]?.lastUsedAt).toBe(new Date(test.clock.now).toISOString());
    expect(await auditOf(test, ['passkey-added', 'sign-in'])).toEqual([
      { kind: 'sign-in', actor: STAFF.username, subject: null, detail: null },
      { kind: 'passkey-added', actor: STAFF.username, subject: STAFF.username, detail: 'Front desk PC' },
      { kind: 'sign-in', actor: STAFF.username, subject: null, detail: 'passkey: Front desk PC' },
    ]);
  });

  it('names the user by the account’s opaque id, never its username, and does not offer a passkey the account has', async () => {
    const { test, authenticator } = await withPasskey();
    const options = (await asStaff(test, 'POST', apiPaths.accountPasskeyOptions)).json<PublicKeyCredentialCreationOptionsJSON>();
    expect(isoBase64URL.toUTF8String(options.user.id)).not.toContain(STAFF.username);
    expect(options.rp.id).toBe('localhost');
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    expect(options.attestation).toBe('none');
    expect(options.excludeCredentials?.map((credential) => credential.id)).toEqual([credentialIdOf(authenticator)]);
  });

  it('refuses an answer to a used challenge, to another account’s challenge, or without user verification', async () => {
    const test = await loggedIn();
    const authenticator = new SoftwareAuthenticator({ origin: ORIGIN });
    const options = (await asStaff(test, 'POST', apiPaths.accountPasskeyOptions)).json<PublicKeyCredentialCreationOptionsJSON>();
    const response = authenticator.register(options);
    expect((await asStaff(test, 'POST', apiPaths.accountPasskeys, { payload: { name: 'Phone', response } })).statusCode).toBe(201);
    const again = await asStaff(test, 'POST', apiPaths.accountPasskeys, { payload: { name: 'Phone', response } });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: passkeyMessages.notAdded });

    const member = await asStaffMember(test);
    const forNina = (await asStaff(test, 'POST', apiPaths.accountPasskeyOptions)).json<PublicKeyCredentialCreationOptionsJSON>();
    const stolen = await asStaff(member, 'POST', apiPaths.accountPasskeys, {
      payload: { name: 'Sam’s', response: authenticator.register(forNina) },
    });
    expect(stolen.json()).toEqual({ message: passkeyMessages.notAdded });

    const noVerification = new SoftwareAuthenticator({ origin: ORIGIN, userVerified: false });
    expect((await addPasskey(test, noVerification)).statusCode).toBe(400);
    const list = (await asStaff(test, 'GET', apiPaths.accountPasskeys)).json<AccountPasskeys>();
    expect(list.passkeys.map((passkey) => passkey.name)).toEqual(['Phone']);
    expect((await asStaff(member, 'GET', apiPaths.accountPasskeys)).json<AccountPasskeys>().passkeys).toEqual([]);
  });

  it('refuses a name that is empty or too long', async () => {
    const test = await loggedIn();
    const authenticator = new SoftwareAuthenticator({ origin: ORIGIN });
    const response = await addPasskey(test, authenticator, '   ');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Give the passkey a name.' });
  });

  it('removes a passkey: it no longer signs in, and a second removal is 404', async () => {
    const { test, authenticator, passkey } = await withPasskey();
    expect((await asStaff(test, 'DELETE', apiPaths.accountPasskey(passkey.id))).statusCode).toBe(204);
    const second = await asStaff(test, 'DELETE', apiPaths.accountPasskey(passkey.id));
    expect(second.statusCode).toBe(404);
    expect(second.json()).toEqual({ message: passkeyMessages.noSuchPasskey });
    expect((await asStaff(test, 'GET', apiPaths.accountPasskeys)).json<AccountPasskeys>().passkeys).toEqual([]);

    const signIn = await passkeySignIn(test, authenticator);
    expect(signIn.statusCode).toBe(401);
    expect(signIn.json()).toEqual(INVALID);
    expect(signIn.headers['set-cookie']).toBeUndefined();
    expect(await auditOf(test, ['passkey-removed', 'passkey-failed'])).toEqual([
      { kind: 'passkey-removed', actor: STAFF.username, subject: STAFF.username, detail: 'Front desk PC' },
      // The userHandle still names the account.
      { kind: 'passkey-failed', actor: STAFF.username, subject: null, detail: 'unknown passkey' },
    ]);
  });

  it('does not remove another account’s passkey', async () => {
    const { test, passkey } = await withPasskey();
    const member = await asStaffMember(test);
    expect((await asStaff(member, 'DELETE', apiPaths.accountPasskey(passkey.id))).statusCode).toBe(404);
    expect((await asStaff(test, 'GET', apiPaths.accountPasskeys)).json<AccountPasskeys>().passkeys).toHaveLength(1);
  });
});

describe('POST /login/passkey refuses', () => {
  it('a replayed assertion, and one whose counter does not go up', async () => {
    const { test, authenticator } = await withPasskey();
    const assertion = authenticator.authenticate(await signInOptions(test));
    expect((await answer(test, assertion)).statusCode).toBe(200);
    const replay = await answer(test, assertion);
    expect(replay.statusCode).toBe(401);
    expect(replay.headers['www-authenticate']).toBe(SESSION_CHALLENGE);
    // A fresh challenge signed with the counter as it was: a cloned authenticator.
    const credential = authenticator.credentials[0]!;
    const clone = authenticator.assertion(credential, (await signInOptions(test)).challenge);
    expect((await answer(test, clone)).statusCode).toBe(401);
    expect(await failures(test)).toEqual([
      { kind: 'passkey-failed', actor: STAFF.username, subject: null, detail: 'expired or used challenge' },
      { kind: 'passkey-failed', actor: STAFF.username, subject: null, detail: 'not verified' },
    ]);
  });

  it('a challenge older than five minutes', async () => {
    const { test, authenticator } = await withPasskey();
    const options = await signInOptions(test);
    test.clock.advance(PASSKEY_CHALLENGE_MINUTES * 60_000 + 1);
    expect((await answer(test, authenticator.authenticate(options))).statusCode).toBe(401);
    expect((await failures(test)).map((entry) => entry.detail)).toEqual(['expired or used challenge']);
    // The purge removes what is left of expired challenges.
    await signInOptions(test);
    test.clock.advance(PASSKEY_CHALLENGE_MINUTES * 60_000 + 1);
    expect(await test.app.passkeys.purgeExpiredChallenges()).toBe(1);
  });

  it('more options while 5,000 sign-in challenges are open (a flood): 503 with Retry-After, until they expire', async () => {
    const { test, authenticator } = await withPasskey();
    const expiresAt = new Date(test.clock.now + PASSKEY_CHALLENGE_MINUTES * 60_000).toISOString();
    const flood = Array.from({ length: MAX_OPEN_SIGN_IN_CHALLENGES - 1 }, (_, index) => ({
      challenge: `flood-${index}`,
      purpose: 'sign-in' as const,
      staff_id: null,
      expires_at: expiresAt,
    }));
    for (let start = 0; start < flood.length; start += 500) {
      await test.app.db
        .insertInto('passkey_challenges')
        .values(flood.slice(start, start + 500))
        .execute();
    }
    const last = await signInOptions(test);
    const refused = await test.app.inject({ method: 'POST', url: apiPaths.passkeyLoginOptions });
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.json()).toEqual({ message: 'Too many logins at once, try again in a moment' });
    // The options handed out before the cap still sign in; the password is not concerned.
    expect((await answer(test, authenticator.authenticate(last))).statusCode).toBe(200);
    test.clock.advance(PASSKEY_CHALLENGE_MINUTES * 60_000 + 1);
    await signInOptions(test);
  });

  it('an answer made for another origin, or without user verification', async () => {
    const { test, authenticator } = await withPasskey();
    authenticator.origin = 'http://evil.example';
    expect((await answer(test, authenticator.authenticate(await signInOptions(test)))).statusCode).toBe(401);
    authenticator.origin = ORIGIN;
    authenticator.userVerified = false;
    expect((await answer(test, authenticator.authenticate(await signInOptions(test)))).statusCode).toBe(401);
    authenticator.userVerified = true;
    expect((await passkeySignIn(test, authenticator)).statusCode).toBe(200);
    expect((await failures(test)).map((entry) => entry.detail)).toEqual(['not verified', 'not verified']);
  });

  it('a userHandle that names another account, a disabled account, and an unknown passkey', async () => {
    const { test, authenticator } = await withPasskey();
    const member = await asStaffMember(test);
    const memberId = (
      await test.app.db.selectFrom('staff').select('id').where('username', '=', STAFF_MEMBER.username).executeTakeFirstOrThrow()
    ).id;
    const forged = authenticator.authenticate(await signInOptions(test));
    forged.response.userHandle = isoBase64URL.fromUTF8String(memberId);
    expect((await answer(test, forged)).statusCode).toBe(401);

    await test.app.db
      .updateTable('staff')
      .set({ disabled_at: new Date(test.clock.now).toISOString() })
      .where('username', '=', STAFF.username)
      .execute();
    expect((await passkeySignIn(test, authenticator)).statusCode).toBe(401);

    const stranger = new SoftwareAuthenticator({ origin: ORIGIN });
    const memberOptions = (await asStaff(member, 'POST', apiPaths.accountPasskeyOptions)).json<PublicKeyCredentialCreationOptionsJSON>();
    stranger.register(memberOptions); // made, never sent: the server does not know it
    expect((await passkeySignIn(test, stranger)).statusCode).toBe(401);
    expect(await failures(test)).toEqual([
      { kind: 'passkey-failed', actor: STAFF.username, subject: null, detail: 'not verified' },
      { kind: 'passkey-failed', actor: STAFF.username, subject: null, detail: 'account disabled' },
      { kind: 'passkey-failed', actor: STAFF_MEMBER.username, subject: null, detail: 'unknown passkey' },
    ]);
  });
});

describe('“Ask for my passkey after my password”', () => {
  it('needs a passkey first', async () => {
    const test = await loggedIn();
    const response = await askAfterPassword(test, true);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: passkeyMessages.addOneFirst });
    expect((await logInWithPassword(test)).statusCode).toBe(200);
  });

  it('answers the right password with 401 and the step’s options, no session; the passkey then signs in', async () => {
    const { test, authenticator, passkey } = await withPasskey('Phone');
    expect((await askAfterPassword(test, true)).statusCode).toBe(204);
    expect((await asStaff(test, 'GET', apiPaths.accountPasskeys)).json<AccountPasskeys>().askAfterPassword).toBe(true);

    const login = await logInWithPassword(test);
    expect(login.statusCode).toBe(401);
    expect(login.headers['set-cookie']).toBeUndefined();
    expect(login.headers['www-authenticate']).toBe(SESSION_CHALLENGE);
    const step = login.json<LoginSecondStep>();
    expect(step.message).toBe('Confirm with your passkey');
    const options = step.passkeyOptions as unknown as PublicKeyCredentialRequestOptionsJSON;
    expect(options.allowCredentials?.map((credential) => credential.id)).toEqual([passkey.id]);
    expect(options.userVerification).toBe('required');
    // A wrong password is still a wrong password.
    expect((await logInWithPassword(test, { ...STAFF, password: 'not the password' })).json()).toEqual(INVALID);
    // The password alone is no sign-in: the staff page's "Last sign-in" waits for the step.
    const lastSignIn = async () =>
      (await test.app.db.selectFrom('staff').select('last_sign_in_at').where('username', '=', STAFF.username).executeTakeFirstOrThrow())
        .last_sign_in_at;
    const before = await lastSignIn();
    test.clock.advance(60_000);
    expect((await logInWithPassword(test)).statusCode).toBe(401);
    expect(await lastSignIn()).toBe(before);

    const confirmed = await answer(test, authenticator.authenticate(options));
    expect(confirmed.statusCode).toBe(200);
    expect(await lastSignIn()).toBe(new Date(test.clock.now).toISOString());
    const me = await test.app.inject({ method: 'GET', url: apiPaths.me, headers: { cookie: sessionCookieOf(confirmed) } });
    expect(me.statusCode).toBe(200);
    expect(await auditOf(test, ['passkey-setting-changed', 'sign-in'])).toEqual([
      { kind: 'sign-in', actor: STAFF.username, subject: null, detail: null },
      { kind: 'passkey-setting-changed', actor: STAFF.username, subject: STAFF.username, detail: 'on' },
      { kind: 'sign-in', actor: STAFF.username, subject: null, detail: 'password and passkey: Phone' },
    ]);
  });

  it('refuses another account’s passkey for the step', async () => {
    const { test } = await withPasskey();
    expect((await askAfterPassword(test, true)).statusCode).toBe(204);
    const member = await asStaffMember(test);
    const samsKey = new SoftwareAuthenticator({ origin: ORIGIN });
    expect((await addPasskey(member, samsKey, 'Sam’s phone')).statusCode).toBe(201);

    const step = (await logInWithPassword(test)).json<LoginSecondStep>();
    const credential = samsKey.credentials[0]!;
    credential.counter += 1;
    const response = await answer(test, samsKey.assertion(credential, step.passkeyOptions.challenge));
    expect(response.statusCode).toBe(401);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(await failures(test)).toEqual([
      { kind: 'passkey-failed', actor: STAFF.username, subject: null, detail: 'another account’s passkey' },
    ]);
  });

  it('ends a cancelled step and records it; a cancelled sign-in with no username names nobody', async () => {
    const { test, authenticator } = await withPasskey();
    expect((await askAfterPassword(test, true)).statusCode).toBe(204);
    const step = (await logInWithPassword(test)).json<LoginSecondStep>();
    const cancel = (challenge: string) => test.app.inject({ method: 'POST', url: apiPaths.passkeyLoginCancel, payload: { challenge } });
    expect((await cancel(step.passkeyOptions.challenge)).statusCode).toBe(204);
    const late = await answer(test, authenticator.authenticate(step.passkeyOptions as unknown as PublicKeyCredentialRequestOptionsJSON));
    expect(late.statusCode).toBe(401);

    expect((await cancel((await signInOptions(test)).challenge)).statusCode).toBe(204);
    expect((await cancel('no-such-challenge')).statusCode).toBe(204);
    expect(await failures(test)).toEqual([
      { kind: 'passkey-failed', actor: STAFF.username, subject: null, detail: 'cancelled' },
      { kind: 'passkey-failed', actor: STAFF.username, subject: null, detail: 'expired or used challenge' },
    ]);
  });

  it('turns off with the last passkey removed: the password alone signs in again', async () => {
    const { test, passkey } = await withPasskey();
    expect((await askAfterPassword(test, true)).statusCode).toBe(204);
    expect((await logInWithPassword(test)).statusCode).toBe(401);
    expect((await asStaff(test, 'DELETE', apiPaths.accountPasskey(passkey.id))).statusCode).toBe(204);
    expect((await asStaff(test, 'GET', apiPaths.accountPasskeys)).json<AccountPasskeys>()).toEqual({
      passkeys: [],
      askAfterPassword: false,
    });
    const login = await logInWithPassword(test);
    expect(login.statusCode).toBe(200);
    expect((await auditOf(test, ['passkey-setting-changed'])).map((entry) => entry.detail)).toEqual(['on', 'off']);
  });

  it('leaves a password-only account exactly as before, and turns off on request', async () => {
    const { test } = await withPasskey();
    const other = withCookie(test, sessionCookieOf(await logInWithPassword(test)));
    expect((await askAfterPassword(other, true)).statusCode).toBe(204);
    expect((await askAfterPassword(other, false)).statusCode).toBe(204);
    const login = await logInWithPassword(test);
    expect(login.statusCode).toBe(200);
    expect(login.json()).toEqual({ username: STAFF.username, role: 'owner' });
  });
});
