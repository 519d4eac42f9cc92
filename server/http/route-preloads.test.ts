import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { temporaryDirectory } from '../testing/test-app.ts';
import { readRoutePreloads, ROUTE_PRELOADS_FILE, type RoutePreload } from './route-preloads.ts';

/** What the build writes (scripts/vite-plugins/route-preloads.ts), most specific first. */
const PRELOADS: RoutePreload[] = [
  {
    path: '/',
    links:
      '<link rel="preload" as="style" crossorigin href="/assets/landing-1.css"><link rel="modulepreload" crossorigin href="/assets/landing-1.js">',
  },
  { path: '/login', links: '<link rel="modulepreload" crossorigin href="/assets/login-1.js">' },
  {
    path: '/clients',
    links:
      '<link rel="modulepreload" crossorigin href="/assets/clients-1.js"><link rel="modulepreload" crossorigin href="/assets/queries-1.js">',
  },
  { path: '/clients/new', links: '<link rel="modulepreload" crossorigin href="/assets/new-1.js">' },
  { path: '/clients/edit/$clientId', links: '<link rel="modulepreload" crossorigin href="/assets/edit-1.js">' },
  { path: '/clients/$clientId', links: '<link rel="modulepreload" crossorigin href="/assets/client-1.js">' },
  { path: '/files/$', links: '<link rel="modulepreload" crossorigin href="/assets/files-1.js">' },
];

function builtSpa(preloads: RoutePreload[] | undefined): string {
  const dir = join(temporaryDirectory(), 'dist');
  mkdirSync(join(dir, dirname(ROUTE_PRELOADS_FILE)), { recursive: true });
  if (preloads) writeFileSync(join(dir, ROUTE_PRELOADS_FILE), JSON.stringify(preloads));
  return dir;
}

describe('readRoutePreloads', () => {
  let preloads: ReturnType<typeof readRoutePreloads>;
  beforeEach(() => {
    preloads = readRoutePreloads(builtSpa(PRELOADS));
  });

  it('gives each route its own links', () => {
    expect(preloads.linksFor('/')).toBe(PRELOADS[0]?.links);
    expect(preloads.linksFor('/login')).toBe(PRELOADS[1]?.links);
    expect(preloads.linksFor('/clients')).toBe(PRELOADS[2]?.links);
  });

  it('matches parameters and trailing slashes', () => {
    expect(preloads.linksFor('/clients/edit/abc_123')).toContain('/assets/edit-1.js');
    expect(preloads.linksFor('/clients/abc_123')).toContain('/assets/client-1.js');
    expect(preloads.linksFor('/login/')).toContain('/assets/login-1.js');
    expect(preloads.linksFor('/clients/')).toContain('/assets/clients-1.js');
  });

  it('takes the first pattern that matches: a static segment before a parameter', () => {
    expect(preloads.linksFor('/clients/new')).toBe(PRELOADS[3]?.links);
  });

  it('matches the rest of the path with a splat', () => {
    expect(preloads.linksFor('/files/a/b/c.pdf')).toContain('/assets/files-1.js');
  });

  it('announces nothing for a path no route has', () => {
    expect(preloads.linksFor('/nowhere')).toBe('');
    expect(preloads.linksFor('/clients/a/b')).toBe('');
    expect(preloads.linksFor('/clients/edit/abc/more')).toBe('');
  });

  it('announces nothing when the build has no list (a build from before it existed)', () => {
    expect(readRoutePreloads(builtSpa(undefined)).linksFor('/')).toBe('');
  });
});
