/**
 * GET /healthz (and HEAD), no session: 200 when the database serves a query that reads a table (`SELECT 1` reads
 * no page and proves nothing), else 503. Logged at debug only: a monitor asks every few seconds.
 */
import { z } from 'zod';
import type { ZodPlugin } from '../zod-type-provider.ts';

const Health = z.object({ status: z.enum(['ok', 'unavailable']) });

const healthSchema = {
  operationId: 'checkHealth',
  summary: 'Whether this server can serve (no session)',
  response: { 200: Health, 503: Health },
};

export const healthRoutes: ZodPlugin = async (app) => {
  app.get('/healthz', { schema: healthSchema, config: { quietLog: true } }, async (request, reply) => {
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
