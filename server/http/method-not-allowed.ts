/**
 * 405 Method Not Allowed, with the Allow header (RFC 9110 sections 15.5.6 and 10.2.1), for a path the server has
 * routes for in other methods; 404 `{ message: 'Not found' }` for a path it has none for. It knows the routes
 * registered after it (onRoute); the not-found handlers (routes/api.ts, plugins/static-site.ts) answer with it.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { allowHeader, methodNotAllowedMessage } from '#contract/http';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A not-found handler: 405 with Allow when the path has routes in other methods (with `alsoAllowed`, what the
     * caller serves there besides them), else 404.
     */
    sendNotFound(request: FastifyRequest, reply: FastifyReply, alsoAllowed?: readonly string[]): FastifyReply;
  }
}

/** A route's URL (`/api/clients/:clientId`, `/assets/*`) as a pattern for the paths it answers. */
function pathPattern(url: string): RegExp {
  const source = url
    .split(/(:\w+|\*)/)
    .map((part) => (part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`);
}

export const methodNotAllowed = fp(
  async (app) => {
    const routes: { pattern: RegExp; methods: string[] }[] = [];
    app.addHook('onRoute', (route) => {
      routes.push({ pattern: pathPattern(route.url), methods: [route.method].flat() });
    });

    function allowedMethods(path: string): string[] {
      return routes.filter(({ pattern }) => pattern.test(path)).flatMap(({ methods }) => methods);
    }

    app.decorate('sendNotFound', function sendNotFound(request: FastifyRequest, reply: FastifyReply, alsoAllowed: readonly string[] = []) {
      const allowed = allowedMethods(request.url.split('?', 1)[0] ?? '');
      if (allowed.length === 0) return reply.code(404).send({ message: 'Not found' });
      return reply
        .code(405)
        .header('allow', allowHeader([...allowed, ...alsoAllowed]))
        .send({ message: methodNotAllowedMessage });
    });
  },
  { name: 'method-not-allowed' },
);
