/**
 * Everything under /api: a session is required before anything else runs. The check is an
 * onRequest hook on this prefix, so a route added here cannot forget it, and unknown /api
 * paths (this scope's 404) are behind it too.
 */
import type { ZodPlugin } from '../zod-type-provider.js';
import { clientRoutes } from './clients.js';

export const apiRoutes: ZodPlugin = async (app) => {
  app.addHook('onRequest', app.requireSession);
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: 'Not found' }));
  await app.register(clientRoutes, { prefix: '/clients' });
};
