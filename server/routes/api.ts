/**
 * Everything under /api, each route behind its rule of contract/access.ts (unknown /api paths behind a session). First, the after-commit
 * signal is told of every commit complete before the request arrived, so no cache is older than the database
 * (docs/decisions/022-one-after-commit-signal.md).
 */
import { accessOf } from '#contract/access';
import { ApiErrorBody } from '#contract/api';
import { enforceAccess } from '../http/access.ts';
import { SESSION_REQUIRED } from '../openapi/document.ts';
import type { ZodPlugin } from '../zod-type-provider.ts';
import { accountRoutes } from './account.ts';
import { accountPasskeyRoutes } from './account-passkeys.ts';
import { appointmentRoutes } from './appointments.ts';
import { auditRoutes } from './audit.ts';
import { bookSetupRoutes } from './book-setup.ts';
import { bookingRoutes } from './booking.ts';
import { clientRoutes } from './clients.ts';
import { eventRoutes } from './events.ts';
import { importRoutes } from './imports.ts';
import { mergeRoutes } from './merges.ts';
import { openApiRoutes } from './openapi.ts';
import { outboxRoutes } from './outbox.ts';
import { staffRoutes } from './staff.ts';

export const apiRoutes: ZodPlugin = async (app) => {
  const { dbEngine } = app;
  app.addHook('onRequest', (_request, _reply, done) => {
    dbEngine.pollCommits().then(() => done(), done);
  });
  enforceAccess(app);
  // Every route here says so in its schema, for the OpenAPI document (openapi/document.ts). The 401 challenges
  // (WWW-Authenticate), and clears a cookie the server no longer honours (Set-Cookie).
  app.addHook('onRoute', (route) => {
    // A public one (GET /api/salon) says so: no session, no 401.
    if ([route.method].flat().every((method) => accessOf(method, route.url) === 'public')) return;
    const response = { 401: ApiErrorBody, ...(route.schema?.response as object) };
    const responseHeaders = { 401: { 'WWW-Authenticate': true, 'Set-Cookie': false }, ...route.schema?.responseHeaders };
    route.schema = { ...route.schema, security: SESSION_REQUIRED, response, responseHeaders };
  });
  // Behind the session check like every /api path: a caller without a session learns nothing of the API's shape.
  app.setNotFoundHandler(app.sendNotFound);
  await app.register(accountRoutes);
  await app.register(accountPasskeyRoutes);
  await app.register(appointmentRoutes);
  await app.register(auditRoutes);
  await app.register(bookSetupRoutes);
  await app.register(bookingRoutes);
  await app.register(clientRoutes);
  await app.register(eventRoutes);
  await app.register(importRoutes);
  await app.register(mergeRoutes);
  await app.register(openApiRoutes);
  await app.register(outboxRoutes);
  await app.register(staffRoutes);
};
