/**
 * The passkeys' WebAuthn ceremonies (issue 30), one for the server and the mock (docs/decisions/030-passkeys.md,
 * 034-team-rules-once.md): the options handed to the browser, the challenges it answers (single-use, good for
 * PASSKEY_CHALLENGE_MINUTES) and the checks of its answers with @simplewebauthn/server, never hand-written CBOR or
 * signature checks. Each side runs them on its own PasskeyStore: the server on its tables, the mock in memory.
 * User verification is required, passkeys are discoverable, no attestation is asked for, the signature counter only
 * goes up (the library refuses a lower one; the store's compare-and-set, a second use of the same). The WebAuthn user
 * id is the account's id, never its username on the server. Server and mock only: a lint zone keeps src/ out, so
 * that @simplewebauthn/server stays out of the SPA.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
  type WebAuthnCredential,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { own, signInFailed, type SignInLog } from './account-sessions.ts';
import { NO_STORE, refusal, type Answered, type AuditRecord } from './http.ts';
import { LOGINS_BUSY } from './team.ts';
import { PASSKEY_CHALLENGE_MINUTES, passkeyMessages, type AccountPasskeys, type Passkey, type PasskeyOptions } from './passkeys.ts';

/** What a challenge was handed out for: adding a passkey, a sign-in with no username, or the step after a password. */
export type ChallengePurpose = 'register' | 'sign-in' | 'second-step';

/** A challenge handed out: the account it is bound to (null for a sign-in with no username), until when (ISO). */
export type WaitingChallenge = { challenge: string; purpose: ChallengePurpose; accountId: string | null; expiresAt: string };

/** A passkey as a store keeps it: the credential's public key (COSE, base64url) and its signature counter. */
export type StoredPasskey = {
  id: string;
  accountId: string;
  name: string;
  publicKey: string;
  counter: number;
  transports: string[];
  createdAt: string;
  lastUsedAt: string | null;
};

/** An account as the ceremonies see it. */
export type CeremonyAccount = { id: string; username: string; disabled: boolean; askAfterPassword: boolean };

/** Where the passkeys, their accounts and the challenges live: the server's tables, the mock's memory. */
export type PasskeyStore<Account extends CeremonyAccount> = {
  account(id: string): Promise<Account | undefined>;
  passkeysOf(accountId: string): Promise<StoredPasskey[]>;
  passkey(id: string): Promise<StoredPasskey | undefined>;
  /** False when a passkey with this credential id exists already (any account's). */
  insert(passkey: StoredPasskey): Promise<boolean>;
  delete(id: string): Promise<void>;
  /** The new counter and when, if the stored one is still `from`: false when another request got there first. */
  recordUse(id: string, from: number, to: number, at: string): Promise<boolean>;
  /** "Ask for my passkey after my password"; whether that changed it. */
  setAskAfterPassword(accountId: string, on: boolean): Promise<boolean>;
  recordSignIn(accountId: string, at: string): Promise<void>;
  addChallenge(waiting: WaitingChallenge): Promise<void>;
  /** Removes a challenge; it as it was when this call removed it (a request that removes it first wins), else undefined. */
  takeChallenge(challenge: string): Promise<WaitingChallenge | undefined>;
  countOpenChallenges(purpose: ChallengePurpose, now: string): Promise<number>;
  deleteExpiredChallenges(now: string): Promise<number>;
  /** Runs `work` as one change: the server in a transaction, the mock (one thread, in memory) as it is. */
  atomically<T>(work: (store: PasskeyStore<Account>) => Promise<T>): Promise<T>;
};

export type RelyingParty = { origin: string; rpID: string };

/** Why a passkey sign-in or second step failed: the audit trail's detail. */
export type PasskeyFailure =
  'unknown passkey' | 'expired or used challenge' | 'not verified' | 'another account’s passkey' | 'cancelled' | 'account disabled';

export type PasskeySignIn<Account> =
  { ok: true; account: Account; passkey: StoredPasskey; secondStep: boolean } | { ok: false; reason: PasskeyFailure; actor: string };

/** The session's own account: its id (the mock's is its username) and its username, the trail's actor and subject. */
export type OwnAccount = { id: string; username: string };

