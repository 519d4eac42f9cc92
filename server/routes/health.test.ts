import { describe, expect, it } from 'vitest';
import { builtSpaStandIn } from '../testing/built-spa.ts';
import { createTestApp } from '../testing/test-app.ts';

describe('GET /healthz', () => {
  it('responds 200 {"status":"ok"} without a session while the database responds, with the security headers and no caching', async () => {
    const test = await createTestApp({ config: { logLevel: 'info' } });
    const response = await test.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('{"status":"ok"}');
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const head = await test.app.inject({ method: 'HEAD', url: '/healthz' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it('responds 503 {"status":"unavailable"} when the database does not respond, and says nothing else', async () => {
    const test = await createTestApp();
    await test.app.db.destroy();
    const response = await test.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(503);
    expect(response.body).toBe('{"status":"unavailable"}');
    expect((await test.app.inject({ method: 'HEAD', url: '/healthz' })).statusCode).toBe(503);
  });

  it('is not the SPA: a browser asking for it with the site served gets the health response, not index.html', async () => {
    const staticDir = builtSpaStandIn({ 'index.html': '<!doctype html><title>Salon</title>' });
    const test = await createTestApp({ config: { staticDir } });
    expect((await test.app.inject({ method: 'GET', url: '/healthz', headers: { accept: 'text/html' } })).body).toBe('{"status":"ok"}');
    await test.app.db.destroy();
    const response = await test.app.inject({ method: 'GET', url: '/healthz', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toContain('application/json');
  });

  it('is logged at debug only, even when it fails: a monitor polls it', async () => {
    const test = await createTestApp({ config: { logLevel: 'info' } });
    await test.app.inject({ method: 'GET', url: '/healthz' });
    await test.app.db.destroy();
    await test.app.inject({ method: 'GET', url: '/healthz' });
    expect(test.logs.filter((line) => line.includes('/healthz'))).toEqual([]);
    const debug = await createTestApp({ config: { logLevel: 'debug' } });
    await debug.app.inject({ method: 'GET', url: '/healthz' });
    expect(debug.logs.some((line) => line.includes('"url":"/healthz"') && line.includes('"status":200'))).toBe(true);
  });
});
