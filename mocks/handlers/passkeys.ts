// Passkeys in the mock (issue 30): My account's, and the sign-in with one, on the server's own ceremonies
// (contract/passkey-ceremonies.ts): the challenge (single-use, 5 minutes), the origin, the relying party, user
// verification, the signature and its counter. What the mock cannot check: docs/testing-the-cache.md.
import { AddPasskeyRequest, AuthenticationResponse, CancelPasskeyStep, PasskeySetting } from '#contract/passkeys';
import { mockDb } from '../db.ts';
import { relyingParty, signedIn } from './auth.ts';
import { respond, route } from './respond.ts';

/** The session's own account: the mock's account id is its username. */
const ownAccount = () => ({ id: mockDb.sessionUser(), username: mockDb.sessionUser() });

export const passkeyHandlers = [
  route('GET /api/account/passkeys', async ({ request }) =>
    respond(request, await mockDb.team(({ passkeys }) => passkeys.list(mockDb.sessionUser()))),
  ),
  route('POST /api/account/passkeys/options', async ({ request }) =>
    respond(request, await mockDb.team(({ passkeys }) => passkeys.registrationOptions(ownAccount(), relyingParty(request)))),
  ),
  route('POST /api/account/passkeys', { body: AddPasskeyRequest }, async ({ request, body }) =>
    respond(request, await mockDb.team(({ passkeys }) => passkeys.add(ownAccount(), body.name, body.response, relyingParty(request)))),
  ),
  route('DELETE /api/account/passkeys/:id', async ({ request, params }) =>
    respond(request, await mockDb.team(({ passkeys }) => passkeys.remove(ownAccount(), String(params.id)))),
  ),
  route('PUT /api/account/passkey-setting', { body: PasskeySetting }, async ({ request, body }) =>
    respond(request, await mockDb.team(({ passkeys }) => passkeys.setAskAfterPassword(ownAccount(), body.askAfterPassword))),
  ),

  // Outside /api, as /login: whoever signs in has no session yet.
  route('POST /login/passkey/options', async ({ request }) =>
    respond(request, await mockDb.team(({ passkeys }) => passkeys.signInOptions(relyingParty(request)))),
  ),
  route('POST /login/passkey', { body: AuthenticationResponse }, async ({ request, body }) =>
    respond(request, await mockDb.team(({ passkeys }) => passkeys.signIn(body, relyingParty(request), signedIn))),
  ),
  // The browser's dialog was cancelled or failed during the step after the password: its challenge ends here.
  route('POST /login/passkey/cancel', { body: CancelPasskeyStep }, async ({ request, body }) =>
    respond(request, await mockDb.team(({ passkeys }) => passkeys.cancel(body.challenge))),
  ),
];
