// Passkeys in the mock (issue 30): My account's, and the sign-in with one, on the server's own ceremonies
// (contract/passkey-ceremonies.ts): the challenge (single-use, 5 minutes), the origin, the relying party, user
// verification, the signature and its counter. What the mock cannot check: docs/testing-the-cache.md.
import { HttpResponse } from 'msw';
import { listedPasskey } from '#contract/passkey-ceremonies';
import { AddPasskeyRequest, AuthenticationResponse, CancelPasskeyStep, PasskeySetting, passkeyMessages } from '#contract/passkeys';
import { INVALID_CREDENTIALS, LOGINS_BUSY } from '#contract/team';
import { mockDb } from '../db.ts';
import { passkeyCeremonies as ceremonies } from '../team-db.ts';
import { relyingParty, signedIn } from './auth.ts';
import { errorResponse, recordAudit, route, unauthorized } from './respond.ts';

const noStore = { 'Cache-Control': 'no-store' };

/** An audit entry about the session's own account. */
const recordOwn = (request: Request, kind: 'passkey-added' | 'passkey-removed' | 'passkey-setting-changed', detail: string) =>
  recordAudit(request, { kind, actor: mockDb.sessionUser(), subject: mockDb.sessionUser(), detail });

export const passkeyHandlers = [
  route('GET /api/account/passkeys', async () => {
    const [passkeys, askAfterPassword] = await Promise.all([
      ceremonies.list(mockDb.sessionUser()),
      ceremonies.askAfterPassword(mockDb.sessionUser()),
    ]);
    return HttpResponse.json({ passkeys: passkeys.map(listedPasskey), askAfterPassword }, { headers: noStore });
  }),

  route('POST /api/account/passkeys/options', async ({ request }) => {
    const account = { id: mockDb.sessionUser(), username: mockDb.sessionUser() };
    return HttpResponse.json(await ceremonies.registrationOptions(account, relyingParty(request)), { headers: noStore });
  }),

  route('POST /api/account/passkeys', { body: AddPasskeyRequest }, async ({ request, body }) => {
    const passkey = await ceremonies.add(mockDb.sessionUser(), body.name, body.response, relyingParty(request));
    if (!passkey) return errorResponse(400, passkeyMessages.notAdded);
    recordOwn(request, 'passkey-added', passkey.name);
    return HttpResponse.json(listedPasskey(passkey), { status: 201 });
  }),

  route('DELETE /api/account/passkeys/:id', async ({ request, params }) => {
    const removed = await ceremonies.remove(mockDb.sessionUser(), String(params.id));
    if (!removed) return errorResponse(404, passkeyMessages.noSuchPasskey);
    recordOwn(request, 'passkey-removed', removed.passkey.name);
    if (removed.settingTurnedOff) recordOwn(request, 'passkey-setting-changed', 'off');
    return new HttpResponse(null, { status: 204 });
  }),

  route('PUT /api/account/passkey-setting', { body: PasskeySetting }, async ({ request, body: { askAfterPassword: on } }) => {
    const outcome = await ceremonies.setAskAfterPassword(mockDb.sessionUser(), on);
    if (outcome === 'refused') return errorResponse(400, passkeyMessages.addOneFirst);
    if (outcome === 'changed') recordOwn(request, 'passkey-setting-changed', on ? 'on' : 'off');
    return new HttpResponse(null, { status: 204 });
  }),

  // Outside /api, as /login: whoever signs in has no session yet.
  route('POST /login/passkey/options', async ({ request }) => {
    const options = await ceremonies.signInOptions(relyingParty(request));
    return options ? HttpResponse.json(options, { headers: noStore }) : errorResponse(503, LOGINS_BUSY, { 'Retry-After': '60' });
  }),

  // Every failure answers as a wrong password does; the audit trail says why.
  route('POST /login/passkey', { body: AuthenticationResponse }, async ({ request, body }) => {
    const outcome = await ceremonies.signIn(body, relyingParty(request));
    if (outcome.ok)
      return signedIn(request, outcome.account, `${outcome.secondStep ? 'password and passkey' : 'passkey'}: ${outcome.passkey.name}`);
    recordAudit(request, { kind: 'passkey-failed', actor: outcome.actor, subject: null, detail: outcome.reason });
    return unauthorized(INVALID_CREDENTIALS);
  }),

  // The browser's dialog was cancelled or failed during the step after the password: its challenge ends here.
  route('POST /login/passkey/cancel', { body: CancelPasskeyStep }, async ({ request, body }) => {
    const account = await ceremonies.cancel(body.challenge);
    if (account) recordAudit(request, { kind: 'passkey-failed', actor: account.username, subject: null, detail: 'cancelled' });
    return new HttpResponse(null, { status: 204 });
  }),
];
