/**
 * My account's passkeys (issue 30): list them, add one the browser made from the options, remove one, and "ask for
 * my passkey after my password". Each change is in the audit trail.
 */
import { z } from 'zod';
import { ApiErrorBody } from '#contract/api';
import { listedPasskey } from '#contract/passkey-ceremonies';
import { AccountPasskeys, AddPasskeyRequest, Passkey, PasskeyOptions, passkeyMessages, PasskeySetting } from '#contract/passkeys';
import type { ZodPlugin } from '../zod-type-provider.ts';
import { readOwn } from './account.ts';

/** A credential id, base64url (the router takes no longer path segment). */
const PasskeyIdParams = z.object({
  id: z
    .string()
    .max(1024)
    .regex(/^[A-Za-z0-9_-]+$/),
});

export const accountPasskeyRoutes: ZodPlugin = async (app) => {
  readOwn(
    app,
    '/account/passkeys',
    {
      operationId: 'listMyPasskeys',
      summary: 'This account’s passkeys, and whether it asks for one after its password',
      response: AccountPasskeys,
    },
    async ({ staffId }) => {
      const [passkeys, askAfterPassword] = await Promise.all([app.passkeys.list(staffId), app.passkeys.askAfterPassword(staffId)]);
      return { passkeys: passkeys.map(listedPasskey), askAfterPassword };
    },
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
    async (request, reply) => {
      const { staffId, username } = request.session!;
      reply.header('cache-control', 'no-store');
      return app.passkeys.registrationOptions({ id: staffId, username }, app.passkeys.relyingParty(request));
    },
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
      const { staffId, username } = request.session!;
      const passkey = await app.passkeys.add(staffId, request.body.name, request.body.response, app.passkeys.relyingParty(request));
      if (!passkey) return reply.code(400).send({ message: passkeyMessages.notAdded });
      await app.auditTrail.record(request, { kind: 'passkey-added', actor: username, subject: username, detail: passkey.name });
      return reply.code(201).send(listedPasskey(passkey));
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
    async (request, reply) => {
      const { staffId, username } = request.session!;
      const removed = await app.passkeys.remove(staffId, request.params.id);
      if (!removed) return reply.code(404).send({ message: passkeyMessages.noSuchPasskey });
      await app.auditTrail.record(request, { kind: 'passkey-removed', actor: username, subject: username, detail: removed.passkey.name });
      if (removed.settingTurnedOff) {
        await app.auditTrail.record(request, { kind: 'passkey-setting-changed', actor: username, subject: username, detail: 'off' });
      }
      return reply.code(204).send();
    },
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
    async (request, reply) => {
      const { staffId, username } = request.session!;
      const on = request.body.askAfterPassword;
      const outcome = await app.passkeys.setAskAfterPassword(staffId, on);
      if (outcome === 'refused') return reply.code(400).send({ message: passkeyMessages.addOneFirst });
      if (outcome === 'changed') {
        await app.auditTrail.record(request, {
          kind: 'passkey-setting-changed',
          actor: username,
          subject: username,
          detail: on ? 'on' : 'off',
        });
      }
      return reply.code(204).send();
    },
  );
};
