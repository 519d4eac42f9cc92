// Passkeys in the mock (issue 30): My account's, and the sign-in with one, on the server's own ceremonies
// (contract/passkey-ceremonies.ts): the challenge (single-use, 5 minutes), the origin, the relying party, user
// verification, the signature and its counter. What the mock cannot check: docs/testing-the-cache.md.
import { http, HttpResponse } from 'msw';
import { listedPasskey } from '#contract/passkey-ceremonies';
import { AddPasskeyRequest, AuthenticationResponse, CancelPasskeyStep, PasskeySetting, passkeyMessages } from '#contract/passkeys';
import { INVALID_CREDENTIALS, LOGINS_BUSY } from '#contract/team';
import { mockDb } from '../db.ts';
import { passkeyCeremonies as ceremonies } from '../team-db.ts';
import { relyingParty, signedIn } from './auth.ts';
import { errorResponse, parseBody, parseBodyAfter, recordAudit, requireSession, unauthorized } from './respond.ts';

const noStore = { 'Cache-Control': 'no-store' };

/** An audit entry about the session's own account. */
const recordOwn = (request: Request, kind: 'passkey-added' | 'passkey-removed' | 'passkey-setting-changed', detail: string) =>
  recordAudit(request, { kind, actor: mockDb.sessionUser(), subject: mockDb.sessionUser(), detail });

export const passkeyHandlers = [
  http.get('*/api/account/passkeys', async () => {
    const refused = requireSession();
    if (refused) return refused;
    const [passkeys, askAfterPassword] = await Promise.all([
      ceremonies.list(mockDb.sessionUser()),
      ceremonies.askAfterPassword(mockDb.sessionUser()),
    ]);
    return HttpResponse.json({ passkeys: passkeys.map(listedPasskey), askAfterPassword }, { headers: noStore });
  }),

  http.post('*/api/account/passkeys/options', async ({ request }) => {
    const account = { id: mockDb.sessionUser(), username: mockDb.sessionUser() };
    return (
      requireSession() ?? HttpResponse.json(await ceremonies.registrationOptions(account, relyingParty(request)), { headers: noStore })
    );
  }),

  http.post('*/api/account/passkeys', async ({ request }) => {
    const body = await parseBodyAfter(requireSession(), request, AddPasskeyRequest);
    if (!body.ok) return body.response;
    const passkey = await ceremonies.add(mockDb.sessionUser(), body.data.name, body.data.response, relyingParty(request));
    if (!passkey) return errorResponse(400, passkeyMessages.notAdded);
    recordOwn(request, 'passkey-added', passkey.name);
    return HttpResponse.json(listedPasskey(passkey), { status: 201 });
  }),

  http.delete('*/api/account/passkeys/:passkeyId', async ({ request, params }) => {
    const refused = requireSession();
    if (refused) return refused;
    const removed = await ceremonies.remove(mockDb.sessionUser(), String(params.passkeyId));
    if (!removed) return errorResponse(404, passkeyMessages.noSuchPasskey);
    recordOwn(request, 'passkey-removed', removed.passkey.name);
    if (removed.settingTurnedOff) recordOwn(request, 'passkey-setting-changed', 'off');
    return new HttpResponse(null, { status: 204 });
  }),

  http.put('*/api/account/passkey-setting', async ({ request }) => {
    const body = await parseBodyAfter(requireSession(), request, PasskeySetting);
    if (!body.ok) return body.response;
    const on = body.data.askAfterPassword;
    const outcome = await ceremonies.setAskAfterPassword(mockDb.sessionUser(), on);
    if (outcome === 'refused') return errorResponse(400, passkeyMessages.addOneFirst);
    if (outcome === 'changed') recordOwn(request, 'passkey-setting-changed', on ? 'on' : 'off');
    return new HttpResponse(null, { status: 204 });
  }),

  // Outside /api, as /login: whoever signs in has no session yet.
  http.post('*/login/passkey/options', async ({ request }) => {
    const options = await ceremonies.signInOptions(relyingParty(request));
    return options ? HttpResponse.json(options, { headers: noStore }) : errorResponse(503, LOGINS_BUSY, { 'Retry-After': '60' });
  }),

  // Every failure answers as a wrong password does; the audit trail says why.
  http.post('*/login/passkey', async ({ request }) => {
    const body = await parseBody(request, AuthenticationResponse);
    if (!body.ok) return body.response;
    const outcome = await ceremonies.signIn(body.data, relyingParty(request));
    if (outcome.ok)
      return signedIn(request, outcome.account, `${outcome.secondStep ? 'password and passkey' : 'passkey'}: ${outcome.passkey.name}`);
    recordAudit(request, { kind: 'passkey-failed', actor: outcome.actor, subject: null, detail: outcome.reason });
    return unauthorized(INVALID_CREDENTIALS);
  }),

  // The browser's dialog was cancelled or failed during the step after the password: its challenge ends here.
  http.post('*/login/passkey/cancel', async ({ request }) => {
    const body = await parseBody(request, CancelPasskeyStep);
    if (!body.ok) return body.response;
    const account = await ceremonies.cancel(body.data.challenge);
    if (account) recordAudit(request, { kind: 'passkey-failed', actor: account.username, subject: null, detail: 'cancelled' });
    return new HttpResponse(null, { status: 204 });
  }),
];
