/** Passkeys in the mock (issue 30): real signatures from a software authenticator, checked as the server checks them. */
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { beforeEach, describe, expect, it } from 'vitest';
import { AccountPasskeys, LoginSecondStep, Passkey, passkeyMessages } from '#contract/passkeys';
import type { AuditKind } from '#contract/team';
import { SoftwareAuthenticator } from '#tests/harness/software-authenticator.ts';
import { mockDb } from '../db.ts';
import { teamDb } from '../team-db.ts';
import { callWithHeaders as call } from '../testing/call.ts';

const login = (username: string, password: string) => call('POST', '/login', { username, password });

let authenticator: SoftwareAuthenticator;
beforeEach(() => {
  // The page's origin, as a browser would sign it: the mock's relying party is the page (jsdom's location).
  authenticator = new SoftwareAuthenticator({ origin: location.origin });
});

/** Adds a passkey named `name` to the account signed in; its row. */
async function addPasskey(name: string): Promise<Passkey> {
  const options = (await call('POST', '/api/account/passkeys/options')).json as PublicKeyCredentialCreationOptionsJSON;
  const added = await call('POST', '/api/account/passkeys', { name, response: authenticator.register(options) });
  expect(added.status).toBe(201);
  return Passkey.parse(added.json);
}

async function signInOptions(): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const response = await call('POST', '/login/passkey/options');
  expect(response.status).toBe(200);
  return response.json as PublicKeyCredentialRequestOptionsJSON;
}

/** The audit trail's entries of `kind`, oldest first. */
async function auditOf(kind: AuditKind) {
  return (await mockDb.auditEntries({ kind })).reverse().map(({ actor, subject, detail }) => ({ actor, subject, detail }));
}

describe('mock: My account’s passkeys', () => {
  it('adds a passkey the browser made: listed with its name, recorded in the audit trail', async () => {
    await login('sam', 'sam');
    expect(AccountPasskeys.parse((await call('GET', '/api/account/passkeys')).json)).toEqual({ passkeys: [], askAfterPassword: false });
    const options = (await call('POST', '/api/account/passkeys/options')).json as PublicKeyCredentialCreationOptionsJSON;
    expect(options.rp.id).toBe(location.hostname);
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });

    const added = await call('POST', '/api/account/passkeys', { name: ' Front desk PC ', response: authenticator.register(options) });
    expect(added.status).toBe(201);
    const passkey = Passkey.parse(added.json);
    expect(passkey).toMatchObject({ name: 'Front desk PC', lastUsedAt: null });
    expect(AccountPasskeys.parse((await call('GET', '/api/account/passkeys')).json).passkeys).toEqual([passkey]);
    expect(await auditOf('passkey-added')).toEqual([{ actor: 'sam', subject: 'sam', detail: 'Front desk PC' }]);
  });

  it('refuses an answer to a used, expired or another account’s challenge, from another origin, or without user verification', async () => {
    await login('sam', 'sam');
    const refused = { status: 400, message: passkeyMessages.notAdded };
    const send = async (response: unknown) => {
      const answer = await call('POST', '/api/account/passkeys', { name: 'Phone', response });
      return { status: answer.status, message: (answer.json as { message: string }).message };
    };
    const options = async () => (await call('POST', '/api/account/passkeys/options')).json as PublicKeyCredentialCreationOptionsJSON;

    const once = await options();
    expect((await send(authenticator.register(once))).status).toBe(201);
    expect(await send(authenticator.register(once))).toEqual(refused);

    const old = await options();
    await teamDb.expireChallenges();
    expect(await send(authenticator.register(old))).toEqual(refused);

    const elsewhere = new SoftwareAuthenticator({ origin: 'https://salon.example' });
    expect(await send(elsewhere.register({ ...(await options()), rp: { name: 'x', id: location.hostname } }))).toEqual(refused);

    const noPin = new SoftwareAuthenticator({ origin: location.origin, userVerified: false });
    expect(await send(noPin.register(await options()))).toEqual(refused);

    const samsChallenge = await options();
    await login('admin', 'admin');
    expect(await send(authenticator.register(samsChallenge))).toEqual(refused);
  });

  it('removes a passkey (404 for one the account does not have); the last one removed turns the setting off', async () => {
    await login('admin', 'admin');
    const setting = (askAfterPassword: boolean) => call('PUT', '/api/account/passkey-setting', { askAfterPassword });
    expect(await setting(true)).toMatchObject({ status: 400, json: { message: passkeyMessages.addOneFirst } });
    const passkey = await addPasskey('Front desk PC');
    expect((await setting(true)).status).toBe(204);
    expect(AccountPasskeys.parse((await call('GET', '/api/account/passkeys')).json).askAfterPassword).toBe(true);

    await login('sam', 'sam');
    expect(await call('DELETE', `/api/account/passkeys/${passkey.id}`)).toMatchObject({
      status: 404,
      json: { message: passkeyMessages.noSuchPasskey },
    });
    // admin's password alone no longer signs in: the passkey does.
    expect((await login('admin', 'admin')).status).toBe(401);
    expect((await call('POST', '/login/passkey', authenticator.authenticate(await signInOptions()))).status).toBe(200);
    expect((await call('DELETE', `/api/account/passkeys/${passkey.id}`)).status).toBe(204);
    expect(AccountPasskeys.parse((await call('GET', '/api/account/passkeys')).json)).toEqual({ passkeys: [], askAfterPassword: false });
    expect(await auditOf('passkey-removed')).toEqual([{ actor: 'admin', subject: 'admin', detail: 'Front desk PC' }]);
    // As on the server, the setting's end is recorded with the last passkey's removal.
    expect((await auditOf('passkey-setting-changed')).map(({ detail }) => detail)).toEqual(['on', 'off']);
  });

  it('answers 401 without a session', async () => {
    for (const [method, path] of [
      ['GET', '/api/account/passkeys'],
      ['POST', '/api/account/passkeys/options'],
      ['DELETE', '/api/account/passkeys/x'],
    ]) {
      expect((await call(method!, path!)).status).toBe(401);
    }
  });
});

