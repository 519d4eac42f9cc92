/** Security headers on every response, errors and raw-socket refusals included (docs/decisions/005-security-headers.md). */
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * No inline script or style anywhere: the built SPA loads only its own files. React's
 * `style` props go through the CSSOM, which style-src does not restrict.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "worker-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

/** On every response, including those written straight to the socket (http/client-errors.ts). */
export const FIXED_HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
} as const;

/** Only over HTTPS: a browser ignores it over HTTP, and it must never pin a plain-HTTP dev host. */
const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';

/** Client records must not linger in caches; static files and the list set their own policy. */
export const DEFAULT_CACHE_CONTROL = 'no-store';

const FIXED_HEADER_ENTRIES = Object.entries(FIXED_HEADERS);

export function applySecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  for (const [name, value] of FIXED_HEADER_ENTRIES) reply.header(name, value);
  if (request.protocol === 'https') reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
  if (!reply.hasHeader('cache-control')) reply.header('cache-control', DEFAULT_CACHE_CONTROL);
}

export const securityHeaders = fp(
  async (app) => {
    // A callback hook, not an async one: it runs on every response, and needs no promise.
    app.addHook('onSend', (request, reply, payload, done) => {
      applySecurityHeaders(request, reply);
      done(null, payload);
    });
  },
  { name: 'security-headers' },
);
