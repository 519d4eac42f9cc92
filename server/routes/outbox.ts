/** GET /api/outbox (issue 41), owner only: how many emails wait to be sent ("Emails waiting: {n}" on the staff page). */
import { ApiErrorBody } from '#contract/api';
import { uncached } from '#contract/http';
import { OutboxState } from '#contract/online-booking';
import { sendAnswered } from '../http/answered.ts';
import type { ZodPlugin } from '../zod-type-provider.ts';

export const outboxRoutes: ZodPlugin = async (app) => {
  app.get(
    '/outbox',
    {
      schema: {
        operationId: 'getOutboxState',
        summary: 'How many emails wait to be sent (owner only)',
        response: { 200: OutboxState, 403: ApiErrorBody },
      },
    },
    async (request, reply) => sendAnswered(app, request, reply, uncached({ waiting: await app.emailOutbox.waiting() })),
  );
};
