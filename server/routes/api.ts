/**
 * Everything under /api: a session is required before anything else runs. The check is an
 * onRequest hook on this prefix, so a route added here cannot forget it, and unknown /api
 * paths (this scope's 404) are behind it too. Before it, one look at whether another process
 * has committed, so that the caches the check and the routes read (session rows, the client
 * list) are never older than the database (DatabaseEngine.look in db/database.ts).
 */
import { ApiErrorBody } from '#contract/api';
import { databaseEngine } from '../db/database.ts';
import { SESSION_REQUIRED } from '../openapi/document.ts';
import type { ZodPlugin } from '../zod-type-provider.ts';
import { clientRoutes } from './clients.ts';
import { openApiRoutes } from './openapi.ts';

export const apiRoutes: ZodPlugin = async (app) => {
  const engine = databaseEngine(app.db);
  app.addHook('onRequest', (_request, _reply, done) => {
    // SQLite looks synchronously; PostgreSQL asks the database (one shared query).
    const looked = engine.look();
    if (looked) looked.then(() => done(), done);
    else done();
  });
  app.addHook('onRequest', app.requireSession);
  // Every route here says so in its schema, for the OpenAPI document (openapi/document.ts).
  app.addHook('onRoute', (route) => {
    const response = { 401: ApiErrorBody, ...(route.schema?.response as object) };
    route.schema = { ...route.schema, security: SESSION_REQUIRED, response };
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: 'Not found' }));
  await app.register(clientRoutes, { prefix: '/clients' });
  await app.register(openApiRoutes);
};
