/**
 * My account's passkeys (issue 30): list them, add one the browser made from the options, remove one, and "ask for
 * my passkey after my password". Each change is in the audit trail.
 */
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { ApiErrorBody } from '#contract/api';
import { AccountPasskeys, AddPasskeyRequest, Passkey, PasskeyOptions, PasskeySetting } from '#contract/passkeys';
import { sendAnswered } from '../http/answered.ts';
import type { ZodPlugin } from '../zod-type-provider.ts';
import { readOwn } from './account.ts';

/** A credential id, base64url (the router takes no longer path segment). */
const PasskeyIdParams = z.object({
  id: z
    .string()
    .max(1024)
    .regex(/^[A-Za-z0-9_-]+$/),
});

/** The session's own account, as the passkeys' answers name it. */
const ownAccount = (request: FastifyRequest) => ({ id: request.session!.staffId, username: request.session!.username });

export const accountPasskeyRoutes: ZodPlugin = async (app) => {
  const send = sendAnswered.bind(null, app);
  readOwn(
    app,
    '/account/passkeys',
    {
      operationId: 'listMyPasskeys',
      summary: 'This account’s passkeys, and whether it asks for one after its password',
      response: AccountPasskeys,
    },
    ({ staffId }) => app.passkeys.list(staffId),
  );

  app.post(
    '/account/passkeys/options',
    {
      schema: {
        operationId: 'getPasskeyRegistrationOptions',
        summary:
          'Options for the browser to make a passkey for this account (none of its passkeys again); good for one answer and 5 minutes',
        response: { 200: PasskeyOptions },
      },
      config: { bodyOptional: true },
    },
    async (request, reply) =>
      send(request, reply, await app.passkeys.registrationOptions(ownAccount(request), app.passkeys.relyingParty(request))),
  );

  app.post(
    '/account/passkeys',
    {
      schema: {
        operationId: 'addMyPasskey',
        summary: 'Keeps the passkey the browser made from this account’s options, under the name given',
        body: AddPasskeyRequest,
        response: { 201: Passkey, 400: ApiErrorBody },
      },
    },
    async (request, reply) => {
      const { name, response } = request.body;
      return send(request, reply, await app.passkeys.add(ownAccount(request), name, response, app.passkeys.relyingParty(request)));
    },
  );

  app.delete(
    '/account/passkeys/:id',
    {
      schema: {
        operationId: 'removeMyPasskey',
        summary: 'Removes one of this account’s passkeys; removing the last one turns "ask after the password" off',
        params: PasskeyIdParams,
        response: { 204: z.undefined(), 404: ApiErrorBody },
      },
      config: { bodyOptional: true },
    },
    async (request, reply) => send(request, reply, await app.passkeys.remove(ownAccount(request), request.params.id)),
  );

  app.put(
    '/account/passkey-setting',
    {
      schema: {
        operationId: 'setMyPasskeySetting',
        summary: '"Ask for my passkey after my password": on, a password alone no longer signs this account in',
        body: PasskeySetting,
        response: { 204: z.undefined(), 400: ApiErrorBody },
      },
    },
    async (request, reply) =>
      send(request, reply, await app.passkeys.setAskAfterPassword(ownAccount(request), request.body.askAfterPassword)),
  );
};
