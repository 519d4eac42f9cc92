import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { access, accessOf, type Operation } from '#contract/access';
import { document } from '../testing/openapi-conformance.ts';
import { createTestApp } from '../testing/test-app.ts';
import { enforceAccess } from './access.ts';

const operations = Object.keys(access) as Operation[];

describe('contract/access.ts', () => {
  it('has a rule for every operation of the OpenAPI document', () => {
    const documented = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    expect(documented.filter((operation) => accessOf(...(operation.split(' ') as [string, string])) === undefined)).toEqual([]);
  });

  it('names only routes the server has', async () => {
    const { app } = await createTestApp();
    const missing = operations.filter((operation) => {
      const [method, url] = operation.split(' ') as ['GET', string];
      return !app.hasRoute({ method, url });
    });
    expect(missing).toEqual([]);
  });

  it('refuses a route under /api that has no rule, when it is registered', async () => {
    const app = Fastify();
    app.decorate('requireSession', () => {});
    const api = app.register(
      async (api) => {
        enforceAccess(api);
        api.get('/clients', () => []);
        api.get('/forgotten', () => []);
      },
      { prefix: '/api' },
    );
    await expect(api).rejects.toThrow('GET /api/forgotten has no rule in contract/access.ts');
  });
});