/** The trail's entry of a change to the session's own passkeys. */
const ownChange = (
  { username }: OwnAccount,
  kind: 'passkey-added' | 'passkey-removed' | 'passkey-setting-changed',
  detail: string,
): AuditRecord => ({ kind, actor: username, subject: username, detail });

const NO_CONTENT = { status: 204, body: undefined } as const;

/** Sign-in challenges open at once, at most: a salon's staff open /login a few times a minute, not 1,000 times. */
export const MAX_OPEN_SIGN_IN_CHALLENGES = 5_000;

/** Who a failed step is recorded under when no account is known (an unknown passkey, an old challenge). */
const UNKNOWN_ACTOR = '(unknown)';

/** The name the browser's dialog shows (SESSION_CHALLENGE's realm). */
const RP_NAME = 'Your Beauty Salon';
const CHALLENGE_MS = PASSKEY_CHALLENGE_MINUTES * 60_000;

/** A row of "Passkeys" on My account. */
const listedPasskey = ({ id, name, createdAt, lastUsedAt }: StoredPasskey): Passkey => ({ id, name, createdAt, lastUsedAt });

/** The user id the authenticator keeps (and answers as userHandle): the account's id, as bytes. */
const userIdOf = (accountId: string) => new TextEncoder().encode(accountId);

function accountIdOfUserHandle(userHandle: string | undefined): string | undefined {
  if (!userHandle) return undefined;
  try {
    return isoBase64URL.toUTF8String(userHandle);
  } catch {
    return undefined;
  }
}

