// Writes dist/.vite/route-preloads.json: each route's URL pattern, from TanStack Router's generator, and the
// <link> tags of the chunks it needs first, from Vite's manifest; the server puts them in the route's page
// (server/http/route-preloads.ts; why: docs/performance.md, "Route preloads").
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
// package.json pins @tanstack/router-generator to the version @tanstack/router-plugin pins, so that this hook runs in
// the generator the router uses: upgrade the two together.
import { inferFullPath, type GeneratorPlugin, type RouteNode } from '@tanstack/router-generator';
import type { Plugin } from 'vite';
import { ROUTE_PRELOADS_FILE, type RoutePreload } from '#server/http/route-preloads.ts';
import { staticClosure, type Manifest, type ManifestChunk } from './vite-manifest.ts';

/** A route as the preloads need it: its URL pattern and the source files it renders (its own and its layouts'). */
export type RouteSources = { path: string; files: string[] };

/** What a route needs before it can show anything: its component and its loader, not its error or pending states. */
const NEEDED_SPLITS = new Set(['component', 'loader']);

/**
 * The generator's route nodes as URL patterns and source files (relative to `root`, as in
 * Vite's manifest). Pathless layouts get no pattern of their own: their children carry them.
 */
export function routeSources(routeNodes: readonly RouteNode[], root: string): RouteSources[] {
  return routeNodes
    .filter((node) => node._fsRouteType !== 'pathless_layout')
    .map((node) => {
      const files: string[] = [];
      for (let at: RouteNode | undefined = node; at; at = at.parent)
        if (!at.isVirtual) files.push(relative(root, at.fullPath).replaceAll('\\', '/'));
      return { path: inferFullPath(node), files };
    });
}

/** '/clients/' → ['clients']: the router writes index routes with a trailing slash. */
const segmentsOf = (path: string) => path.split('/').filter(Boolean);

/** Static segments before `$param`s before a `$` splat, so that the first pattern that matches is the router's choice. */
function bySpecificity(a: RoutePreload, b: RoutePreload): number {
  const rank = (segment: string | undefined) => (segment === undefined ? -1 : segment === '$' ? 2 : segment.startsWith('$') ? 1 : 0);
  const [left, right] = [segmentsOf(a.path), segmentsOf(b.path)];
  for (let index = 0; index < Math.max(left.length, right.length); index++) {
    const difference = rank(left[index]) - rank(right[index]);
    if (difference !== 0) return difference;
  }
  return 0;
}

/** Each route's pattern and links, most specific first; routes with the same pattern (a layout and its index) are merged. */
export function buildRoutePreloads(manifest: Manifest, routes: readonly RouteSources[]): RoutePreload[] {
  // Chunks the entry loads already (index.html preloads them).
  const entryChunks = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) staticClosure(manifest, key, entryChunks);

  const chunksByFile = new Map<string, string[]>();
  for (const [key, chunk] of Object.entries(manifest)) {
    const [src = '', query = ''] = (chunk.src ?? '').split('?');
    const split = new URLSearchParams(query).get('tsr-split');
    // Split modules may be grouped (`loader---component`).
    if (split !== null && !split.split('---').some((piece) => NEEDED_SPLITS.has(piece))) continue;
    chunksByFile.set(src, [...(chunksByFile.get(src) ?? []), key]);
  }

  const chunksByPath = new Map<string, Set<string>>();
  for (const route of routes) {
    const path = `/${segmentsOf(route.path).join('/')}`;
    const chunks = chunksByPath.get(path) ?? new Set<string>();
    for (const file of route.files) for (const key of chunksByFile.get(file) ?? []) staticClosure(manifest, key, chunks);
    chunksByPath.set(path, chunks);
  }

  return [...chunksByPath]
    .map(([path, chunks]) => {
      const scripts: string[] = [];
      const styles: string[] = [];
      for (const key of chunks) {
        // The entry's chunks and styles are in index.html already.
        if (entryChunks.has(key)) continue;
        const chunk = manifest[key] as ManifestChunk;
        scripts.push(`<link rel="modulepreload" crossorigin href="/${chunk.file}">`);
        for (const css of chunk.css ?? []) styles.push(`<link rel="preload" as="style" crossorigin href="/${css}">`);
      }
      return { path, links: [...new Set([...styles, ...scripts])].join('') };
    })
    .sort(bySpecificity);
}

/**
 * Two halves of one plugin: `routeTree` goes in tanstackRouter's `plugins` (it receives the
 * route nodes each time the generator writes the route tree, which it does at the start of
 * every build), `vite` in Vite's plugins (it writes the JSON once the bundle is written).
 */
export function routePreloads(): { routeTree: GeneratorPlugin; vite: Plugin } {
  let routeNodes: readonly RouteNode[] | undefined;
  let root = process.cwd();
  let outDir = 'dist';
  let manifestFile: string | false = false;
  return {
    routeTree: {
      name: 'salon:route-preloads',
      onRouteTreeChanged(tree) {
        routeNodes = tree.routeNodes;
      },
    },
    vite: {
      name: 'salon:route-preloads',
      apply: 'build',
      configResolved(config) {
        root = config.root;
        outDir = resolve(config.root, config.build.outDir);
        const { manifest } = config.build;
        manifestFile = manifest === false ? false : resolve(outDir, typeof manifest === 'string' ? manifest : '.vite/manifest.json');
      },
      writeBundle() {
        if (!manifestFile) return this.warn('build.manifest is off: no route preloads');
        if (!routeNodes)
          return this.error('TanStack Router’s generator gave no route tree (is routePreloads().routeTree in tanstackRouter’s plugins?)');
        const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
        const preloads = buildRoutePreloads(manifest, routeSources(routeNodes, root));
        const file = resolve(outDir, ROUTE_PRELOADS_FILE);
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, `${JSON.stringify(preloads, null, 2)}\n`);
      },
    },
  };
}
