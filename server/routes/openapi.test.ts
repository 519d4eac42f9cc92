import { describe, expect, it } from 'vitest';
import { asStaff, createTestApp, loggedIn } from '../testing/test-app.ts';

describe('GET /api/openapi.json', () => {
  it('responds 200 with the OpenAPI document to a staff session', async () => {
    const test = await loggedIn();
    const response = await asStaff(test, 'GET', '/api/openapi.json');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    const document = response.json<{ openapi: string; paths: object }>();
    expect(document).toEqual(test.app.openApiDocument());
    expect(document.openapi).toMatch(/^3\.1\./);
    expect(Object.keys(document.paths)).toContain('/api/clients/{clientId}');
  });

  it('responds 401 without a session, and says nothing of the API', async () => {
    const test = await createTestApp();
    const response = await test.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Log in to continue' });
  });

  it('responds 401 to a session that has ended', async () => {
    const test = await loggedIn();
    await asStaff(test, 'POST', '/logout');
    const response = await asStaff(test, 'GET', '/api/openapi.json');
    expect(response.statusCode).toBe(401);
  });
});
