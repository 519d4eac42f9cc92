/**
 * Signing in with a passkey (issue 30), outside /api as POST /login is: the options for the browser, the browser's
 * answer (a sign-in of its own, or the step after the password), and the end of a step the browser's dialog will not
 * answer. Every failure answers as a wrong password does, and is in the audit trail.
 */
import { z } from 'zod';
import { ApiErrorBody } from '#contract/api';
import { apiPaths } from '#contract/paths';
import { AuthenticationResponse, CancelPasskeyStep, PasskeyOptions } from '#contract/passkeys';
import { Me } from '#contract/team';
import { sendAnswered } from '../http/answered.ts';
import type { ZodPlugin } from '../zod-type-provider.ts';
import { startSession } from './sign-in.ts';

export const passkeySignInRoutes: ZodPlugin = async (app) => {
  app.post(
    apiPaths.passkeyLoginOptions,
    {
      schema: {
        operationId: 'getPasskeySignInOptions',
        summary:
          'Options for a sign-in with a passkey and no username (any of this site’s passkeys); good for one answer and 5 minutes. ' +
          '503 while 5,000 are open (a flood)',
        response: { 200: PasskeyOptions, 503: ApiErrorBody },
        responseHeaders: { 503: { 'Retry-After': true } },
      },
      config: { bodyOptional: true },
    },
    async (request, reply) => {
      const answered = await app.passkeys.signInOptions(app.passkeys.relyingParty(request));
      // A flood of requests for options (MAX_OPEN_SIGN_IN_CHALLENGES open).
      if (answered.status === 503) request.log.warn('Too many passkey sign-in challenges open');
      return sendAnswered(app, request, reply, answered);
    },
  );

  app.post(
    apiPaths.passkeyLogin,
    {
      schema: {
        operationId: 'logInWithPasskey',
        summary:
          'Signs in with a passkey, as POST /login does (its cookie, Session-Expires, the account), or ends the step after ' +
          'the password when the challenge was POST /login’s. An unknown or removed passkey, a used or expired challenge, ' +
          'another origin, a signature or counter that does not check out, another account’s passkey, a disabled account: ' +
          '401 as a wrong password',
        body: AuthenticationResponse,
        response: { 200: Me, 401: ApiErrorBody },
        responseHeaders: { 200: { 'Set-Cookie': true, 'Session-Expires': true }, 401: { 'WWW-Authenticate': true } },
      },
    },
    async (request, reply) => {
      const answered = await app.passkeys.signIn(
        request.body,
        app.passkeys.relyingParty(request),
        (account, how) => startSession(app, request, account, how),
        (fields, message) => request.log.info(fields, message),
      );
      return sendAnswered(app, request, reply, answered);
    },
  );

  app.post(
    apiPaths.passkeyLoginCancel,
    {
      schema: {
        operationId: 'cancelPasskeyStep',
        summary: 'Ends a passkey challenge the browser will not answer (cancelled or failed); 204 whatever it was',
        body: CancelPasskeyStep,
        response: { 204: z.undefined() },
      },
    },
    async (request, reply) => sendAnswered(app, request, reply, await app.passkeys.cancel(request.body.challenge)),
  );
};
