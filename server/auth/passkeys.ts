/**
 * Passkeys (issue 30, docs/decisions/030-passkeys.md): WebAuthn through @simplewebauthn/server, not hand-written CBOR
 * or signature checks. The relying party is PUBLIC_ORIGIN (else the origin the request was sent to, as the cross-site
 * guard reads it) and its id that origin's host. User verification is required, passkeys are discoverable, no
 * attestation is asked for; each challenge is good for one ceremony and PASSKEY_CHALLENGE_MINUTES; the signature
 * counter only goes up. The WebAuthn user id is the staff row's id (opaque), never the username.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { PASSKEY_CHALLENGE_MINUTES, type PasskeyOptions } from '#contract/passkeys';
import type { Database, PasskeyChallengePurpose } from '../db/schema.ts';
import { createPasskeysRepository, type PasskeyRow } from '../repositories/passkeys.ts';
import { createStaffRepository, type StaffRow } from '../repositories/staff.ts';

/** The name the browser's dialog shows (SESSION_CHALLENGE's realm). */
const RP_NAME = 'Your Beauty Salon';
const CHALLENGE_MS = PASSKEY_CHALLENGE_MINUTES * 60_000;

/** Why a passkey sign-in or second step failed: the audit trail's detail. */
export type PasskeyFailure =
  'unknown passkey' | 'expired or used challenge' | 'not verified' | 'another account’s passkey' | 'cancelled' | 'account disabled';

export type PasskeySignIn =
  { ok: true; account: StaffRow; passkey: PasskeyRow; secondStep: boolean } | { ok: false; reason: PasskeyFailure; actor: string };

type RelyingParty = { origin: string; rpID: string };

/** The user id the authenticator keeps (and answers as userHandle): the staff row's id, as bytes. */
const userIdOf = (staffId: string) => new TextEncoder().encode(staffId);

