/**
 * Who may call each route, as contract/access.ts says: one rule a route, looked up by its method and URL. The session
 * in onRequest (401), the role in preHandler (403): after the request's form is checked (400), as before. A route
 * without a rule is refused when it is registered, so a new route cannot forget its own.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accessOf, type Access } from '#contract/access';

/** The rule of the route a request reached; a path with no route asks for a session (it learns nothing without one). */
function ruleOf({ method, routeOptions }: FastifyRequest): Access {
  return routeOptions.url === undefined ? 'session' : (accessOf(method, routeOptions.url) ?? 'session');
}

/** The hooks of the context `app` (routes/api.ts): every route registered in it must have its rule. */
export function enforceAccess(app: FastifyInstance): void {
  app.addHook('onRoute', ({ method, url }) => {
    const unruled = [method].flat().filter((one) => accessOf(one, url) === undefined);
    if (unruled.length > 0) throw new Error(`${unruled.join(', ')} ${url} has no rule in contract/access.ts`);
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (ruleOf(request) === 'public') return done();
    app.requireSession(request, reply, done);
  });
  app.addHook('preHandler', (request, reply, done) => {
    const rule = ruleOf(request);
    if (typeof rule === 'string' || request.session?.role === 'owner') return done();
    reply.code(403).send({ message: rule.owner });
  });
}