/** The challenge a browser's answer signed (clientDataJSON's), or undefined when it cannot be read. */
function challengeOf(clientDataJSON: string): string | undefined {
  try {
    const data: unknown = JSON.parse(isoBase64URL.toUTF8String(clientDataJSON));
    const challenge = (data as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' && challenge.length > 0 && challenge.length <= 512 ? challenge : undefined;
  } catch {
    return undefined;
  }
}

/** What every answer is checked against: its challenge, this relying party, and user verification. */
const expected = (challenge: string, rp: RelyingParty) =>
  ({ expectedChallenge: challenge, expectedOrigin: rp.origin, expectedRPID: rp.rpID, requireUserVerification: true }) as const;

/** @simplewebauthn/server's verification when it verified; undefined when it did not, or threw (a malformed answer). */
async function verified<Verification extends { verified: boolean }>(
  check: () => Promise<Verification>,
): Promise<(Verification & { verified: true }) | undefined> {
  try {
    const verification = await check();
    return verification.verified ? (verification as Verification & { verified: true }) : undefined;
  } catch {
    return undefined;
  }
}

const credentialsOf = (passkeys: StoredPasskey[]) =>
  passkeys.map(({ id, transports }) => ({ id, transports: transports as WebAuthnCredential['transports'] }));

export function createPasskeyCeremonies<Account extends CeremonyAccount>(store: PasskeyStore<Account>, clock: () => number = Date.now) {
  const now = () => new Date(clock()).toISOString();

  async function handOut(options: { challenge: string }, purpose: ChallengePurpose, accountId: string | null): Promise<PasskeyOptions> {
    await store.addChallenge({
      challenge: options.challenge,
      purpose,
      accountId,
      expiresAt: new Date(clock() + CHALLENGE_MS).toISOString(),
    });
    return { ...options };
  }

  /** Spends the challenge the answer signed: it as handed out, and whether it was still usable (unused and unexpired). */
  async function spend(clientDataJSON: string) {
    const challenge = challengeOf(clientDataJSON);
    const waiting = challenge === undefined ? undefined : await store.takeChallenge(challenge);
    return { challenge, waiting, usable: waiting !== undefined && waiting.expiresAt > now() };
  }

  /** Checks the browser's answer and keeps the passkey; undefined when it does not verify or its challenge is not this account's. */
  async function verifiedPasskey(accountId: string, name: string, response: RegistrationResponseJSON, rp: RelyingParty) {
    const { challenge, waiting, usable } = await spend(response.response.clientDataJSON);
    if (!usable || waiting?.purpose !== 'register' || waiting.accountId !== accountId || challenge === undefined) return undefined;
    const verification = await verified(() => verifyRegistrationResponse({ response, ...expected(challenge, rp) }));
    if (!verification) return undefined;
    const { credential } = verification.registrationInfo;
    const passkey: StoredPasskey = {
      id: credential.id,
      accountId,
      name,
      publicKey: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? [],
      createdAt: now(),
      lastUsedAt: null,
    };
    return (await store.insert(passkey)) ? passkey : undefined;
  }

  /** Checks a passkey sign-in (or second step), spending its challenge; on success records the passkey's use. */
  async function checkSignIn(response: AuthenticationResponseJSON, rp: RelyingParty): Promise<PasskeySignIn<Account>> {
    const { challenge, waiting, usable } = await spend(response.response.clientDataJSON);
    const passkey = await store.passkey(response.id);
    const owner = passkey && (await store.account(passkey.accountId));
    const bound = waiting?.purpose === 'second-step' && waiting.accountId !== null ? await store.account(waiting.accountId) : undefined;
    const handleId = accountIdOfUserHandle(response.response.userHandle);
    const named = bound ?? owner ?? (handleId === undefined ? undefined : await store.account(handleId));
    const fail = (reason: PasskeyFailure): PasskeySignIn<Account> => ({ ok: false, reason, actor: named?.username ?? UNKNOWN_ACTOR });

    if (!usable || challenge === undefined || (waiting?.purpose !== 'sign-in' && waiting?.purpose !== 'second-step')) {
      return fail('expired or used challenge');
    }
    if (!passkey || !owner) return fail('unknown passkey');
    if (bound && bound.id !== owner.id) return fail('another account’s passkey');
    if (handleId !== undefined && handleId !== owner.id) return fail('not verified');
    if (owner.disabled) return fail('account disabled');
    const credential = { id: passkey.id, publicKey: isoBase64URL.toBuffer(passkey.publicKey), counter: passkey.counter };
    const transports = passkey.transports as WebAuthnCredential['transports'];
    const verification = await verified(() =>
      verifyAuthenticationResponse({ response, ...expected(challenge, rp), credential: { ...credential, transports } }),
    );
    if (!verification) return fail('not verified');
    const at = now();
    const { newCounter } = verification.authenticationInfo;
    if (!(await store.recordUse(passkey.id, passkey.counter, newCounter, at))) return fail('not verified');
    await store.recordSignIn(owner.id, at);
    return { ok: true, account: owner, passkey: { ...passkey, counter: newCounter, lastUsedAt: at }, secondStep: bound !== undefined };
  }

  return {
    /** GET /api/account/passkeys: the account's passkeys, and whether it asks for one after its password. */
    async list(accountId: string): Promise<Answered<AccountPasskeys>> {
      const [passkeys, account] = await Promise.all([store.passkeysOf(accountId), store.account(accountId)]);
      return own({ passkeys: passkeys.map(listedPasskey), askAfterPassword: account?.askAfterPassword === true });
    },

    /** PUT /api/account/passkey-setting: turning "ask after my password" on needs a passkey, refused without one. */
    async setAskAfterPassword(account: OwnAccount, on: boolean): Promise<Answered> {
      const outcome = await store.atomically(async (locked) => {
        if (on && (await locked.passkeysOf(account.id)).length === 0) return 'refused';
        return (await locked.setAskAfterPassword(account.id, on)) ? 'changed' : 'unchanged';
      });
      if (outcome === 'refused') return refusal(400, passkeyMessages.addOneFirst);
      return { ...NO_CONTENT, audit: outcome === 'changed' ? [ownChange(account, 'passkey-setting-changed', on ? 'on' : 'off')] : [] };
    },

    /** DELETE /api/account/passkeys/:id: removing the account's last passkey turns "ask after my password" off. */
    async remove(account: OwnAccount, id: string): Promise<Answered> {
      const removed = await store.atomically(async (locked) => {
        const passkey = (await locked.passkeysOf(account.id)).find((candidate) => candidate.id === id);
        if (!passkey) return undefined;
        await locked.delete(id);
        const settingTurnedOff =
          (await locked.passkeysOf(account.id)).length === 0 && (await locked.setAskAfterPassword(account.id, false));
        return { passkey, settingTurnedOff };
      });
      if (!removed) return refusal(404, passkeyMessages.noSuchPasskey);
      const audit = [ownChange(account, 'passkey-removed', removed.passkey.name)];
      if (removed.settingTurnedOff) audit.push(ownChange(account, 'passkey-setting-changed', 'off'));
      return { ...NO_CONTENT, audit };
    },

    /** POST /api/account/passkeys/options: for navigator.credentials.create(), a discoverable credential, none of the account's again. */
    async registrationOptions(account: OwnAccount, rp: RelyingParty): Promise<Answered<PasskeyOptions>> {
      const options = await generateRegistrationOptions({
        rpName: RP_NAME,
        rpID: rp.rpID,
        userName: account.username,
        userID: userIdOf(account.id),
        timeout: CHALLENGE_MS,
        attestationType: 'none',
        excludeCredentials: credentialsOf(await store.passkeysOf(account.id)),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      return { status: 200, body: await handOut(options, 'register', account.id), headers: NO_STORE };
    },

    /** POST /api/account/passkeys: the passkey the browser made from the account's options, kept under `name`. */
    async add(account: OwnAccount, name: string, response: RegistrationResponseJSON, rp: RelyingParty): Promise<Answered> {
      const passkey = await verifiedPasskey(account.id, name, response, rp);
      if (!passkey) return refusal(400, passkeyMessages.notAdded);
      return { status: 201, body: listedPasskey(passkey), audit: [ownChange(account, 'passkey-added', passkey.name)] };
    },

    /**
     * POST /login/passkey/options: options for a sign-in with no username (any of this site's passkeys); 503 while
     * MAX_OPEN_SIGN_IN_CHALLENGES are open, for a minute as POST /login's 503 says. Anyone may ask for them, and each is
     * kept for 5 minutes: the cap bounds what a flood of requests can write (a password still signs in meanwhile).
     */
    async signInOptions(rp: RelyingParty): Promise<Answered> {
      if ((await store.countOpenChallenges('sign-in', now())) >= MAX_OPEN_SIGN_IN_CHALLENGES) {
        return refusal(503, LOGINS_BUSY, { ...NO_STORE, 'Retry-After': '60' });
      }
      const options = await generateAuthenticationOptions({ rpID: rp.rpID, userVerification: 'required', timeout: CHALLENGE_MS });
      return { status: 200, body: await handOut(options, 'sign-in', null), headers: NO_STORE };
    },

    /**
     * Options for the step after the right password, bound to the account and allowing only its passkeys; undefined
     * when the account does not ask for one (or has none left), and the password alone signs in.
     */
    async secondStepOptions(accountId: string, rp: RelyingParty): Promise<PasskeyOptions | undefined> {
      if (!(await store.account(accountId))?.askAfterPassword) return undefined;
      const passkeys = await store.passkeysOf(accountId);
      if (passkeys.length === 0) return undefined;
      const options = await generateAuthenticationOptions({
        rpID: rp.rpID,
        userVerification: 'required',
        timeout: CHALLENGE_MS,
        allowCredentials: credentialsOf(passkeys),
      });
      return handOut(options, 'second-step', accountId);
    },

    /**
     * POST /login/passkey: a sign-in with a passkey, or the step after the password, begun as `start` begins a session
     * (`how` in the trail). Every failure answers as a wrong password does; the trail says why.
     */
    async signIn(
      response: AuthenticationResponseJSON,
      rp: RelyingParty,
      start: (account: Account, how: string) => Promise<Answered>,
      log: SignInLog = () => {},
    ): Promise<Answered> {
      const outcome = await checkSignIn(response, rp);
      if (outcome.ok) return start(outcome.account, `${outcome.secondStep ? 'password and passkey' : 'passkey'}: ${outcome.passkey.name}`);
      log({ username: outcome.actor, reason: outcome.reason }, 'Passkey sign-in failed');
      return signInFailed({ kind: 'passkey-failed', actor: outcome.actor, detail: outcome.reason });
    },

    /**
     * POST /login/passkey/cancel: ends a challenge the browser's dialog will not answer. Only a step after a password is
     * someone's, in the trail: a sign-in with no username cancelled names nobody.
     */
    async cancel(challenge: string): Promise<Answered> {
      const waiting = await store.takeChallenge(challenge);
      const account = waiting?.purpose === 'second-step' && waiting.accountId !== null ? await store.account(waiting.accountId) : undefined;
      return { ...NO_CONTENT, audit: account ? [{ kind: 'passkey-failed', actor: account.username, detail: 'cancelled' }] : [] };
    },

    purgeExpiredChallenges: () => store.deleteExpiredChallenges(now()),
  };
}
