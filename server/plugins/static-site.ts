/**
 * The built SPA (Vite's dist/) on the same origin as the API, and every 404.
 * - Files are served by @fastify/static; hashed files under /assets never change, so they
 *   are cached for a year; anything else (index.html, favicon) is revalidated each time.
 *   The build writes brotli and gzip copies of every text file (vite.config.ts), and the
 *   one the browser accepts is sent (`preCompressed`), with `Vary: Accept-Encoding`.
 * - The SPA's page (index.html) at `/` and for the history fallback carries preloads for
 *   the route it is asked for, from the list the build writes (http/route-preloads.ts);
 *   each variant is built and compressed once.
 * - History fallback: a GET for a path that is not a file and not under /api, from a client
 *   that accepts HTML, gets index.html, so that /clients, /login or /clients/edit/x load the
 *   SPA (GET /login is the SPA's page; POST /login is the API's).
 * - Any other unknown path gets a JSON 404.
 * With `staticDir: null` (API-only, as in most tests) only the JSON 404 remains.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { encodeAll, preferredEncoding, type ContentEncoding, type EncodedBodies } from '../http/content-encoding.ts';
import { readRoutePreloads } from '../http/route-preloads.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

function wantsSpaPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?', 1)[0] ?? '';
  if (path === '/api' || path.startsWith('/api/')) return false;
  // A path whose last segment has an extension asks for a file that does not exist.
  if (/\.[^/]*$/.test(path)) return false;
  const accept = request.headers.accept;
  return accept === undefined || accept.includes('text/html') || accept.includes('*/*');
}

function notFound(_request: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).send({ message: 'Not found' });
}

export type StaticSiteOptions = { staticDir: string | null };

export const staticSite = fp<StaticSiteOptions>(
  async (app, { staticDir }) => {
    if (staticDir === null) {
      app.setNotFoundHandler(notFound);
      return;
    }
    let indexHtml: Buffer;
    try {
      indexHtml = readFileSync(join(staticDir, 'index.html'));
    } catch {
      throw new Error(`The built SPA is missing: ${join(staticDir, 'index.html')} cannot be read (run npm run build)`);
    }
    const routePreloads = readRoutePreloads(staticDir);
    /** index.html with the preloads of each route, compressed once per route (a handful of variants). */
    const pages = new Map<string, Promise<{ identity: Buffer; encoded: EncodedBodies; offered: ContentEncoding[] }>>();
    const pageFor = (pathname: string) => {
      const links = routePreloads.linksFor(pathname);
      let page = pages.get(links);
      if (!page) {
        const identity = links ? Buffer.from(indexHtml.toString('utf8').replace('</head>', `${links}</head>`)) : indexHtml;
        page = encodeAll(identity, 'smallest').then((encoded) => ({
          identity,
          encoded,
          offered: Object.keys(encoded) as ContentEncoding[],
        }));
        pages.set(links, page);
        // A failure is not remembered: the next request tries again.
        page.catch(() => pages.delete(links));
      }
      return page;
    };
    const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
      const page = await pageFor(request.url.split('?', 1)[0] ?? '/');
      const encoding = preferredEncoding(request.headers['accept-encoding'], page.offered);
      reply.code(200).header('cache-control', REVALIDATE).header('vary', 'accept-encoding').type('text/html; charset=utf-8');
      if (!encoding) return reply.send(page.identity);
      return reply.header('content-encoding', encoding).send(page.encoded[encoding]);
    };

    await app.register(async (files) => {
      files.addHook('onSend', (request, reply, payload, done) => {
        if (reply.statusCode === 200 || reply.statusCode === 304) {
          reply.header('cache-control', request.url.startsWith('/assets/') ? IMMUTABLE : REVALIDATE);
          reply.header('vary', 'accept-encoding');
        }
        done(null, payload);
      });
      // wildcard: false registers one route per file at start, so an unknown path goes
      // straight to the 404 handler below (and /api/* to the /api scope's, behind its session check).
      // index: false: `/` is the page with its route's preloads, below.
      await files.register(fastifyStatic, { root: staticDir, wildcard: false, cacheControl: false, preCompressed: true, index: false });
    });

    // The SPA's page, not the API: left out of the OpenAPI document like @fastify/static's files.
    app.get('/', { schema: { hide: true } }, sendPage);

    app.setNotFoundHandler((request, reply) => {
      if (!wantsSpaPage(request)) return notFound(request, reply);
      return sendPage(request, reply);
    });
  },
  { name: 'static-site' },
);
