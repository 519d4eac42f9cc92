/**
 * The SPA's page for each route, with that route's code announced in its <head>.
 *
 * Vite's index.html preloads the entry's chunks, but the route's own chunks (split by
 * TanStack Router) are only asked for once the entry has run, one round trip later. On a
 * phone's connection that round trip is most of the time to the first paint. So the server
 * reads Vite's manifest once, finds which chunks each route file needs, and serves every
 * page's HTML with <link rel="modulepreload"> (and CSS preloads) for its own route: the
 * browser fetches them in parallel with the entry.
 *
 * Route files map to paths as TanStack Router's file-based routing does: `index` is the
 * directory itself, `.` separates segments, `$name` is a parameter.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Vite's build manifest (dist/.vite/manifest.json), the parts read here and by the benchmarks. */
export type ManifestChunk = { file: string; src?: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[]; css?: string[] };
export type Manifest = Record<string, ManifestChunk>;

/** A chunk and everything it imports statically (manifest keys), added to `into`. */
export function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const imported of manifest[key].imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

/** What a route needs before it can show anything: its component and its loader, not its error or pending states. */
const NEEDED_SPLITS = new Set(['component', 'loader']);

type RoutePattern = { segments: readonly string[]; links: string };

/** `src/routes/clients/edit.$clientId.tsx` → ['clients', 'edit', '$clientId']; undefined for the root layout. */
function routeSegments(src: string): string[] | undefined {
  const file = src.replace(/^src\/routes\//, '').replace(/\.[jt]sx?$/, '');
  if (file === '__root') return undefined;
  return file
    .split(/[/.]/)
    .filter((segment) => segment !== 'index' && segment !== '');
}

function matches(pattern: readonly string[], path: readonly string[]): boolean {
  return pattern.length === path.length && pattern.every((segment, index) => segment.startsWith('$') || segment === path[index]);
}

export type RoutePreloads = {
  /** The <link> tags for the route of `pathname`, or '' when no route has its own chunks. */
  linksFor(pathname: string): string;
};

export function readRoutePreloads(staticDir: string): RoutePreloads {
  const manifestFile = join(staticDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return { linksFor: () => '' };
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;

  // Chunks the entry loads already (index.html preloads them).
  const entryChunks = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) staticClosure(manifest, key, entryChunks);

  const byRoute = new Map<string, { segments: string[]; chunks: Set<string> }>();
  for (const [key, chunk] of Object.entries(manifest)) {
    const [src = '', query = ''] = (chunk.src ?? '').split('?');
    const split = new URLSearchParams(query).get('tsr-split');
    if (!src.startsWith('src/routes/') || (split !== null && !NEEDED_SPLITS.has(split))) continue;
    const segments = routeSegments(src);
    if (!segments) continue;
    const route = byRoute.get(src) ?? { segments, chunks: new Set<string>() };
    staticClosure(manifest, key, route.chunks);
    byRoute.set(src, route);
  }

  const patterns: RoutePattern[] = [...byRoute.values()].map(({ segments, chunks }) => {
    const scripts: string[] = [];
    const styles: string[] = [];
    for (const key of chunks) {
      // The entry's chunks and styles are in index.html already.
      if (entryChunks.has(key)) continue;
      const chunk = manifest[key] as ManifestChunk;
      scripts.push(`<link rel="modulepreload" crossorigin href="/${chunk.file}">`);
      for (const css of chunk.css ?? []) styles.push(`<link rel="preload" as="style" crossorigin href="/${css}">`);
    }
    return { segments, links: [...new Set([...styles, ...scripts])].join('') };
  });

  return {
    linksFor(pathname) {
      const path = pathname.split('/').filter(Boolean);
      return patterns.find((pattern) => matches(pattern.segments, path))?.links ?? '';
    },
  };
}
