import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Generator, getConfig, type RouteNode } from '@tanstack/router-generator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRoutePreloads, routeSources, type RouteSources } from './route-preloads.ts';
import type { Manifest } from './vite-manifest.ts';

const ROUTE_FILE =
  "import { createFileRoute } from '@tanstack/react-router'\nexport const Route = createFileRoute('/x')({ component: () => null })\n";
const ROOT_FILE = "import { createRootRoute } from '@tanstack/react-router'\nexport const Route = createRootRoute({})\n";

/** Runs TanStack Router's generator on these route files (in a temporary directory) and returns its route nodes. */
async function generatedRoutes(root: string, files: string[]): Promise<RouteNode[]> {
  const routesDirectory = join(root, 'src', 'routes');
  for (const file of ['__root.tsx', ...files]) {
    mkdirSync(dirname(join(routesDirectory, file)), { recursive: true });
    writeFileSync(join(routesDirectory, file), file === '__root.tsx' ? ROOT_FILE : ROUTE_FILE);
  }
  let routeNodes: RouteNode[] = [];
  const config = getConfig(
    {
      routesDirectory,
      generatedRouteTree: join(root, 'src', 'routeTree.gen.ts'),
      disableLogging: true,
      enableRouteTreeFormatting: false,
      plugins: [{ name: 'test', onRouteTreeChanged: (tree) => void (routeNodes = tree.routeNodes) }],
    },
    root,
  );
  await new Generator({ config, root }).run();
  return routeNodes;
}

/** A chunk per split of each route file, importing a shared chunk where given. */
function manifestFor(files: Record<string, { imports?: string[]; css?: string[] }>): Manifest {
  const manifest: Manifest = {
    'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_app-1.js'] },
    '_app-1.js': { file: 'assets/app-1.js', css: ['assets/app-1.css'] },
    '_form-1.js': { file: 'assets/form-1.js', imports: ['_app-1.js'] },
    '_queries-1.js': { file: 'assets/queries-1.js', imports: ['_app-1.js'] },
  };
  for (const [file, { imports = ['_app-1.js'], css }] of Object.entries(files)) {
    const name = file
      .replace(/^src\/routes\//, '')
      .replace(/\.tsx$/, '')
      .replace(/[^a-z]+/gi, '-')
      .replace(/^-|-$/g, '');
    for (const split of ['component', 'loader', 'errorComponent']) {
      const src = `${file}?tsr-split=${split}`;
      manifest[src] = {
        file: `assets/${name}-${split}.js`,
        src,
        isDynamicEntry: true,
        imports,
        ...(split === 'component' && css ? { css } : {}),
      };
    }
  }
  return manifest;
}

const linksOf = (preloads: { path: string; links: string }[], path: string) => preloads.find((route) => route.path === path)?.links ?? '';
const hrefs = (links: string) => [...links.matchAll(/href="([^"]+)"/g)].map((match) => match[1]);

describe('routeSources, from TanStack Router’s generator', () => {
  let root: string;
  let routes: RouteSources[];
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'route-preloads-'));
    routes = routeSources(
      await generatedRoutes(root, [
        'index.tsx',
        'login.tsx',
        'clients/index.tsx',
        'clients/edit.$clientId.tsx',
        '_staff.tsx',
        '_staff/dashboard.tsx',
        '(marketing)/about.tsx',
        'posts.tsx',
        'posts/index.tsx',
        'posts/$postId.tsx',
      ]),
      root,
    );
  }, 30_000);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('gives each route its URL pattern and its files, with its layouts’', () => {
    const byPath = Object.fromEntries(routes.map((route) => [route.path, [...route.files].sort()]));
    expect(byPath).toEqual({
      '/': ['src/routes/index.tsx'],
      '/login': ['src/routes/login.tsx'],
      '/clients/': ['src/routes/clients/index.tsx'],
      '/clients/edit/$clientId': ['src/routes/clients/edit.$clientId.tsx'],
      // A pathless layout has no pattern of its own; its children render inside it.
      '/dashboard': ['src/routes/_staff.tsx', 'src/routes/_staff/dashboard.tsx'],
      // A route group is not part of the path.
      '/about': ['src/routes/(marketing)/about.tsx'],
      '/posts': ['src/routes/posts.tsx'],
      '/posts/': ['src/routes/posts.tsx', 'src/routes/posts/index.tsx'],
      '/posts/$postId': ['src/routes/posts.tsx', 'src/routes/posts/$postId.tsx'],
    });
  });
});

