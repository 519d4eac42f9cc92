/**
 * POST /login and POST /logout (logout ends the session server-side, not only the SPA's flag).
 * GET /login is not here: it is the SPA's page, served by the history fallback.
 */
import { z } from 'zod';
import { passwordSignIn } from '#contract/account-sessions';
import { ApiErrorBody, LoginRequest } from '#contract/api';
import { Me } from '#contract/team';
import { clearedSessionCookie } from '#contract/http';
import { readSessionToken } from '../auth/session-cookie.ts';
import { normalizeUsername } from '../auth/staff-accounts.ts';
import { sendAnswered } from '../http/answered.ts';
import type { ZodPlugin } from '../zod-type-provider.ts';
import { LoginSecondStep } from '#contract/passkeys';
import { refuseAdmission, startSession } from './sign-in.ts';

/** The response to a successful login: the account (GET /api/me's answer); the spec's SPA reads only the status. */
const LoginResponse = Me;

const logoutSchema = {
  operationId: 'logOut',
  summary: 'Log out: ends the session, if any',
  response: { 204: z.undefined() },
  responseHeaders: { 204: { 'Set-Cookie': true } },
};

export const authRoutes: ZodPlugin = async (app) => {
  app.post(
    '/login',
    {
      schema: {
        operationId: 'logIn',
        summary:
          'Log in: starts a session (its cookie); Session-Expires says when it ends at the latest. For an account that asks ' +
          'for its passkey after its password, the right password answers 401 with LoginSecondStep (message "Confirm with ' +
          'your passkey" and passkeyOptions bound to that account), never a 200 or a session: POST /login/passkey with ' +
          'the browser’s answer signs in',
        body: LoginRequest,
        response: { 200: LoginResponse, 401: z.union([LoginSecondStep, ApiErrorBody]), 429: ApiErrorBody, 503: ApiErrorBody },
        responseHeaders: {
          200: { 'Set-Cookie': true, 'Session-Expires': true },
          401: { 'WWW-Authenticate': true },
          429: { 'Retry-After': true },
          503: { 'Retry-After': true },
        },
      },
    },
    async (request, reply) => {
      const username = normalizeUsername(request.body.username);
      const attempt = { username, address: request.ip };
      const admission = await app.loginThrottle.admit(attempt);
      if (!admission.admitted) return refuseAdmission(app, request, reply, admission, username);

      let account: Awaited<ReturnType<typeof app.staffAccounts.authenticate>>;
      try {
        // An unknown username costs one hash too: same response, about the same time.
        account = await app.staffAccounts.authenticate(username, request.body.password);
      } catch (error) {
        // Neither outcome is known: the login only stops being in flight.
        await admission.login.finish();
        throw error;
      }
      await admission.login.finish(account ? 'succeeded' : 'failed');
      const answered = await passwordSignIn(username, account, {
        secondStepOptions: ({ id }) => app.passkeys.secondStepOptions(id, app.passkeys.relyingParty(request)),
        start: (signedIn) => startSession(app, request, signedIn),
        log: (fields, message) => request.log.info(fields, message),
      });
      return sendAnswered(app, request, reply, answered);
    },
  );

  app.post('/logout', { schema: logoutSchema, config: { bodyOptional: true } }, async (request, reply) => {
    const token = readSessionToken(request.headers.cookie);
    const ended = token === undefined ? undefined : await app.sessions.end(token);
    if (ended) await app.auditTrail.record(request, { kind: 'sign-out', actor: ended.username });
    reply.header('set-cookie', clearedSessionCookie(request.protocol === 'https'));
    return reply.code(204).send();
  });
};
