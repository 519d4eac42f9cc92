/**
 * Cross-site request forgery defence for every state-changing call (POST, PUT, PATCH,
 * DELETE), checked in onRequest, before the body is read or anything is touched:
 * - `Sec-Fetch-Site: cross-site` or `same-site` → 403 (the browser says another site sent it);
 * - an `Origin` header other than the site's own origin → 403;
 * - a body that is not `application/json` → 415. HTML forms cannot send JSON, and a
 *   cross-origin fetch with JSON needs a CORS preflight this server never grants.
 * A call without a body (DELETE, logout) may omit the Content-Type: routes say so with
 * `config: { bodyOptional: true }`.
 * Together with the SameSite=Strict cookie this is defence in depth (OWASP CSRF cheat sheet).
 */
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route accepts a request without a body, and then without a Content-Type. */
    bodyOptional?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

function isJson(request: FastifyRequest): boolean {
  const type = request.headers['content-type'];
  return type !== undefined && type.split(';')[0]?.trim().toLowerCase() === 'application/json';
}

function originOf(value: string): string | undefined {
  return URL.canParse(value) ? new URL(value).origin : undefined;
}

export type CrossSiteGuardOptions = { publicOrigin: string | null };

export const crossSiteGuard = fp<CrossSiteGuardOptions>(
  async (app, { publicOrigin }) => {
    /** The origin this request was addressed to: the configured one, or the Host it was sent to. */
    const ownOrigin = (request: FastifyRequest) => publicOrigin ?? originOf(`${request.protocol}://${request.host}`);

    /** Why this request is refused, or undefined when it may go on. */
    function refusal(request: FastifyRequest): { status: number; message: string } | undefined {
      if (SAFE_METHODS.has(request.method)) return undefined;
      const fetchSite = request.headers['sec-fetch-site'];
      if (fetchSite === 'cross-site' || fetchSite === 'same-site') {
        return { status: 403, message: 'Cross-site requests are not allowed' };
      }
      const origin = request.headers.origin;
      if (origin !== undefined && (origin === 'null' || originOf(origin) === undefined || originOf(origin) !== ownOrigin(request))) {
        return { status: 403, message: 'Cross-origin requests are not allowed' };
      }
      if (request.routeOptions.config.bodyOptional && !hasBody(request)) return undefined;
      if (!isJson(request)) return { status: 415, message: 'Content-Type must be application/json' };
      return undefined;
    }

    // A callback hook, not an async one: it runs on every request, and needs no promise.
    app.addHook('onRequest', (request, reply, done) => {
      const refused = refusal(request);
      if (!refused) return done();
      reply.code(refused.status).send({ message: refused.message });
    });
  },
  { name: 'cross-site-guard' },
);