describe('buildRoutePreloads', () => {
  const routes: RouteSources[] = [
    { path: '/', files: ['src/routes/index.tsx'] },
    { path: '/login', files: ['src/routes/login.tsx'] },
    { path: '/clients/', files: ['src/routes/clients/index.tsx'] },
    { path: '/clients/edit/$clientId', files: ['src/routes/clients/edit.$clientId.tsx'] },
    { path: '/dashboard', files: ['src/routes/_staff/dashboard.tsx', 'src/routes/_staff.tsx'] },
    { path: '/posts', files: ['src/routes/posts.tsx'] },
    { path: '/posts/', files: ['src/routes/posts/index.tsx', 'src/routes/posts.tsx'] },
    { path: '/posts/$postId', files: ['src/routes/posts/$postId.tsx', 'src/routes/posts.tsx'] },
    { path: '/posts/new', files: ['src/routes/posts/new.tsx', 'src/routes/posts.tsx'] },
  ];
  const manifest = manifestFor({
    'src/routes/index.tsx': { css: ['assets/landing-1.css'] },
    'src/routes/login.tsx': { imports: ['_form-1.js'] },
    'src/routes/clients/index.tsx': { imports: ['_queries-1.js'] },
    'src/routes/clients/edit.$clientId.tsx': { imports: ['_form-1.js', '_queries-1.js'] },
    'src/routes/_staff.tsx': {},
    'src/routes/_staff/dashboard.tsx': {},
    'src/routes/posts.tsx': {},
    'src/routes/posts/index.tsx': {},
    'src/routes/posts/$postId.tsx': {},
    'src/routes/posts/new.tsx': {},
  });
  const preloads = buildRoutePreloads(manifest, routes);

  it('announces the landing route’s chunks and its CSS at /, not the entry’s own chunks', () => {
    expect(linksOf(preloads, '/')).toBe(
      '<link rel="preload" as="style" crossorigin href="/assets/landing-1.css"><link rel="modulepreload" crossorigin href="/assets/index-component.js"><link rel="modulepreload" crossorigin href="/assets/index-loader.js">',
    );
  });

  it('announces a route’s component and loader with their imports, once each, but not its error component', () => {
    const links = linksOf(preloads, '/clients');
    expect(hrefs(links)).toEqual(['/assets/clients-index-component.js', '/assets/queries-1.js', '/assets/clients-index-loader.js']);
    expect(linksOf(preloads, '/clients/edit/$clientId')).toContain('/assets/form-1.js');
  });

  it('announces a layout’s chunks with each of its children’s', () => {
    expect(hrefs(linksOf(preloads, '/dashboard'))).toEqual(
      expect.arrayContaining(['/assets/staff-component.js', '/assets/staff-dashboard-component.js']),
    );
    expect(hrefs(linksOf(preloads, '/posts/$postId'))).toEqual(
      expect.arrayContaining(['/assets/posts-component.js', '/assets/posts-postId-component.js']),
    );
  });

  it('merges a layout and its index route into one pattern', () => {
    expect(preloads.filter((route) => route.path === '/posts')).toHaveLength(1);
    expect(hrefs(linksOf(preloads, '/posts'))).toEqual(
      expect.arrayContaining(['/assets/posts-component.js', '/assets/posts-index-component.js']),
    );
  });

  it('puts static segments before parameters, so that the first match is the router’s', () => {
    const order = preloads.map((route) => route.path);
    expect(order.indexOf('/posts/new')).toBeLessThan(order.indexOf('/posts/$postId'));
  });

  it('gives a route without chunks of its own an empty list', () => {
    expect(buildRoutePreloads(manifest, [{ path: '/empty', files: ['src/routes/empty.tsx'] }])).toEqual([{ path: '/empty', links: '' }]);
  });
});