describe('mock: signing in with a passkey', () => {
  it('signs in as the passkey’s account, as POST /login does, and records which passkey', async () => {
    await login('sam', 'sam');
    await addPasskey('Phone');
    await call('POST', '/logout');

    const options = await signInOptions();
    expect(options.allowCredentials).toBeUndefined();
    const signedIn = await call('POST', '/login/passkey', authenticator.authenticate(options));
    expect(signedIn).toMatchObject({ status: 200, json: { username: 'sam', role: 'staff' } });
    expect(signedIn.headers.get('Session-Expires')).not.toBeNull();
    expect(mockDb.sessionUser()).toBe('sam');
    expect(AccountPasskeys.parse((await call('GET', '/api/account/passkeys')).json).passkeys[0]?.lastUsedAt).not.toBeNull();
    expect((await auditOf('sign-in')).map(({ detail }) => detail)).toContain('passkey: Phone');
  });

  it('refuses a replayed answer, an unknown or removed passkey and an expired challenge: 401, recorded as failed', async () => {
    await login('sam', 'sam');
    const passkey = await addPasskey('Phone');
    await call('POST', '/logout');
    const failed = { status: 401, json: { message: 'Invalid username or password' } };

    const answer = authenticator.authenticate(await signInOptions());
    expect((await call('POST', '/login/passkey', answer)).status).toBe(200);
    await call('POST', '/logout');
    expect(await call('POST', '/login/passkey', answer)).toMatchObject(failed);

    // The same challenge signed again with the counter as it was: a cloned authenticator.
    const options = await signInOptions();
    const [credential] = authenticator.credentials;
    expect(await call('POST', '/login/passkey', authenticator.assertion(credential!, options.challenge))).toMatchObject(failed);

    const stranger = new SoftwareAuthenticator({ origin: location.origin });
    stranger.register(
      await (async () => {
        await login('admin', 'admin');
        return (await call('POST', '/api/account/passkeys/options')).json as PublicKeyCredentialCreationOptionsJSON;
      })(),
    );
    await call('POST', '/logout');
    expect(await call('POST', '/login/passkey', stranger.authenticate(await signInOptions()))).toMatchObject(failed);

    const old = await signInOptions();
    await teamDb.expireChallenges();
    expect(await call('POST', '/login/passkey', authenticator.authenticate(old))).toMatchObject(failed);

    await login('sam', 'sam');
    await call('DELETE', `/api/account/passkeys/${passkey.id}`);
    await call('POST', '/logout');
    expect(await call('POST', '/login/passkey', authenticator.authenticate(await signInOptions()))).toMatchObject(failed);

    expect((await auditOf('passkey-failed')).map(({ detail }) => detail)).toEqual([
      'expired or used challenge',
      'not verified',
      'unknown passkey',
      'expired or used challenge',
      'unknown passkey',
    ]);
  });

  it('asks for the passkey after the right password: no session until it is given; a cancelled step is recorded', async () => {
    await login('sam', 'sam');
    const phone = await addPasskey('Phone');
    await call('PUT', '/api/account/passkey-setting', { askAfterPassword: true });
    await call('POST', '/logout');

    expect((await login('sam', 'wrong')).json).toEqual({ message: 'Invalid username or password' });
    const step = await login('sam', 'sam');
    expect(step.status).toBe(401);
    expect(step.headers.get('WWW-Authenticate')).not.toBeNull();
    const { passkeyOptions } = LoginSecondStep.parse(step.json);
    expect(mockDb.hasSession()).toBe(false);
    const options = passkeyOptions as unknown as PublicKeyCredentialRequestOptionsJSON;
    expect(options.allowCredentials?.map(({ id }) => id)).toEqual([phone.id]);

    expect(await call('POST', '/login/passkey', authenticator.authenticate(options))).toMatchObject({ status: 200 });
    expect(mockDb.sessionUser()).toBe('sam');
    await call('POST', '/logout');

    const cancelled = LoginSecondStep.parse((await login('sam', 'sam')).json).passkeyOptions;
    expect((await call('POST', '/login/passkey/cancel', { challenge: cancelled.challenge })).status).toBe(204);
    const late = authenticator.authenticate(cancelled as unknown as PublicKeyCredentialRequestOptionsJSON);
    expect((await call('POST', '/login/passkey', late)).status).toBe(401);

    expect((await auditOf('sign-in')).map(({ actor, detail }) => `${actor} ${detail ?? ''}`)).toContain('sam password and passkey: Phone');
    expect(await auditOf('passkey-failed')).toEqual([
      { actor: 'sam', subject: null, detail: 'cancelled' },
      { actor: 'sam', subject: null, detail: 'expired or used challenge' },
    ]);
  });

  it('refuses another account’s passkey in the step after the password', async () => {
    await login('admin', 'admin');
    await addPasskey('Owner’s phone');
    await login('sam', 'sam');
    const samsDevice = new SoftwareAuthenticator({ origin: location.origin });
    const options = (await call('POST', '/api/account/passkeys/options')).json as PublicKeyCredentialCreationOptionsJSON;
    expect((await call('POST', '/api/account/passkeys', { name: 'Phone', response: samsDevice.register(options) })).status).toBe(201);
    await call('PUT', '/api/account/passkey-setting', { askAfterPassword: true });
    await call('POST', '/logout');

    const step = LoginSecondStep.parse((await login('sam', 'sam')).json).passkeyOptions;
    // The owner's passkey answers sam's challenge (a browser would not offer it; a forger could send it).
    const answer = authenticator.authenticate({ ...(step as unknown as PublicKeyCredentialRequestOptionsJSON), allowCredentials: [] });
    expect((await call('POST', '/login/passkey', answer)).status).toBe(401);
    expect(mockDb.hasSession()).toBe(false);
    expect((await auditOf('passkey-failed')).map(({ actor, detail }) => `${actor}: ${detail}`)).toEqual(['sam: another account’s passkey']);
  });
});
