import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTE_PRELOADS_FILE } from '../http/route-preloads.ts';
import { SPA_BUILD_FACTS_FILE } from '../http/spa-build.ts';
import { builtSpaStandIn, writeSpaBuildFacts } from '../testing/built-spa.ts';
import { createTestApp, logIn, temporaryDirectory } from '../testing/test-app.ts';

const INDEX_HTML =
  '<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>';

/** A stand-in for Vite's dist/: index.html, a hashed asset, a favicon. */
const SPA_FILES = {
  'index.html': INDEX_HTML,
  'assets/index-abc123.js': 'console.log("salon")',
  'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
};
const builtSpa = () => builtSpaStandIn(SPA_FILES);

async function withSpa() {
  return createTestApp({ config: { staticDir: builtSpa() } });
}

describe('serving the built SPA', () => {
  it.each([
    ['index.html at /, revalidated on every visit', '/', 'text/html', 'no-cache'],
    ['a hashed asset, cached for a year as immutable', '/assets/index-abc123.js', 'javascript', 'public, max-age=31536000, immutable'],
    ['another file, revalidated', '/favicon.svg', 'image/svg+xml', 'no-cache'],
  ])('serves %s', async (_what, url, contentType, cacheControl) => {
    const { app } = await withSpa();
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain(contentType);
    expect(response.headers['cache-control']).toBe(cacheControl);
    const file = url === '/' ? 'index.html' : url.slice(1);
    expect(response.body).toBe(SPA_FILES[file as keyof typeof SPA_FILES]);
  });

  it.each(['/login', '/clients', '/clients/register', '/clients/edit/abc_123-XYZ', '/clients?sort=name'])(
    'responds to GET %s with index.html (history fallback)',
    async (url) => {
      const { app } = await withSpa();
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(INDEX_HTML);
    },
  );

  it('still serves POST /login as the API', async () => {
    const { app } = await withSpa();
    const response = await app.inject({ method: 'POST', url: '/login', payload: { username: 'nina', password: 'wrong password' } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Invalid username or password' });
  });

  it.each([
    ['a missing file', '/assets/missing-123.js', 'text/html,*/*'],
    ['a page asked for as JSON', '/clients', 'application/json'],
  ])('responds with a JSON 404 to %s', async (_kind, url, accept) => {
    const { app } = await withSpa();
    const response = await app.inject({ method: 'GET', url, headers: { accept } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found' });
  });

  it('never falls back to index.html for /api, with or without a session', async () => {
    const { app } = await withSpa();
    for (const url of ['/api', '/api/', '/api/clients/x/y']) {
      const anonymous = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(anonymous.statusCode, url).toBe(401);
    }
    const cookie = await logIn(app);
    const staff = await app.inject({ method: 'GET', url: '/api/clients/x/y', headers: { accept: 'text/html', cookie } });
    expect(staff.statusCode).toBe(404);
    expect(staff.json()).toEqual({ message: 'Not found' });
  });

  it('puts each route’s preloads, from the build’s list, in its page', async () => {
    const staticDir = builtSpa();
    const clients = '<link rel="modulepreload" crossorigin href="/assets/clients-1.js">';
    const edit = '<link rel="modulepreload" crossorigin href="/assets/edit-1.js">';
    mkdirSync(join(staticDir, '.vite'), { recursive: true });
    writeFileSync(
      join(staticDir, ROUTE_PRELOADS_FILE),
      JSON.stringify([
        { path: '/clients', links: clients },
        { path: '/clients/edit/$clientId', links: edit },
      ]),
    );
    const { app } = await createTestApp({ config: { staticDir } });
    const page = async (url: string) =>
      (await app.inject({ method: 'GET', url, headers: { accept: 'text/html', 'accept-encoding': 'identity' } })).body;
    expect(await page('/clients')).toBe(INDEX_HTML.replace('</head>', `${clients}</head>`));
    expect(await page('/clients/edit/abc_123')).toBe(INDEX_HTML.replace('</head>', `${edit}</head>`));
    expect(await page('/login')).toBe(INDEX_HTML);
    expect(await page('/')).toBe(INDEX_HTML);
  });

  it('refuses to start without a built index.html, saying what is missing', async () => {
    await expect(createTestApp({ config: { staticDir: join(temporaryDirectory(), 'nothing') } })).rejects.toThrow(/built SPA is missing/);
  });

  // Issue 26: a build made with NODE_ENV=development holds msw and would leave the staff pages blank.
  it.each([
    ['a development build', { production: false, mockBackend: true }, /is a development build with msw's mock backend inside/],
    ['the mock build', { production: true, mockBackend: true }, /is a mock build with msw's mock backend inside/],
  ])('refuses to start on %s, saying why and what to run', async (_name, facts, why) => {
    const staticDir = builtSpa();
    writeSpaBuildFacts(staticDir, facts);
    const started = createTestApp({ config: { staticDir } });
    await expect(started).rejects.toThrow(why);
    await expect(started).rejects.toThrow(/Run npm run build .*: it always makes the production build, whatever NODE_ENV says/);
  });

  it('refuses to start on a build that does not say what it is (made before this check)', async () => {
    const staticDir = builtSpa();
    rmSync(join(staticDir, SPA_BUILD_FACTS_FILE));
    await expect(createTestApp({ config: { staticDir } })).rejects.toThrow(/was not made by this version's build/);
  });
});
