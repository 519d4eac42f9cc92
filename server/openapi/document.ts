/**
 * The API's OpenAPI 3.1 document, made from what the routes declare: this plugin records every
 * route registered after it (onRoute), and each route's zod schemas become JSON Schema through
 * zod's own `z.toJSONSchema` (request parts as they are accepted, responses as they are sent).
 * Nothing is written twice: the document is the schemas Fastify validates and serializes with.
 * Why not @fastify/swagger: docs/decisions/009-zod-type-provider.md.
 */
import { STATUS_CODES } from 'node:http';
import { isDeepStrictEqual } from 'node:util';
import type { RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import {
  ApiErrorBody,
  Client,
  ClientChange,
  ClientExport,
  ClientFields,
  ClientInput,
  DeletedClient,
  LoginRequest,
  PreconditionFailedBody,
} from '#contract/api';
import { SESSION_COOKIE } from '../auth/session-cookie.ts';

declare module 'fastify' {
  interface FastifySchema {
    /** The operation's one line in the document (a route without one fails document.test.ts). */
    summary?: string;
    /** More than the summary says, when a caller needs it (a condition, a side effect). */
    description?: string;
    /** Not in the document: the SPA's page and files (@fastify/static marks its own routes so). */
    hide?: boolean;
    /** Who may call it; routes/api.ts sets SESSION_REQUIRED on every /api route. */
    security?: SecurityRequirement[];
  }
  interface FastifyInstance {
    /** The document of every route registered after the plugin; made on the first call, once the app is ready. */
    openApiDocument(): OpenApiDocument;
  }
}

/** The parts of OpenAPI 3.1 this document uses (https://spec.openapis.org/oas/v3.1.1). */
type JsonSchema = { properties?: Record<string, JsonSchema>; required?: string[]; [keyword: string]: unknown };
type Content = Record<string, { schema: JsonSchema }>;
type Response = { description: string; content?: Content };
type Parameter = { name: string; in: 'path' | 'query' | 'header'; required: boolean; schema: JsonSchema };
type SecurityRequirement = Record<string, string[]>;
type Operation = {
  summary?: string;
  description?: string;
  parameters?: Parameter[];
  requestBody?: { required: true; content: Content };
  responses: Record<string, Response>;
  security?: SecurityRequirement[];
};
export type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, Record<string, string>> };
};

/** The security requirement of a route behind the session cookie. */
export const SESSION_REQUIRED: SecurityRequirement[] = [{ session: [] }];

/** The contract's schemas that the document names once (components/schemas) and refers to. */
const named = z.registry<{ id: string }>();
named.add(Client, { id: 'Client' });
named.add(ClientInput, { id: 'ClientInput' });
named.add(LoginRequest, { id: 'LoginRequest' });
named.add(ApiErrorBody, { id: 'ApiErrorBody' });
named.add(ClientFields, { id: 'ClientFields' });
named.add(ClientChange, { id: 'ClientChange' });
named.add(DeletedClient, { id: 'DeletedClient' });
named.add(PreconditionFailedBody, { id: 'PreconditionFailedBody' });
named.add(ClientExport, { id: 'ClientExport' });

type Components = Record<string, JsonSchema>;

