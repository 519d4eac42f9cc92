/**
 * What a session does with its own account: GET /api/me (the SPA shows only what the server will allow), and My
 * account (issue 28): change the password (the current one first), see the account's sessions, end them.
 */
import type { FastifyRequest, FastifySchema } from 'fastify';
import { z } from 'zod';
import { accountSessionOf, own, ownSessionsEnded, sessionEnded } from '#contract/account-sessions';
import { ApiErrorBody } from '#contract/api';
import type { Answered } from '#contract/http';
import { AccountSessionList, ChangePasswordRequest, Me } from '#contract/team';
import { ownPasswordAnswer } from '#contract/team-service';
import { sendAnswered } from '../http/answered.ts';
import type { ZodPlugin } from '../zod-type-provider.ts';
import { refuseAdmission } from './sign-in.ts';

const SessionIdParams = z.object({ id: z.string().max(64) });

type Session = NonNullable<FastifyRequest['session']>;

/**
 * A GET of this session's own account (its role, sessions, passkeys), answered as `read` decides: never cached (the
 * contract's `own`), as each changes while the page is open (an owner changes the role, another device signs in).
 */
export function readOwn<Response extends z.ZodType>(
  app: Parameters<ZodPlugin>[0],
  url: string,
  { operationId, summary, response }: { operationId: string; summary: string; response: Response },
  read: (session: Session) => Answered<z.input<Response>> | Promise<Answered<z.input<Response>>>,
): void {
  // Typed by `read`: the zod type provider cannot resolve a response schema that is a type parameter.
  const schema: FastifySchema = { operationId, summary, response: { 200: response } };
  app.get(url, { schema }, async (request, reply) => sendAnswered(app, request, reply, await read(request.session!)));
}

export const accountRoutes: ZodPlugin = async (app) => {
  // The role can change while the page is open: the SPA asks again rather than keeping an old answer.
  readOwn(app, '/me', { operationId: 'getMe', summary: 'This session’s account and its role', response: Me }, ({ username, role }) =>
    own({ username, role }),
  );

  app.put(
    '/account/password',
    {
      schema: {
        operationId: 'changeMyPassword',
        summary: 'Changes this account’s password (the current one first); its other sessions end, this one stays',
        body: ChangePasswordRequest,
        response: { 204: z.undefined(), 400: ApiErrorBody, 429: ApiErrorBody, 503: ApiErrorBody },
        responseHeaders: { 429: { 'Retry-After': true }, 503: { 'Retry-After': true } },
      },
    },
    async (request, reply) => {
      const session = request.session!;
      // Guessing the current password is throttled as a sign-in is: the same account and address counts.
      const admission = await app.loginThrottle.admit({ username: session.username, address: request.ip });
      if (!admission.admitted) return refuseAdmission(app, request, reply, admission, session.username);
      let result: Awaited<ReturnType<typeof app.staffManagement.changeOwnPassword>>;
      try {
        result = await app.staffManagement.changeOwnPassword(session, request.body.currentPassword, request.body.newPassword);
      } catch (error) {
        await admission.login.finish();
        throw error;
      }
      await admission.login.finish(result.outcome === 'wrong-current' ? 'failed' : 'succeeded');
      return sendAnswered(app, request, reply, ownPasswordAnswer(session.username, result));
    },
  );

  readOwn(
    app,
    '/account/sessions',
    {
      operationId: 'listMySessions',
      summary: 'This account’s open sessions: browser and system, where from, signed in, last used; `current` is this one',
      response: AccountSessionList,
    },
    async (session) =>
      own(
        (await app.sessions.listForAccount(session.staffId)).map((row) =>
          accountSessionOf({
            id: row.id,
            userAgent: row.user_agent,
            ip: row.ip,
            signedInAt: row.created_at,
            lastUsedAt: row.last_seen_at,
            current: row.token_hash === session.tokenHash,
          }),
        ),
      ),
  );

  app.delete(
    '/account/sessions/:id',
    {
      schema: {
        operationId: 'endMySession',
        summary: 'Signs out one of this account’s sessions',
        params: SessionIdParams,
        response: { 204: z.undefined(), 404: ApiErrorBody },
      },
      config: { bodyOptional: true },
    },
    async (request, reply) => {
      const { staffId, username } = request.session!;
      return sendAnswered(app, request, reply, sessionEnded(username, await app.sessions.endById(staffId, request.params.id)));
    },
  );

  app.delete(
    '/account/sessions',
    {
      schema: {
        operationId: 'endMyOtherSessions',
        summary: 'Signs out every session of this account but this one',
        response: { 204: z.undefined() },
      },
      config: { bodyOptional: true },
    },
    async (request, reply) => {
      const { staffId, username, tokenHash } = request.session!;
      return sendAnswered(app, request, reply, ownSessionsEnded(username, await app.sessions.endForAccount(staffId, tokenHash)));
    },
  );
};
