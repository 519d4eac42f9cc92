/**
 * GET /healthz (and HEAD): whether this server can serve, for a monitor or a load balancer.
 * Outside /api and without a session. 200 when the database answers a query that reads a
 * table (`SELECT 1` would read no page of the file and prove nothing), 503 otherwise; the body
 * says only which. Logged at debug only: a monitor asks every few seconds.
 */
import { z } from 'zod';
import type { ZodPlugin } from '../zod-type-provider.ts';

const Health = z.object({ status: z.enum(['ok', 'unavailable']) });

export const healthRoutes: ZodPlugin = async (app) => {
  app.get('/healthz', { schema: { response: { 200: Health, 503: Health } }, config: { quietLog: true } }, async (request, reply) => {
    try {
      await app.db
        .selectFrom('staff')
        .select((eb) => eb.fn.countAll().as('accounts'))
        .executeTakeFirstOrThrow();
      return { status: 'ok' as const };
    } catch (error) {
      request.log.debug({ err: error }, 'Health check: the database did not respond');
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
};