/** A zod schema as JSON Schema; the named schemas it holds go to `components` and are referred to. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output', components: Components): JsonSchema {
  const text = JSON.stringify(z.toJSONSchema(schema, { io, metadata: named })).replaceAll('"#/$defs/', '"#/components/schemas/');
  const { $schema: _dialect, $defs = {}, ...json } = JSON.parse(text) as JsonSchema & { $defs?: Components };
  for (const [id, definition] of Object.entries($defs)) {
    if (components[id] && !isDeepStrictEqual(components[id], definition)) {
      throw new Error(`${id} reads differently in a request and in a response: register the two under different names`);
    }
    components[id] = definition;
  }
  return json;
}

const PARAMETER_PLACES = { params: 'path', querystring: 'query', headers: 'header' } as const;

function parameters(route: RouteOptions, components: Components): Parameter[] {
  return Object.entries(PARAMETER_PLACES).flatMap(([part, place]) => {
    const schema = route.schema?.[part as keyof typeof PARAMETER_PLACES] as z.ZodType | undefined;
    if (!schema) return [];
    const { properties = {}, required = [] } = jsonSchema(schema, 'input', components);
    return Object.entries(properties).map(([name, property]) => ({
      name,
      in: place,
      required: place === 'path' || required.includes(name),
      schema: property,
    }));
  });
}

function responseObject(status: string, schema: z.ZodType, components: Components): Response {
  const description = STATUS_CODES[status] ?? status;
  // A 204 or a 304 has no body: its schema is z.undefined(), which JSON Schema cannot say.
  if (schema instanceof z.ZodUndefined) return { description };
  // A body that is not JSON says its type in the schema's metadata (the event stream's `text/event-stream`).
  const mediaType = (schema.meta() as { contentMediaType?: string } | undefined)?.contentMediaType ?? 'application/json';
  return { description, content: { [mediaType]: { schema: jsonSchema(schema, 'output', components) } } };
}

function operation(route: RouteOptions, components: Components): Operation {
  const { summary, description, security, body, response = {} } = route.schema ?? {};
  const declared = response as Record<string, z.ZodType>;
  const responses: Operation['responses'] = {};
  for (const [status, schema] of Object.entries(declared)) responses[status] = responseObject(status, schema, components);
  const parameterList = parameters(route, components);
  // A request that fails the route's schemas gets 400 { message } (zod-type-provider.ts).
  if ((body || parameterList.length > 0) && !declared[400]) responses[400] = responseObject('400', ApiErrorBody, components);
  return {
    ...(summary ? { summary } : {}),
    ...(description ? { description } : {}),
    ...(parameterList.length > 0 ? { parameters: parameterList } : {}),
    ...(body
      ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(body as z.ZodType, 'input', components) } } } }
      : {}),
    responses,
    ...(security ? { security } : {}),
  };
}

/** `/api/clients/:clientId` as OpenAPI writes it, `/api/clients/{clientId}`; no trailing slash. */
function openApiPath(url: string): string {
  return url.replace(/:(\w+)/g, '{$1}').replace(/(.)\/$/, '$1');
}

function describeRoutes(routes: RouteOptions[]): OpenApiDocument {
  const components: Components = {};
  const paths: OpenApiDocument['paths'] = {};
  for (const route of routes) {
    if (route.schema?.hide) continue;
    // HEAD is left out: Fastify adds it to every GET (exposeHeadRoutes).
    for (const method of [route.method].flat().filter((method) => method !== 'HEAD')) {
      const path = (paths[openApiPath(route.url)] ??= {});
      path[method.toLowerCase()] = operation(route, components);
    }
  }
  return {
    openapi: '3.1.1',
    info: {
      title: 'Beauty salon API',
      version: '1.0.0',
      description:
        'The calls the salon’s staff pages make (SPEC.md section 7). Bodies are JSON; every error is `{ message }`. ' +
        'POST /login sets the session cookie that every /api call needs (401 without it).',
    },
    paths,
    components: {
      schemas: Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b))),
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'Set by POST /login (HttpOnly, SameSite=Strict).' },
      },
    },
  };
}

/** The document as docs/openapi.json holds it (write.ts). */
export function documentText(document: OpenApiDocument): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** Register before the routes: it sees only the routes registered after it. */
export const openApi = fp(
  async (app) => {
    const routes: RouteOptions[] = [];
    // The route's options object itself: what later onRoute hooks (routes/api.ts) add is in it.
    app.addHook('onRoute', (route) => void routes.push(route));
    let document: OpenApiDocument | undefined;
    app.decorate('openApiDocument', () => (document ??= describeRoutes(routes)));
  },
  { name: 'openapi' },
);
