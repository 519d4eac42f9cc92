// Passkeys in the mock (issue 30): My account's, and the sign-in with one. The browser's answers are checked with
// @simplewebauthn/server as on the server: the challenge (single-use, 5 minutes), the origin, the relying party,
// user verification, the signature and its counter. What the mock cannot check: docs/testing-the-cache.md.
import { verifyAuthenticationResponse, verifyRegistrationResponse, type WebAuthnCredential } from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { http, HttpResponse } from 'msw';
import {
  AddPasskeyRequest,
  AuthenticationResponse,
  CancelPasskeyStep,
  PasskeySetting,
  passkeyMessages,
  type Passkey,
} from '#contract/passkeys';
import { mockDb } from '../db.ts';
import { addOptions, challengeOf, relyingParty, signInOptions, takeChallenge } from '../passkey-ceremonies.ts';
import { passkeyDb, type MockPasskey } from '../team-db.ts';
import { signedIn } from './auth.ts';
import { errorResponse, parseBody, recordAudit, requireSession, unauthorized } from './respond.ts';

const noStore = { 'Cache-Control': 'no-store' };

/** Who a failed sign-in step is recorded under when no account is known (an unknown passkey, an old challenge). */
const UNKNOWN_ACTOR = '(unknown)';

const row = ({ id, name, createdAt, lastUsedAt }: MockPasskey): Passkey => ({ id, name, createdAt, lastUsedAt });

/** Every failed passkey sign-in answers as a wrong password does; the audit trail says why. */
function signInFailed(request: Request, actor: string, reason: string) {
  recordAudit(request, { kind: 'passkey-failed', actor, subject: actor === UNKNOWN_ACTOR ? null : actor, detail: reason });
  return unauthorized('Invalid username or password');
}

export const passkeyHandlers = [
  http.get(
    '*/api/account/passkeys',
    () =>
      requireSession() ??
      HttpResponse.json(
        {
          passkeys: passkeyDb.of(mockDb.sessionUser()).map(row),
          askAfterPassword: passkeyDb.asksAfterPassword(mockDb.sessionUser()),
        },
        { headers: noStore },
      ),
  ),

  http.post('*/api/account/passkeys/options', async ({ request }) => {
    const refused = requireSession();
    if (refused) return refused;
    return HttpResponse.json(await addOptions(request, mockDb.sessionUser()), { headers: noStore });
  }),

  http.post('*/api/account/passkeys', async ({ request }) => {
    const refused = requireSession();
    if (refused) return refused;
    const body = await parseBody(request, AddPasskeyRequest);
    if (!body.ok) return body.response;
    const username = mockDb.sessionUser();
    const { name, response } = body.data;
    const challenge = challengeOf(response.response.clientDataJSON);
    const ceremony = challenge === undefined ? undefined : takeChallenge(challenge);
    const notAdded = () => errorResponse(400, passkeyMessages.notAdded);
    if (!challenge || ceremony?.kind !== 'add' || ceremony.username !== username || passkeyDb.find(response.id)) return notAdded();
    const { origin, rpID } = relyingParty(request);
    let verification;
    try {
      verification = await verifyRegistrationResponse({
        response: { ...response, response: { ...response.response, transports: response.response.transports ?? [] } },
        expectedChallenge: challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        requireUserVerification: true,
      });
    } catch {
      return notAdded();
    }
    if (!verification.verified) return notAdded();
    const { credential } = verification.registrationInfo;
    const passkey: MockPasskey = {
      id: credential.id,
      name,
      publicKey: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? [],
      createdAt: new Date().toISOString(),
      lastUsedAt: null,
    };
    passkeyDb.add(username, passkey);
    recordAudit(request, { kind: 'passkey-added', actor: username, subject: username, detail: name });
    return HttpResponse.json(row(passkey), { status: 201 });
  }),

  http.delete('*/api/account/passkeys/:passkeyId', ({ request, params }) => {
    const refused = requireSession();
    if (refused) return refused;
    const username = mockDb.sessionUser();
    const removed = passkeyDb.remove(username, String(params.passkeyId));
    if (!removed) return errorResponse(404, passkeyMessages.noSuchPasskey);
    recordAudit(request, { kind: 'passkey-removed', actor: username, subject: username, detail: removed.name });
    return new HttpResponse(null, { status: 204 });
  }),

  http.put('*/api/account/passkey-setting', async ({ request }) => {
    const refused = requireSession();
    if (refused) return refused;
    const body = await parseBody(request, PasskeySetting);
    if (!body.ok) return body.response;
    const username = mockDb.sessionUser();
    if (!passkeyDb.setAskAfterPassword(username, body.data.askAfterPassword)) return errorResponse(400, passkeyMessages.addOneFirst);
    const detail = body.data.askAfterPassword ? 'on' : 'off';
    recordAudit(request, { kind: 'passkey-setting-changed', actor: username, subject: username, detail });
    return new HttpResponse(null, { status: 204 });
  }),

  // Outside /api, as /login: whoever signs in has no session yet.
  http.post('*/login/passkey/options', async ({ request }) => HttpResponse.json(await signInOptions(request), { headers: noStore })),

  http.post('*/login/passkey', async ({ request }) => {
    const body = await parseBody(request, AuthenticationResponse);
    if (!body.ok) return body.response;
    const response = body.data;
    const challenge = challengeOf(response.response.clientDataJSON);
    const ceremony = challenge === undefined ? undefined : takeChallenge(challenge);
    if (!challenge || (ceremony?.kind !== 'sign-in' && ceremony?.kind !== 'second-step')) {
      return signInFailed(request, UNKNOWN_ACTOR, 'challenge used or expired');
    }
    const stepOf = ceremony.kind === 'second-step' ? ceremony.username : undefined;
    const found = passkeyDb.find(response.id);
    if (!found) return signInFailed(request, stepOf ?? UNKNOWN_ACTOR, 'unknown passkey');
    if (stepOf !== undefined && found.username !== stepOf) return signInFailed(request, stepOf, 'another account’s passkey');
    if (found.disabled) return signInFailed(request, found.username, 'account disabled');
    const { origin, rpID } = relyingParty(request);
    let verification;
    try {
      verification = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        requireUserVerification: true,
        credential: {
          id: found.passkey.id,
          publicKey: isoBase64URL.toBuffer(found.passkey.publicKey),
          counter: found.passkey.counter,
          transports: found.passkey.transports as WebAuthnCredential['transports'],
        },
      });
    } catch {
      return signInFailed(request, found.username, 'not verified');
    }
    if (!verification.verified) return signInFailed(request, found.username, 'not verified');
    passkeyDb.used(found.passkey.id, verification.authenticationInfo.newCounter);
    const how = stepOf === undefined ? 'passkey' : 'password and passkey';
    return signedIn(request, found, `${how}: ${found.passkey.name}`);
  }),

  // The browser's dialog was cancelled or failed during the step after the password: its challenge ends here.
  http.post('*/login/passkey/cancel', async ({ request }) => {
    const body = await parseBody(request, CancelPasskeyStep);
    if (!body.ok) return body.response;
    const ceremony = takeChallenge(body.data.challenge);
    if (ceremony?.kind === 'second-step') {
      recordAudit(request, { kind: 'passkey-failed', actor: ceremony.username, subject: ceremony.username, detail: 'cancelled' });
    }
    return new HttpResponse(null, { status: 204 });
  }),
];
