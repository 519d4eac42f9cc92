// The mock's WebAuthn ceremonies (issue 30): the options it hands the browser and the challenges it waits for, checked
// with @simplewebauthn/server as the real server does. It runs in the page (msw's handlers do) on WebCrypto, and in
// the Node of the tests. Dev and test only: main.tsx loads the mock in `npm run dev` and the mock build alone.
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import { decodeClientDataJSON } from '@simplewebauthn/server/helpers';
import { PASSKEY_CHALLENGE_MINUTES } from '#contract/passkeys';
import { passkeyDb } from './team-db.ts';

/** What a challenge was given for: adding a passkey to an account, a sign-in, or the step after an account's password. */
type Ceremony = { kind: 'add'; username: string } | { kind: 'sign-in' } | { kind: 'second-step'; username: string };

type Waiting = Ceremony & { expiresAt: number };

/** In memory only: a reload of the page forgets them, as a restart of the server would. */
const challenges = new Map<string, Waiting>();

/**
 * The relying party: the page's origin and host, where the browser puts its own in what it signs. In Node (the tests
 * of tests/api) there is no page: the request's.
 */
export function relyingParty(request: Request): { origin: string; rpID: string } {
  const origin = typeof location === 'undefined' ? new URL(request.url).origin : location.origin;
  return { origin, rpID: new URL(origin).hostname };
}

function waitFor(challenge: string, ceremony: Ceremony) {
  const now = Date.now();
  for (const [key, waiting] of challenges) if (waiting.expiresAt <= now) challenges.delete(key);
  challenges.set(challenge, { ...ceremony, expiresAt: now + PASSKEY_CHALLENGE_MINUTES * 60_000 });
}

/** The ceremony a challenge was given for, once: a challenge is single-use, and good for 5 minutes. */
export function takeChallenge(challenge: string): Ceremony | undefined {
  const waiting = challenges.get(challenge);
  challenges.delete(challenge);
  return waiting && waiting.expiresAt > Date.now() ? waiting : undefined;
}

/** The challenge the browser signed, from its clientDataJSON; undefined when that does not decode. */
export function challengeOf(clientDataJSON: string): string | undefined {
  try {
    return decodeClientDataJSON(clientDataJSON).challenge;
  } catch {
    return undefined;
  }
}

/** Testers and tests: every challenge given so far is past its 5 minutes. */
export function expireChallenges() {
  for (const waiting of challenges.values()) waiting.expiresAt = Date.now() - 1;
}

export async function addOptions(request: Request, username: string): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const options = await generateRegistrationOptions({
    rpName: 'Your Beauty Salon',
    rpID: relyingParty(request).rpID,
    userName: username,
    attestationType: 'none',
    // A discoverable credential (the sign-in asks for no username), and user verification (a PIN, a fingerprint).
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    excludeCredentials: passkeyDb.of(username).map(({ id }) => ({ id })),
  });
  waitFor(options.challenge, { kind: 'add', username });
  return options;
}

/** A sign-in with a passkey alone (discoverable: no allowCredentials), or the step after `username`'s password. */
export async function signInOptions(request: Request, username?: string): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(request).rpID,
    userVerification: 'required',
    ...(username === undefined ? {} : { allowCredentials: passkeyDb.of(username).map(({ id }) => ({ id })) }),
  });
  waitFor(options.challenge, username === undefined ? { kind: 'sign-in' } : { kind: 'second-step', username });
  return options;
}