function staffIdOfUserHandle(userHandle: string | undefined): string | undefined {
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

const transportsOf = (row: PasskeyRow): string[] => JSON.parse(row.transports) as string[];

/** Sign-in challenges open at once, at most: a salon's staff open /login a few times a minute, not 1,000 times. */
export const MAX_OPEN_SIGN_IN_CHALLENGES = 5_000;

export type PasskeysOptions = { publicOrigin: string | null; clock: () => number };

export function createPasskeys(db: Kysely<Database>, { publicOrigin, clock }: PasskeysOptions) {
  const passkeys = createPasskeysRepository(db);
  const staff = createStaffRepository(db);
  const now = () => new Date(clock()).toISOString();

  async function handOut(challenge: string, purpose: PasskeyChallengePurpose, staffId: string | null): Promise<void> {
    await passkeys.addChallenge({ challenge, purpose, staff_id: staffId, expires_at: new Date(clock() + CHALLENGE_MS).toISOString() });
  }

  /** Spends the challenge the answer signed: the row when it was handed out for `purposes`, unused and unexpired. */
  async function spend(clientDataJSON: string) {
    const challenge = challengeOf(clientDataJSON);
    const row = challenge === undefined ? undefined : await passkeys.takeChallenge(challenge);
    return { challenge, row, usable: row !== undefined && row.expires_at > now() };
  }

  return {
    /** The relying party a request talks to: PUBLIC_ORIGIN, else the origin it was sent to. */
    relyingParty(request: FastifyRequest): RelyingParty {
      const origin = publicOrigin ?? new URL(`${request.protocol}://${request.host}`).origin;
      return { origin, rpID: new URL(origin).hostname };
    },

    list: (staffId: string) => passkeys.listForStaff(staffId),

    async askAfterPassword(staffId: string): Promise<boolean> {
      return (await staff.findById(staffId))?.passkey_after_password === 1;
    },

    setAskAfterPassword: (staffId: string, on: boolean) => passkeys.setAskAfterPassword(staffId, on),

    remove: (staffId: string, id: string) => passkeys.remove(staffId, id),

    /** Options for navigator.credentials.create(): a discoverable credential, none of the account's again. */
    async registrationOptions(account: { staffId: string; username: string }, rp: RelyingParty): Promise<PasskeyOptions> {
      const existing = await passkeys.listForStaff(account.staffId);
      const options = await generateRegistrationOptions({
        rpName: RP_NAME,
        rpID: rp.rpID,
        userName: account.username,
        userID: userIdOf(account.staffId),
        timeout: CHALLENGE_MS,
        attestationType: 'none',
        excludeCredentials: existing.map((row) => ({ id: row.id, transports: transportsOf(row) })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      await handOut(options.challenge, 'register', account.staffId);
      return { ...options };
    },

    /** Checks the browser's answer and keeps the passkey; undefined when it does not verify or its challenge is not this account's. */
    async add(staffId: string, name: string, response: RegistrationResponseJSON, rp: RelyingParty): Promise<PasskeyRow | undefined> {
      const { challenge, row, usable } = await spend(response.response.clientDataJSON);
      if (!usable || row?.purpose !== 'register' || row.staff_id !== staffId || challenge === undefined) return undefined;
      let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
      try {
        verification = await verifyRegistrationResponse({
          response,
          expectedChallenge: challenge,
          expectedOrigin: rp.origin,
          expectedRPID: rp.rpID,
          requireUserVerification: true,
        });
      } catch {
        return undefined;
      }
      if (!verification.verified) return undefined;
      const { credential } = verification.registrationInfo;
      const passkey: PasskeyRow = {
        id: credential.id,
        staff_id: staffId,
        name,
        public_key: isoBase64URL.fromBuffer(credential.publicKey),
        counter: credential.counter,
        transports: JSON.stringify(credential.transports ?? []),
        created_at: now(),
        last_used_at: null,
      };
      return (await passkeys.insert(passkey)) ? passkey : undefined;
    },

    /** Options for a sign-in with no username: any of this site's passkeys (no allowCredentials). */
    /**
     * Options for a sign-in with no username; undefined while MAX_OPEN_SIGN_IN_CHALLENGES are open. Anyone may ask
     * for them, and each is a row for 5 minutes: the cap bounds what a flood of requests can write (a password still
     * signs in meanwhile).
     */
    async signInOptions(rp: RelyingParty): Promise<PasskeyOptions | undefined> {
      if ((await passkeys.countOpenChallenges('sign-in', now())) >= MAX_OPEN_SIGN_IN_CHALLENGES) return undefined;
      const options = await generateAuthenticationOptions({ rpID: rp.rpID, userVerification: 'required', timeout: CHALLENGE_MS });
      await handOut(options.challenge, 'sign-in', null);
      return { ...options };
    },

    /**
     * Options for the step after the right password, bound to the account and allowing only its passkeys; undefined
     * when the account does not ask for one (or has none left), and the password alone signs in.
     */
    async secondStepOptions(account: StaffRow, rp: RelyingParty): Promise<PasskeyOptions | undefined> {
      if (account.passkey_after_password !== 1) return undefined;
      const rows = await passkeys.listForStaff(account.id);
      if (rows.length === 0) return undefined;
      const options = await generateAuthenticationOptions({
        rpID: rp.rpID,
        userVerification: 'required',
        timeout: CHALLENGE_MS,
        allowCredentials: rows.map((row) => ({ id: row.id, transports: transportsOf(row) })),
      });
      await handOut(options.challenge, 'second-step', account.id);
      return { ...options };
    },

    /** Checks a passkey sign-in (or second step), spending its challenge; on success records the passkey's use. */
    async signIn(response: AuthenticationResponseJSON, rp: RelyingParty): Promise<PasskeySignIn> {
      const { challenge, row, usable } = await spend(response.response.clientDataJSON);
      const passkey = await passkeys.find(response.id);
      const owner = passkey && (await staff.findById(passkey.staff_id));
      const boundId = row?.purpose === 'second-step' ? row.staff_id : null;
      const bound = boundId === null ? undefined : await staff.findById(boundId);
      const handleId = staffIdOfUserHandle(response.response.userHandle);
      const named = bound ?? owner ?? (handleId === undefined ? undefined : await staff.findById(handleId));
      const fail = (reason: PasskeyFailure): PasskeySignIn => ({ ok: false, reason, actor: named?.username ?? '(unknown)' });

      if (!usable || challenge === undefined || (row?.purpose !== 'sign-in' && row?.purpose !== 'second-step')) {
        return fail('expired or used challenge');
      }
      if (!passkey || !owner) return fail('unknown passkey');
      if (bound && bound.id !== owner.id) return fail('another account’s passkey');
      if (handleId !== undefined && handleId !== owner.id) return fail('not verified');
      if (owner.disabled_at !== null) return fail('account disabled');
      let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
      try {
        verification = await verifyAuthenticationResponse({
          response,
          expectedChallenge: challenge,
          expectedOrigin: rp.origin,
          expectedRPID: rp.rpID,
          credential: {
            id: passkey.id,
            publicKey: isoBase64URL.toBuffer(passkey.public_key),
            counter: Number(passkey.counter),
            transports: transportsOf(passkey),
          },
          requireUserVerification: true,
        });
      } catch {
        return fail('not verified');
      }
      const at = now();
      if (!verification.verified || !(await passkeys.recordUse(passkey.id, verification.authenticationInfo.newCounter, at))) {
        return fail('not verified');
      }
      await staff.recordSignIn(owner.id, at);
      return { ok: true, account: owner, passkey: { ...passkey, last_used_at: at }, secondStep: bound !== undefined };
    },

    /** Ends a challenge the browser's dialog will not answer; the account whose second step it was, if it was one. */
    async cancel(challenge: string): Promise<StaffRow | undefined> {
      const row = await passkeys.takeChallenge(challenge);
      if (row?.purpose !== 'second-step' || row.staff_id === null) return undefined;
      return staff.findById(row.staff_id);
    },

    purgeExpiredChallenges: () => passkeys.deleteExpiredChallenges(now()),
  };
}

export type Passkeys = ReturnType<typeof createPasskeys>;
