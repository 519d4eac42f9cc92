/** The built SPA compressed (the build's .br/.gz copies, index.html compressed once) and its route preloads. */
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ROUTE_PRELOADS_FILE } from '../http/route-preloads.ts';
import { builtSpaStandIn } from '../testing/built-spa.ts';
import { createTestApp } from '../testing/test-app.ts';

const INDEX_HTML = '<!doctype html><html><head><title>Salon</title></head><body><div id="root"></div></body></html>';
const SCRIPT = `console.log(${JSON.stringify('salon '.repeat(400))})`;

const builtSpa = () =>
  builtSpaStandIn({
    'index.html': INDEX_HTML,
    'assets/app-1.js': SCRIPT,
    'assets/app-1.js.br': brotliCompressSync(SCRIPT),
    'assets/app-1.js.gz': gzipSync(SCRIPT),
    'assets/login-1.js': 'export {}',
    [ROUTE_PRELOADS_FILE]: JSON.stringify([{ path: '/login', links: '<link rel="modulepreload" crossorigin href="/assets/login-1.js">' }]),
  });

describe('the built SPA, compressed', () => {
  it('sends the build’s brotli or gzip copy of a file, as the request accepts', async () => {
    const { app } = await createTestApp({ config: { staticDir: builtSpa() } });
    const br = await app.inject({ method: 'GET', url: '/assets/app-1.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gzip = await app.inject({ method: 'GET', url: '/assets/app-1.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);

    const plain = await app.inject({ method: 'GET', url: '/assets/app-1.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('sends a file without compressed copies as it is', async () => {
    const { app } = await createTestApp({ config: { staticDir: builtSpa() } });
    const response = await app.inject({ method: 'GET', url: '/assets/login-1.js', headers: { 'accept-encoding': 'br' } });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('export {}');
  });

  it('compresses the SPA’s page and announces the route’s own chunks in it', async () => {
    const { app } = await createTestApp({ config: { staticDir: builtSpa() } });
    const login = await app.inject({ method: 'GET', url: '/login', headers: { accept: 'text/html', 'accept-encoding': 'br' } });
    expect(login.statusCode).toBe(200);
    expect(login.headers['content-encoding']).toBe('br');
    expect(login.headers.vary).toBe('accept-encoding');
    expect(login.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(login.rawPayload).toString()).toBe(
      INDEX_HTML.replace('</head>', '<link rel="modulepreload" crossorigin href="/assets/login-1.js"></head>'),
    );

    const home = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(home.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(gunzipSync(home.rawPayload).toString()).toBe(INDEX_HTML);
    expect((await app.inject({ method: 'GET', url: '/' })).body).toBe(INDEX_HTML);
  });
});
