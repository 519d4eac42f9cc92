import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { temporaryDirectory } from '../testing/test-app.js';
import { readRoutePreloads } from './route-preloads.js';

/** A manifest shaped like Vite's with TanStack Router's split route files. */
const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_app-1.js'] },
  '_app-1.js': { file: 'assets/app-1.js', css: ['assets/app-1.css'] },
  '_form-1.js': { file: 'assets/form-1.js', imports: ['_app-1.js'] },
  '_queries-1.js': { file: 'assets/queries-1.js', imports: ['_app-1.js'] },
  'src/routes/index.tsx?tsr-split=component': { file: 'assets/landing-1.js', src: 'src/routes/index.tsx?tsr-split=component', isDynamicEntry: true, imports: ['_app-1.js'], css: ['assets/landing-1.css'] },
  'src/routes/login.tsx?tsr-split=component': { file: 'assets/login-1.js', src: 'src/routes/login.tsx?tsr-split=component', isDynamicEntry: true, imports: ['_form-1.js'] },
  'src/routes/clients/index.tsx?tsr-split=component': { file: 'assets/clients-1.js', src: 'src/routes/clients/index.tsx?tsr-split=component', isDynamicEntry: true, imports: ['_queries-1.js'] },
  'src/routes/clients/index.tsx?tsr-split=loader': { file: 'assets/clients-loader-1.js', src: 'src/routes/clients/index.tsx?tsr-split=loader', isDynamicEntry: true, imports: ['_queries-1.js'] },
  'src/routes/clients/index.tsx?tsr-split=errorComponent': { file: 'assets/clients-error-1.js', src: 'src/routes/clients/index.tsx?tsr-split=errorComponent', isDynamicEntry: true },
  'src/routes/clients/edit.$clientId.tsx?tsr-split=component': { file: 'assets/edit-1.js', src: 'src/routes/clients/edit.$clientId.tsx?tsr-split=component', isDynamicEntry: true, imports: ['_form-1.js'] },
};

function builtSpa(manifest: object | undefined): string {
  const dir = join(temporaryDirectory(), 'dist');
  mkdirSync(join(dir, '.vite'), { recursive: true });
  if (manifest) writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dir;
}

describe('readRoutePreloads', () => {
  let preloads: ReturnType<typeof readRoutePreloads>;
  beforeEach(() => {
    preloads = readRoutePreloads(builtSpa(MANIFEST));
  });

  it('announces the landing route’s chunk and its CSS at /, not the entry’s own chunks', () => {
    expect(preloads.linksFor('/')).toBe(
      '<link rel="preload" as="style" crossorigin href="/assets/landing-1.css"><link rel="modulepreload" crossorigin href="/assets/landing-1.js">',
    );
  });

  it('announces a route’s component and loader with their imports, but not its error component', () => {
    const links = preloads.linksFor('/clients');
    expect(links).toContain('/assets/clients-1.js');
    expect(links).toContain('/assets/clients-loader-1.js');
    expect(links).toContain('/assets/queries-1.js');
    expect(links).not.toContain('clients-error');
    expect(links).not.toContain('/assets/app-1.js');
    expect(links.match(/queries-1/g)).toHaveLength(1);
  });

  it('matches parameters and trailing slashes', () => {
    expect(preloads.linksFor('/clients/edit/abc_123')).toContain('/assets/edit-1.js');
    expect(preloads.linksFor('/login/')).toContain('/assets/login-1.js');
  });

  it('announces nothing for a path no route has', () => {
    expect(preloads.linksFor('/nowhere')).toBe('');
    expect(preloads.linksFor('/clients/edit')).toBe('');
  });

  it('announces nothing when the build has no manifest', () => {
    expect(readRoutePreloads(builtSpa(undefined)).linksFor('/')).toBe('');
  });
});
