/**
 * The SPA's page for each route with that route's chunks preloaded in its <head>, from the list the build writes
 * (scripts/vite-plugins/route-preloads.ts): one round trip less before the first paint (docs/performance.md).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where the build writes the list, in the SPA's directory (beside Vite's manifest, which is not served either). */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/**
 * One route: its URL pattern as the router writes it (`/clients/edit/$clientId`: `$name`
 * matches one segment, a last `$` the rest) and the tags to add. Most specific first: the
 * first pattern that matches is the route.
 */
export type RoutePreload = { path: string; links: string };

export type RoutePreloads = {
  /** The <link> tags for the route of `pathname`, or '' when no route has its own chunks. */
  linksFor(pathname: string): string;
};

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

function matches(pattern: readonly string[], path: readonly string[]): boolean {
  for (const [index, segment] of pattern.entries()) {
    if (segment === '$') return true;
    if (index >= path.length || (!segment.startsWith('$') && segment !== path[index])) return false;
  }
  return pattern.length === path.length;
}

export function readRoutePreloads(staticDir: string): RoutePreloads {
  const file = join(staticDir, ROUTE_PRELOADS_FILE);
  // A build from before the list existed: no preloads.
  if (!existsSync(file)) return { linksFor: () => '' };
  const routes = (JSON.parse(readFileSync(file, 'utf8')) as RoutePreload[]).map(({ path, links }) => ({
    segments: segmentsOf(path),
    links,
  }));
  return {
    linksFor(pathname) {
      const path = segmentsOf(pathname);
      return routes.find((route) => matches(route.segments, path))?.links ?? '';
    },
  };
}
