/**
 * What a session does with its own account: GET /api/me (the SPA shows only what the server will allow), and My
 * account (issue 28): change the password (the current one first), see the account's sessions, end them.
 */
import type { FastifyRequest, FastifySchema } from 'fastify';
import { z } from 'zod';
import { accountSessionOf } from '#contract/account-sessions';
import { ApiErrorBody } from '#contract/api';
import { AccountSessionList, ChangePasswordRequest, Me, NO_SUCH_SESSION, passwordMessages } from '#contract/team';
import type { ZodPlugin } from '../zod-type-provider.ts';
import { refuseAdmission } from './sign-in.ts';

const SessionIdParams = z.object({ id: z.string().max(64) });

type Session = NonNullable<FastifyRequest['session']>;

/**
 * A GET of this session's own account (its role, sessions, passkeys): never cached, as each changes while the page is
 * open (an owner changes the role, another device signs in).
 */
export function readOwn<Response extends z.ZodType>(
  app: Parameters<ZodPlugin>[0],
  url: string,
  { operationId, summary, response }: { operationId: string; summary: string; response: Response },
  read: (session: Session) => z.input<Response> | Promise<z.input<Response>>,
): void {
  // Typed by `read`: the zod type provider cannot resolve a response schema that is a type parameter.
  const schema: FastifySchema = { operationId, summary, response: { 200: response } };
  app.get(url, { schema }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return read(request.session!);
  });
}

export const accountRoutes: ZodPlugin = async (app) => {
  // The role can change while the page is open: the SPA asks again rather than keeping an old answer.
  readOwn(app, '/me', { operationId: 'getMe', summary: 'This session’s account and its role', response: Me }, ({ username, role }) => ({
    username,
    role,
  }));

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
      if (result.outcome === 'wrong-current') return reply.code(400).send({ message: passwordMessages.wrongCurrent });
      if (result.outcome === 'refused') return reply.code(400).send({ message: result.message });
      await app.auditTrail.record(request, { kind: 'password-changed', actor: session.username, subject: session.username });
      return reply.code(204).send();
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
      const session = request.session!;
      if (!(await app.sessions.endById(session.staffId, request.params.id))) return reply.code(404).send({ message: NO_SUCH_SESSION });
      await app.auditTrail.record(request, { kind: 'sessions-ended', actor: session.username, subject: session.username, detail: '1' });
      return reply.code(204).send();
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
      const session = request.session!;
      const ended = await app.sessions.endForAccount(session.staffId, session.tokenHash);
      await app.auditTrail.record(request, {
        kind: 'sessions-ended',
        actor: session.username,
        subject: session.username,
        detail: String(ended),
      });
      return reply.code(204).send();
    },
  );
};
