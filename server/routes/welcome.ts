/**
 * One-time sign-in links (issue 28), public: whoever opens one has no session yet. `GET /welcome-links/:token` says
 * whose link it is; `POST` sets the password and signs in as POST /login does. Unknown, used, expired, or the
 * account disabled: all answer the same 410. Guessing is throttled with the sign-ins, by address.
 */
import { z } from 'zod';
import { ApiErrorBody } from '#contract/api';
import { Me, SetPasswordRequest, WelcomeLink } from '#contract/team';
import { linkUseAnswer, welcomeLinkAnswer } from '#contract/team-service';
import { hashSessionToken } from '../auth/session-cookie.ts';
import { sendAnswered } from '../http/answered.ts';
import type { ZodPlugin } from '../zod-type-provider.ts';
import { refuseAdmission, startSession } from './sign-in.ts';

const TokenParams = z.object({ token: z.string().max(64) });

/** Who the trail names for a throttled link attempt (nobody is known yet). */
const LINK_ACTOR = 'sign-in link';

const refusals = { 410: ApiErrorBody, 429: ApiErrorBody, 503: ApiErrorBody };
const refusalHeaders = { 429: { 'Retry-After': true }, 503: { 'Retry-After': true } } as const;

export const welcomeRoutes: ZodPlugin = async (app) => {
  /**
   * Each link is its own "account" to the throttle (a guess is one failure of a key nobody shares), so that only the
   * address's failures, shared with POST /login, hold guessing back.
   */
  const admit = (token: string, address: string) => app.loginThrottle.admit({ username: `link:${hashSessionToken(token)}`, address });

  app.get(
    '/welcome-links/:token',
    {
      schema: {
        operationId: 'getWelcomeLink',
        summary: 'Whose one-time sign-in link this is, while it can be used',
        params: TokenParams,
        response: { 200: WelcomeLink, ...refusals },
        responseHeaders: refusalHeaders,
      },
      config: { secretInPath: true },
    },
    async (request, reply) => {
      const admission = await admit(request.params.token, request.ip);
      if (!admission.admitted) return refuseAdmission(app, request, reply, admission, LINK_ACTOR);
      let account: Awaited<ReturnType<typeof app.staffManagement.usableLink>>;
      try {
        account = await app.staffManagement.usableLink(request.params.token);
      } catch (error) {
        await admission.login.finish();
        throw error;
      }
      await admission.login.finish(account ? 'succeeded' : 'failed');
      return sendAnswered(app, request, reply, welcomeLinkAnswer(account));
    },
  );

  app.post(
    '/welcome-links/:token',
    {
      schema: {
        operationId: 'useWelcomeLink',
        summary: 'Sets the password through a one-time sign-in link and starts a session, as POST /login does',
        params: TokenParams,
        body: SetPasswordRequest,
        response: { 200: Me, 400: ApiErrorBody, ...refusals },
        responseHeaders: { 200: { 'Set-Cookie': true, 'Session-Expires': true }, ...refusalHeaders },
      },
      config: { secretInPath: true },
    },
    async (request, reply) => {
      const admission = await admit(request.params.token, request.ip);
      if (!admission.admitted) return refuseAdmission(app, request, reply, admission, LINK_ACTOR);
      let result: Awaited<ReturnType<typeof app.staffManagement.useLink>>;
      try {
        result = await app.staffManagement.useLink(request.params.token, request.body.password);
      } catch (error) {
        await admission.login.finish();
        throw error;
      }
      await admission.login.finish(result.outcome === 'expired' ? 'failed' : result.outcome === 'set' ? 'succeeded' : undefined);
      return sendAnswered(app, request, reply, await linkUseAnswer(result, (account) => startSession(app, request, account)));
    },
  );
};
