import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { builtSpaStandIn } from '../testing/built-spa.ts';
import { aClient, createTestApp, logIn } from '../testing/test-app.ts';

function expectSecurityHeaders(response: LightMyRequestResponse) {
  const csp = response.headers['content-security-policy'];
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toContain('unsafe-inline');
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'self'");
  expect(csp).toContain("form-action 'self'");
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(response.headers['referrer-policy']).toBe('no-referrer');
  expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
}

async function appWithSpa() {
  const staticDir = builtSpaStandIn({ 'index.html': '<!doctype html><title>Salon</title>', 'assets/app-1.js': 'export {}' });
  return createTestApp({ config: { staticDir } });
}

describe('security headers', () => {
  it('are on every kind of response: HTML, JS, JSON, 204, 304, 4xx and 500', async () => {
    const { app } = await appWithSpa();
    const cookie = await logIn(app);
    const created = await app.inject({ method: 'POST', url: '/api/clients', payload: aClient, headers: { cookie } });
    const list = await app.inject({ method: 'GET', url: '/api/clients', headers: { cookie } });
    const responses: Record<string, LightMyRequestResponse> = {
      'index.html': await app.inject({ method: 'GET', url: '/' }),
      'SPA fallback': await app.inject({ method: 'GET', url: '/clients' }),
      'a JS file': await app.inject({ method: 'GET', url: '/assets/app-1.js' }),
      'JSON 201': created,
      'JSON 200': list,
      '304': await app.inject({ method: 'GET', url: '/api/clients', headers: { cookie, 'if-none-match': list.headers.etag as string } }),
      '204': await app.inject({ method: 'DELETE', url: `/api/clients/${created.json<{ _id: string }>()._id}`, headers: { cookie } }),
      '400': await app.inject({ method: 'POST', url: '/api/clients', payload: {}, headers: { cookie } }),
      '400 malformed URL': await app.inject({ method: 'GET', url: '/api/clients/%E0%A4%A', headers: { cookie } }),
      '401': await app.inject({ method: 'GET', url: '/api/clients' }),
      '403': await app.inject({ method: 'POST', url: '/logout', headers: { origin: 'https://evil.example' } }),
      '404': await app.inject({ method: 'GET', url: '/missing.png' }),
      '413': await app.inject({ method: 'POST', url: '/api/clients', payload: { a: 'x'.repeat(20_000) }, headers: { cookie } }),
      '415': await app.inject({ method: 'POST', url: '/login', payload: 'x', headers: { 'content-type': 'text/plain' } }),
    };
    await app.db.destroy();
    responses['500'] = await app.inject({ method: 'GET', url: '/api/clients/abc', headers: { cookie } });
    const statuses = Object.fromEntries(Object.entries(responses).map(([name, response]) => [name, response.statusCode]));
    expect(statuses).toEqual({
      'index.html': 200,
      'SPA fallback': 200,
      'a JS file': 200,
      'JSON 201': 201,
      'JSON 200': 200,
      '304': 304,
      '204': 204,
      '400': 400,
      '400 malformed URL': 400,
      '401': 401,
      '403': 403,
      '404': 404,
      '413': 413,
      '415': 415,
      '500': 500,
    });
    for (const response of Object.values(responses)) expectSecurityHeaders(response);
  });

  it('keep API responses out of shared caches', async () => {
    const { app } = await createTestApp();
    const response = await app.inject({ method: 'GET', url: '/api/clients' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('include HSTS only over HTTPS', async () => {
    const plain = await createTestApp();
    expect((await plain.app.inject({ method: 'GET', url: '/api/clients' })).headers['strict-transport-security']).toBeUndefined();
    expect(
      (await plain.app.inject({ method: 'GET', url: '/api/clients', headers: { 'x-forwarded-proto': 'https' } })).headers[
        'strict-transport-security'
      ],
    ).toBeUndefined();

    const proxied = await createTestApp({ config: { trustProxy: true } });
    const response = await proxied.app.inject({ method: 'GET', url: '/api/clients', headers: { 'x-forwarded-proto': 'https' } });
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000');
  });
});
