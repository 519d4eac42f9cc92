import { readFileSync } from 'node:fs';
import { compileErrors, validate } from '@readme/openapi-parser';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { builtSpaStandIn } from '../testing/built-spa.ts';
import { createTestApp } from '../testing/test-app.ts';
import { validatorCompiler, type ZodTypeProvider } from '../zod-type-provider.ts';
import { documentText, openApi } from './document.ts';

const COMMITTED = new URL('../../docs/openapi.json', import.meta.url);

/**
 * `METHOD /path` of every route Fastify has, read from its own route tree (printRoutes), in
 * OpenAPI's spelling; HEAD left out (Fastify adds it to every GET).
 */
function registeredRoutes(tree: string): string[] {
  const prefixes: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const [, indent = '', segment = '', methods] = match;
    const depth = indent.length / 4;
    const path = (prefixes[depth - 1] ?? '') + segment;
    prefixes[depth] = path;
    const openApiPath = path.replace(/:(\w+)/g, '{$1}').replace(/(.)\/$/, '$1');
    for (const method of methods?.split(', ') ?? []) if (method !== 'HEAD') routes.push(`${method} ${openApiPath}`);
  }
  return [...new Set(routes)].sort();
}

function documentedRoutes(document: { paths: Record<string, object> }): string[] {
  return Object.entries(document.paths)
    .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`))
    .sort();
}

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1', async () => {
    const { app } = await createTestApp();
    const document = app.openApiDocument();
    expect(document.openapi).toMatch(/^3\.1\./);
    // The document as written to docs/openapi.json (a copy: the validator resolves $refs in place).
    const result = await validate(JSON.parse(documentText(document)) as Parameters<typeof validate>[0]);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
    expect(result.warnings).toEqual([]);
  });

  it('names every route Fastify registered, each with a summary; the SPA’s page and files are not the API', async () => {
    const dist = builtSpaStandIn({ 'index.html': '<!doctype html><title>Salon</title>', 'assets/index-abc123.js': '' });
    const apiOnly = (await createTestApp()).app;
    const withSpa = (await createTestApp({ config: { staticDir: dist } })).app;

    const document = apiOnly.openApiDocument();
    expect(documentedRoutes(document)).toEqual(registeredRoutes(apiOnly.printRoutes({ commonPrefix: false })));
    expect(documentedRoutes(document)).toEqual([
      'DELETE /api/clients/{clientId}',
      'GET /api/clients',
      'GET /api/clients/{clientId}',
      'GET /api/clients/{clientId}/export',
      'GET /api/clients/{clientId}/history',
      'GET /api/deleted-clients',
      'GET /api/events',
      'GET /api/openapi.json',
      'GET /healthz',
      'POST /api/clients',
      'POST /api/clients/{clientId}/erase',
      'POST /api/clients/{clientId}/restore',
      'POST /login',
      'POST /logout',
      'PUT /api/clients/{clientId}',
    ]);
    for (const operations of Object.values(document.paths)) {
      for (const operation of Object.values(operations)) expect(operation.summary).toEqual(expect.any(String));
    }
    expect(registeredRoutes(withSpa.printRoutes({ commonPrefix: false }))).toEqual(
      expect.arrayContaining(['GET /', 'GET /assets/index-abc123.js', 'GET /index.html']),
    );
    expect(withSpa.openApiDocument()).toEqual(document);
  });

  it('says what each call takes and sends: bodies, path parameters, 400, and 401 under /api', async () => {
    const { paths } = (await createTestApp()).app.openApiDocument();
    const error = { $ref: '#/components/schemas/ApiErrorBody' };
    const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: error } } });
    expect(paths['/api/clients/{clientId}']?.put).toEqual({
      summary: 'Update a client',
      description: expect.stringContaining('If-Match'),
      parameters: [
        { name: 'clientId', in: 'path', required: true, schema: { type: 'string' } },
        { name: 'if-match', in: 'header', required: false, schema: { type: 'string' } },
      ],
      requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/ClientInput' } } } },
      responses: {
        200: { description: 'OK', content: { 'application/json': { schema: { $ref: '#/components/schemas/Client' } } } },
        400: errorResponse('Bad Request'),
        401: errorResponse('Unauthorized'),
        404: errorResponse('Not Found'),
        412: {
          description: 'Precondition Failed',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/PreconditionFailedBody' } } },
        },
      },
      security: [{ session: [] }],
    });
    expect(paths['/api/clients']?.get?.responses[304]).toEqual({ description: 'Not Modified' });
    expect(paths['/login']?.post?.responses[401]).toEqual(errorResponse('Unauthorized'));
    expect(paths['/login']?.post?.security).toBeUndefined();
    expect(paths['/healthz']?.get?.security).toBeUndefined();
  });

  it('takes query and header parameters from their schemas too', async () => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    await app.register(openApi);
    const querystring = z.object({ q: z.string(), page: z.coerce.number().int().optional() });
    const headers = z.object({ 'if-match': z.string() });
    app.get('/search', { schema: { summary: 'Search', querystring, headers } }, () => '');
    await app.ready();
    expect(app.openApiDocument().paths['/search']?.get?.parameters).toEqual([
      { name: 'q', in: 'query', required: true, schema: { type: 'string' } },
      { name: 'page', in: 'query', required: false, schema: { type: 'integer', minimum: expect.any(Number), maximum: expect.any(Number) } },
      { name: 'if-match', in: 'header', required: true, schema: { type: 'string' } },
    ]);
  });

  it('is committed as docs/openapi.json, as npm run build (or npm run openapi) writes it', async () => {
    const { app } = await createTestApp();
    const committed = readFileSync(COMMITTED, 'utf8');
    expect(committed, 'docs/openapi.json is stale: run npm run openapi and commit it').toBe(documentText(app.openApiDocument()));
  });
});
