import { readFileSync } from 'node:fs';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { builtSpaStandIn } from '../testing/built-spa.ts';
import { withSharedWrittenOut } from '../testing/openapi-conformance.ts';
import { createTestApp } from '../testing/test-app.ts';
import { validatorCompiler, type ZodTypeProvider } from '../zod-type-provider.ts';
import { documentText, openApi, RESPONSE_HEADERS } from './document.ts';
import { GENERATED_CLIENT_TYPES, generatedClientTypes } from './generated-client-types.ts';

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
    // The document as written to docs/openapi.json, against OpenAPI 3.1's structure and with every $ref resolved
    // (Redocly's lint engine; `npm run lint` runs its whole recommended ruleset on the committed file).
    const config = await createConfig({ rules: { struct: 'error', 'no-unresolved-refs': 'error' } });
    const problems = await lintFromString({ source: documentText(document), absoluteRef: 'openapi.json', config });
    expect(problems.map((problem) => `${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer ?? ''}`)).toEqual([]);
  });

  it('names every route Fastify registered, each with a summary; the SPA’s page and files are not the API', async () => {
    const dist = builtSpaStandIn({ 'index.html': '<!doctype html><title>Salon</title>', 'assets/index-abc123.js': '' });
    const apiOnly = (await createTestApp()).app;
    const withSpa = (await createTestApp({ config: { staticDir: dist } })).app;

    const document = apiOnly.openApiDocument();
    expect(documentedRoutes(document)).toEqual(registeredRoutes(apiOnly.printRoutes({ commonPrefix: false })));
    expect(documentedRoutes(document)).toEqual([
      'DELETE /api/account/passkeys/{id}',
      'DELETE /api/account/sessions',
      'DELETE /api/account/sessions/{id}',
      'DELETE /api/account/time-off/{timeOffId}',
      'DELETE /api/appointments/{appointmentId}',
      'DELETE /api/booking/holds/{holdToken}',
      'DELETE /api/clients/{clientId}',
      'DELETE /api/services/{serviceId}',
      'DELETE /api/staff/{username}/time-off/{timeOffId}',
      'GET /api/account/hours',
      'GET /api/account/passkeys',
      'GET /api/account/sessions',
      'GET /api/appointments',
      'GET /api/appointments/{appointmentId}',
      'GET /api/appointments/{appointmentId}/history',
      'GET /api/audit',
      'GET /api/audit-export',
      'GET /api/availability',
      'GET /api/booking',
      'GET /api/booking/cancellations/{cancelToken}',
      'GET /api/booking/days',
      'GET /api/booking/times',
      'GET /api/clients',
      'GET /api/clients-export',
      'GET /api/clients/{clientId}',
      'GET /api/clients/{clientId}/appointments',
      'GET /api/clients/{clientId}/details',
      'GET /api/clients/{clientId}/export',
      'GET /api/clients/{clientId}/history',
      'GET /api/deleted-clients',
      'GET /api/duplicates',
      'GET /api/events',
      'GET /api/imports',
      'GET /api/imports/{importId}',
      'GET /api/me',
      'GET /api/merges',
      'GET /api/openapi.json',
      'GET /api/outbox',
      'GET /api/salon',
      'GET /api/schedules',
      'GET /api/services',
      'GET /api/staff',
      'GET /api/staff/{username}/hours',
      'GET /healthz',
      'GET /welcome-links/{token}',
      'PATCH /api/staff/{username}',
      'POST /api/account/passkeys',
      'POST /api/account/passkeys/options',
      'POST /api/account/time-off',
      'POST /api/appointments',
      'POST /api/appointments/{appointmentId}/restore',
      'POST /api/booking/appointments',
      'POST /api/booking/cancellations/{cancelToken}',
      'POST /api/booking/holds',
      'POST /api/clients',
      'POST /api/clients/{clientId}/erase',
      'POST /api/clients/{clientId}/restore',
      'POST /api/imports',
      'POST /api/imports/{importId}/undo',
      'POST /api/merges',
      'POST /api/merges/{mergeId}/undo',
      'POST /api/services',
      'POST /api/staff',
      'POST /api/staff/{username}/password-reset',
      'POST /api/staff/{username}/sign-out',
      'POST /api/staff/{username}/time-off',
      'POST /login',
      'POST /login/passkey',
      'POST /login/passkey/cancel',
      'POST /login/passkey/options',
      'POST /logout',
      'POST /welcome-links/{token}',
      'PUT /api/account/hours',
      'PUT /api/account/passkey-setting',
      'PUT /api/account/password',
      'PUT /api/appointments/{appointmentId}',
      'PUT /api/clients/{clientId}',
      'PUT /api/services/{serviceId}',
      'PUT /api/staff/{username}/hours',
    ]);
    const operationIds: unknown[] = [];
    for (const operations of Object.values(document.paths)) {
      for (const operation of Object.values(operations)) {
        expect(operation.summary).toEqual(expect.any(String));
        operationIds.push(operation.operationId);
      }
    }
    // Every operation names itself for a generated client, each once.
    expect(operationIds).toEqual(operationIds.map(() => expect.stringMatching(/^[a-z][A-Za-z]+$/)));
    expect(new Set(operationIds).size).toBe(operationIds.length);
    expect(registeredRoutes(withSpa.printRoutes({ commonPrefix: false }))).toEqual(
      expect.arrayContaining(['GET /', 'GET /assets/index-abc123.js', 'GET /index.html']),
    );
    expect(withSpa.openApiDocument()).toEqual(document);
  });

  it('says what each call takes and sends: bodies, parameters, headers, 400, 401 under /api, 403/413/415 on writes, 414', async () => {
    const { paths } = withSharedWrittenOut((await createTestApp()).app.openApiDocument());
    const error = { $ref: '#/components/schemas/ApiErrorBody' };
    const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: error } } });
    const header = (name: keyof typeof RESPONSE_HEADERS, required = true) => ({ [name]: { ...RESPONSE_HEADERS[name], required } });
    expect(paths['/api/clients/{clientId}']?.put).toEqual({
      operationId: 'updateClient',
      summary: 'Update a client',
      description: expect.stringContaining('If-None-Match'),
      parameters: [
        { name: 'clientId', in: 'path', required: true, schema: { type: 'string' } },
        { name: 'if-match', in: 'header', required: false, schema: { type: 'string' } },
        { name: 'if-none-match', in: 'header', required: false, schema: { type: 'string' } },
      ],
      requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/ClientInput' } } } },
      responses: {
        200: {
          description: 'OK',
          headers: header('ETag'),
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Client' } } },
        },
        400: errorResponse('Bad Request'),
        401: { ...errorResponse('Unauthorized'), headers: { ...header('WWW-Authenticate'), ...header('Set-Cookie', false) } },
        403: errorResponse('Forbidden'),
        404: errorResponse('Not Found'),
        412: {
          description: 'Precondition Failed',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/PreconditionFailedBody' } } },
        },
        413: errorResponse('Payload Too Large'),
        414: errorResponse('URI Too Long'),
        415: errorResponse('Unsupported Media Type'),
      },
      security: [{ session: [] }],
    });
    // Fastify's own answers (issue 38): a body that is not JSON, to a write that takes none; a path segment over 1,024
    // characters, wherever the path has a parameter (a GET too), and nowhere else.
    for (const [path, method] of [
      ['/logout', 'post'],
      ['/login/passkey/options', 'post'],
      ['/api/account/passkeys/options', 'post'],
      ['/api/account/sessions', 'delete'],
    ] as const) {
      expect(paths[path]?.[method]?.responses[400], `${method} ${path}`).toEqual(errorResponse('Bad Request'));
    }
    expect(paths['/api/clients/{clientId}/history']?.get?.responses[414]).toEqual(errorResponse('URI Too Long'));
    expect(paths['/api/clients']?.get?.responses[414]).toBeUndefined();
    expect(paths['/api/clients']?.get?.responses[413]).toBeUndefined();
    expect(paths['/api/clients']?.get?.responses[304]).toEqual({ description: 'Not Modified', headers: header('ETag') });
    expect(paths['/api/clients']?.post?.responses[201]?.headers).toEqual({ ...header('ETag'), ...header('Location') });
    // A wrong password, or (issue 30) the right one for an account that asks for its passkey next: never a session.
    expect(paths['/login']?.post?.responses[401]).toEqual({
      description: 'Unauthorized',
      headers: header('WWW-Authenticate'),
      content: {
        'application/json': { schema: { anyOf: [{ $ref: '#/components/schemas/LoginSecondStep' }, error] } },
      },
    });
    expect(paths['/login/passkey']?.post?.responses[401]).toEqual({
      ...errorResponse('Unauthorized'),
      headers: header('WWW-Authenticate'),
    });
    expect(paths['/login/passkey']?.post?.responses[200]?.headers).toEqual({ ...header('Set-Cookie'), ...header('Session-Expires') });
    expect(paths['/login']?.post?.responses[200]?.headers).toEqual({ ...header('Set-Cookie'), ...header('Session-Expires') });
    expect(paths['/login']?.post?.responses[429]?.headers).toEqual(header('Retry-After'));
    expect(paths['/api/clients/{clientId}/export']?.get?.responses[200]?.headers).toEqual(header('Content-Disposition'));
    // Public: no session needed, and the document says so rather than leaving it unsaid.
    for (const [path, method] of [
      ['/login', 'post'],
      ['/login/passkey/options', 'post'],
      ['/login/passkey', 'post'],
      ['/login/passkey/cancel', 'post'],
      ['/logout', 'post'],
      ['/healthz', 'get'],
      ['/api/salon', 'get'],
    ] as const) {
      expect(paths[path]?.[method]?.security).toEqual([]);
    }
  });

  it('writes once, under components, a response, a header or a parameter that several operations share', async () => {
    const { paths, components } = (await createTestApp()).app.openApiDocument();
    const put = paths['/api/clients/{clientId}']?.put;
    expect(put?.parameters?.[0]).toEqual({ $ref: '#/components/parameters/clientId' });
    expect(put?.responses[401]).toEqual({ $ref: '#/components/responses/Unauthorized' });
    expect(put?.responses[412]).toEqual({ $ref: '#/components/responses/PreconditionFailedBody' });
    expect(paths['/api/clients/{clientId}']?.get?.responses[412]).toEqual({ $ref: '#/components/responses/PreconditionFailed' });
    expect(components.responses?.NotModified?.headers).toEqual({ ETag: { $ref: '#/components/headers/ETag' } });
    // Said once, it stays where it is: the login's 401 has no Set-Cookie, unlike every /api call's.
    expect(paths['/login']?.post?.responses[401]).toHaveProperty('description', 'Unauthorized');
    expect(paths['/api/events']?.get?.parameters).toEqual([
      { name: 'last-event-id', in: 'header', required: false, schema: { type: 'string' } },
    ]);
  });

  it('gives ClientInput the forms the server enforces: an email, and the date-time as the register form sends it', async () => {
    const { components } = (await createTestApp()).app.openApiDocument();
    const { email, registrationDateTime } = components.schemas.ClientInput?.properties ?? {};
    expect(email).toMatchObject({ type: 'string', format: 'email' });
    const pattern = new RegExp(registrationDateTime?.pattern as string);
    for (const accepted of ['2024-05-01T10:30', '2024-05-01T10:30:15', '2024-05-01T10:30:00.000Z', '2024-05-01T12:30+02:00']) {
      expect([accepted, pattern.test(accepted)]).toEqual([accepted, true]);
    }
    for (const refused of ['2024-05-01', '10:30', 'yesterday']) expect([refused, pattern.test(refused)]).toEqual([refused, false]);
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

  it('has its generated client types committed, as npm run openapi writes them from it', async () => {
    const { app } = await createTestApp();
    const committed = readFileSync(GENERATED_CLIENT_TYPES, 'utf8');
    const stale = 'server/openapi/generated-client.d.ts is stale: run npm run openapi and commit it';
    expect(committed, stale).toBe(await generatedClientTypes(app.openApiDocument()));
  }, 20_000);
});
