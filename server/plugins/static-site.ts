/**
 * The built SPA on the API's origin: files by @fastify/static (precompressed, hashed ones cached a year), the
 * page with its route's preloads at `/` and for the history fallback, and a JSON 404 for anything else.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { encodeAll, preferredEncoding, type ContentEncoding, type EncodedBodies } from '../http/content-encoding.ts';
import { readRoutePreloads } from '../http/route-preloads.ts';
import { assertServableSpa } from '../http/spa-build.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** A path the SPA's page answers (/clients, /login, /clients/edit/x): not a file, not /api. */
function isSpaPagePath(request: FastifyRequest): boolean {
  const path = request.url.split('?', 1)[0] ?? '';
  // A path whose last segment has an extension asks for a file that does not exist.
  return path !== '/api' && !path.startsWith('/api/') && !/\.[^/]*$/.test(path);
}

/** A GET for one of the SPA's pages, HTML accepted. */
function wantsSpaPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (!isSpaPagePath(request)) return false;
  const accept = request.headers.accept;
  return accept === undefined || accept.includes('text/html') || accept.includes('*/*');
}

export type StaticSiteOptions = { staticDir: string | null };

export const staticSite = fp<StaticSiteOptions>(
  async (app, { staticDir }) => {
    if (staticDir === null) {
      // API only (most tests): 404, or 405 with Allow for a path that has routes in other methods.
      app.setNotFoundHandler(app.sendNotFound);
      return;
    }
    let indexHtml: Buffer;
    try {
      indexHtml = readFileSync(join(staticDir, 'index.html'));
    } catch {
      throw new Error(`The built SPA is missing: ${join(staticDir, 'index.html')} cannot be read (run npm run build)`);
    }
    assertServableSpa(staticDir);
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
      if (wantsSpaPage(request)) return sendPage(request, reply);
      // PUT /login: 405, and its Allow names the page's GET beside the route's POST.
      return app.sendNotFound(request, reply, isSpaPagePath(request) ? ['GET'] : []);
    });
  },
  { name: 'static-site', dependencies: ['method-not-allowed'] },
);
