/**
 * CSRF defence for state-changing calls, before the body is read: 403 when the browser says another site or
 * origin sent it, 415 unless JSON (no form can send JSON, and a cross-origin JSON fetch needs a preflight never
 * granted). With the SameSite=Strict cookie, defence in depth (OWASP CSRF cheat sheet).
 */
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiErrorBody } from '#contract/api';

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
      // No route: nothing is read or changed, and a bodiless PATCH deserves its 405 (or 404), not a 415.
      if (request.routeOptions.url === undefined && !hasBody(request)) return undefined;
      if (!isJson(request)) return { status: 415, message: 'Content-Type must be application/json' };
      return undefined;
    }

    // For the OpenAPI document (openapi/document.ts): what every state-changing route may answer before its handler
    // (its 413, a body over the limit: plugins/error-handling.ts).
    app.addHook('onRoute', (route) => {
      if ([route.method].flat().every((method) => SAFE_METHODS.has(method))) return;
      const refusals = { 403: ApiErrorBody, 415: ApiErrorBody };
      route.schema = { ...route.schema, response: { ...refusals, ...(route.schema?.response as object) } };
    });

    // A callback hook, not an async one: it runs on every request, and needs no promise.
    app.addHook('onRequest', (request, reply, done) => {
      const refused = refusal(request);
      if (!refused) return done();
      reply.code(refused.status).send({ message: refused.message });
    });
  },
  { name: 'cross-site-guard' },
);
