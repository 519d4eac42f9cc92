/**
 * The API's OpenAPI 3.1 document, made from what the routes declare: this plugin records every
 * route registered after it (onRoute), and each route's zod schemas become JSON Schema through
 * zod's own `z.toJSONSchema` (request parts as they are accepted, responses as they are sent).
 * Nothing is written twice: the document is the schemas Fastify validates and serializes with.
 * Why not @fastify/swagger: docs/decisions/009-zod-type-provider.md.
 */
import { AppointmentChange, AppointmentPreconditionFailed } from '#contract/appointments';
import { STATUS_CODES } from 'node:http';
import { isDeepStrictEqual } from 'node:util';
import type { RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import {
  ApiErrorBody,
  Client,
  ClientChange,
  ClientFields,
  ClientInput,
  DeletedClient,
  LoginRequest,
  PreconditionFailedBody,
} from '#contract/api';
import { Appointment, AppointmentList, MemberSchedule, NewTimeOff, Service, ServiceFields, TimeOff, WorkingHours } from '#contract/book';
import { BookingTimes, Cancellation } from '#contract/online-booking';
import { ClientExport } from '#contract/client-export';
import { ImportRequest, ImportSummary } from '#contract/import';
import { SESSION_COOKIE } from '#contract/http';
import { LoginSecondStep, Passkey, PasskeyOptions } from '#contract/passkeys';

declare module 'fastify' {
  interface FastifySchema {
    /** The operation's name in a generated client (`listClients`); document.test.ts fails on one missing or twice. */
    operationId?: string;
    /** The operation's one line in the document (a route without one fails document.test.ts). */
    summary?: string;
    /** More than the summary says, when a caller needs it (a condition, a side effect). */
    description?: string;
    /** Not in the document: the SPA's page and files (@fastify/static marks its own routes so). */
    hide?: boolean;
    /** Who may call it; routes/api.ts sets SESSION_REQUIRED on every /api route; none: a public route. */
    security?: SecurityRequirement[];
    /** The headers each status sends (RESPONSE_HEADERS), each with whether it always does. */
    responseHeaders?: Partial<Record<number, Partial<Record<ResponseHeaderName, boolean>>>>;
  }
  interface FastifyInstance {
    /** The document of every route registered after the plugin; made on the first call, once the app is ready. */
    openApiDocument(): OpenApiDocument;
  }
}

/** The parts of OpenAPI 3.1 this document uses (https://spec.openapis.org/oas/v3.1.1). */
type JsonSchema = { properties?: Record<string, JsonSchema>; required?: string[]; [keyword: string]: unknown };
type Content = Record<string, { schema: JsonSchema }>;
/** `#/components/{kind}/{name}`: what the document writes once and refers to (shareRepeated). */
type Reference = { $ref: string };
type Header = { description: string; required: boolean; schema: JsonSchema };
type Response = { description: string; headers?: Record<string, Header | Reference>; content?: Content };
type Parameter = { name: string; in: 'path' | 'query' | 'header'; required: boolean; schema: JsonSchema };
type SecurityRequirement = Record<string, string[]>;
type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  parameters?: (Parameter | Reference)[];
  requestBody?: { required: true; content: Content };
  responses: Record<string, Response | Reference>;
  security: SecurityRequirement[];
};
type SharedComponents = {
  responses?: Record<string, Response>;
  parameters?: Record<string, Parameter>;
  headers?: Record<string, Header>;
};
export type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string; description: string };
  servers: { url: string; description: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema> } & SharedComponents & {
      securitySchemes: Record<string, Record<string, string>>;
    };
};

/** The response headers the document declares, by name: what each says and its form. */
export const RESPONSE_HEADERS = {
  ETag: {
    description: 'The version sent, a strong entity tag (a client: `"v3"`); send it back in If-Match or If-None-Match.',
    schema: { type: 'string', pattern: '^"[\\x21\\x23-\\x7e]+"$' },
  },
  Location: {
    description: 'The client registered: its URL, for GET, PUT and DELETE.',
    schema: { type: 'string', format: 'uri-reference' },
  },
  'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'string', pattern: '^[0-9]+$' } },
  'Set-Cookie': {
    description: 'The session cookie: set by a login (HttpOnly, SameSite=Strict), cleared by a logout or when refused.',
    schema: { type: 'string' },
  },
  'Session-Expires': {
    description: 'The latest the session can end (an HTTP date): login + SESSION_MAX_HOURS.',
    schema: { type: 'string' },
  },
  'Content-Disposition': { description: 'A file to save: `attachment; filename="client-{id}.json"`.', schema: { type: 'string' } },
  'WWW-Authenticate': {
    description: 'How to authenticate (RFC 9110 section 11.6.1): the `Cookie` scheme, the form at /login. Never Basic.',
    schema: { type: 'string', pattern: '^Cookie ' },
  },
} as const satisfies Record<string, { description: string; schema: JsonSchema }>;
type ResponseHeaderName = keyof typeof RESPONSE_HEADERS;

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
named.add(ImportSummary, { id: 'ImportSummary' });
named.add(ImportRequest, { id: 'ImportRequest' });
named.add(Passkey, { id: 'Passkey' });
named.add(PasskeyOptions, { id: 'PasskeyOptions' });
named.add(LoginSecondStep, { id: 'LoginSecondStep' });
named.add(Service, { id: 'Service' });
named.add(ServiceFields, { id: 'ServiceFields' });
named.add(WorkingHours, { id: 'WorkingHours' });
named.add(MemberSchedule, { id: 'MemberSchedule' });
named.add(NewTimeOff, { id: 'NewTimeOff' });
named.add(TimeOff, { id: 'TimeOff' });
named.add(Appointment, { id: 'Appointment' });
named.add(AppointmentList, { id: 'AppointmentList' });
named.add(AppointmentChange, { id: 'AppointmentChange' });
named.add(AppointmentPreconditionFailed, { id: 'AppointmentPreconditionFailed' });
named.add(BookingTimes, { id: 'BookingTimes' });
named.add(Cancellation, { id: 'Cancellation' });

type Components = Record<string, JsonSchema>;

/** A zod schema as JSON Schema; the named schemas it holds go to `components` and are referred to. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output', components: Components): JsonSchema {
  const text = JSON.stringify(
    z.toJSONSchema(schema, {
      io,
      metadata: named,
      // What the contract says with `.meta()` beyond zod's checks (ClientInput's email format, the date-time's pattern).
      override: ({ zodSchema, jsonSchema: json }) => {
        const { id: _id, contentMediaType: _type, ...meta } = (z.globalRegistry.get(zodSchema) ?? {}) as Record<string, unknown>;
        Object.assign(json, meta);
      },
    }),
  ).replaceAll('"#/$defs/', '"#/components/schemas/');
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

function headerObjects(declared: Partial<Record<ResponseHeaderName, boolean>> = {}): Pick<Response, 'headers'> {
  const entries = Object.entries(declared) as [ResponseHeaderName, boolean][];
  if (entries.length === 0) return {};
  return { headers: Object.fromEntries(entries.map(([name, required]) => [name, { ...RESPONSE_HEADERS[name], required }])) };
}

function responseObject(
  status: string,
  schema: z.ZodType,
  components: Components,
  headers?: Partial<Record<ResponseHeaderName, boolean>>,
): Response {
  const description = STATUS_CODES[status] ?? status;
  // A 204 or a 304 has no body: its schema is z.undefined(), which JSON Schema cannot say.
  if (schema instanceof z.ZodUndefined) return { description, ...headerObjects(headers) };
  // A body that is not JSON says its type in the schema's metadata (the event stream's `text/event-stream`).
  const mediaType = (schema.meta() as { contentMediaType?: string } | undefined)?.contentMediaType ?? 'application/json';
  return { description, ...headerObjects(headers), content: { [mediaType]: { schema: jsonSchema(schema, 'output', components) } } };
}

function operation(route: RouteOptions, components: Components): Operation {
  const { operationId, summary, description, security, body, response = {}, responseHeaders = {} } = route.schema ?? {};
  const declared: Record<string, z.ZodType> = { ...(response as Record<string, z.ZodType>) };
  const parameterList = parameters(route, components);
  // A request that fails the route's schemas gets 400 { message } (zod-type-provider.ts); optional headers never do.
  const validated = body || parameterList.some((parameter) => parameter.in !== 'header');
  if (validated && !declared[400]) declared[400] = ApiErrorBody;
  const responses: Operation['responses'] = {};
  for (const [status, schema] of Object.entries(declared).sort(([a], [b]) => a.localeCompare(b))) {
    responses[status] = responseObject(status, schema, components, responseHeaders[Number(status)]);
  }
  return {
    ...(operationId ? { operationId } : {}),
    ...(summary ? { summary } : {}),
    ...(description ? { description } : {}),
    ...(parameterList.length > 0 ? { parameters: parameterList } : {}),
    ...(body
      ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(body as z.ZodType, 'input', components) } } } }
      : {}),
    responses,
    // A route that names no requirement is public: `[]` says so (no session needed).
    security: security ?? [],
  };
}

/** One place a value stands in the document: the value, the name it gets under components when shared, how to refer to it there. */
type Use<T> = { value: T; name: string; refer: (reference: Reference) => void };

/**
 * Writes each value that stands in two or more uses once, under `#/components/{kind}/{name}`, and refers to it there;
 * a value used once stays where it is. Returns what it wrote, by name.
 */
function share<T>(kind: keyof SharedComponents, uses: Use<T>[]): Record<string, T> {
  const counts = new Map<string, number>();
  for (const { value } of uses) {
    const text = JSON.stringify(value);
    counts.set(text, (counts.get(text) ?? 0) + 1);
  }
  const shared: Record<string, T> = {};
  for (const { value, name, refer } of uses) {
    if ((counts.get(JSON.stringify(value)) ?? 0) < 2) continue;
    if (shared[name] && !isDeepStrictEqual(shared[name], value)) {
      throw new Error(`Two different ${kind} would be #/components/${kind}/${name}: give one of them another name`);
    }
    shared[name] = value;
    refer({ $ref: `#/components/${kind}/${name}` });
  }
  return Object.fromEntries(Object.entries(shared).sort(([a], [b]) => a.localeCompare(b)));
}

/** A shared response's name: its status (`NotFound`), or its body's schema when that is not the usual `{ message }`. */
function responseName(status: string, response: Response): string {
  const body = Object.values(response.content ?? {})[0]?.schema.$ref;
  if (typeof body === 'string' && !body.endsWith('/ApiErrorBody')) return body.split('/').pop() ?? status;
  return (STATUS_CODES[status] ?? status).replace(/(?:^|\W+)(\w)/g, (_, letter: string) => letter.toUpperCase());
}

const isReference = (value: object): value is Reference => '$ref' in value;

/**
 * What several operations say alike, written once under components and referred to ($ref): a response (the 401 of
 * every /api call, the 403, 413 and 415 of every write), then a header of the responses left (ETag), a parameter
 * (clientId). The document means the same; it and the client types made of it say each thing once.
 */
function shareRepeated(operations: Operation[]): SharedComponents {
  const responseUses: Use<Response>[] = [];
  const parameterUses: Use<Parameter>[] = [];
  for (const operation of operations) {
    for (const [status, response] of Object.entries(operation.responses)) {
      if (isReference(response)) continue;
      const refer = (reference: Reference) => void (operation.responses[status] = reference);
      responseUses.push({ value: response, name: responseName(status, response), refer });
    }
    operation.parameters?.forEach((parameter, index, list) => {
      if (!isReference(parameter)) parameterUses.push({ value: parameter, name: parameter.name, refer: (ref) => void (list[index] = ref) });
    });
  }
  const responses = share('responses', responseUses);
  const responsesLeft = [...Object.values(responses), ...operations.flatMap((operation) => Object.values(operation.responses))];
  const headerUses: Use<Header>[] = [];
  for (const response of responsesLeft) {
    const declared = isReference(response) ? {} : (response.headers ?? {});
    for (const [name, header] of Object.entries(declared)) {
      if (!isReference(header)) headerUses.push({ value: header, name, refer: (reference) => void (declared[name] = reference) });
    }
  }
  const shared = { responses, parameters: share('parameters', parameterUses), headers: share('headers', headerUses) };
  return Object.fromEntries(Object.entries(shared).filter(([, named]) => Object.keys(named).length > 0));
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
  const shared = shareRepeated(Object.values(paths).flatMap((path) => Object.values(path)));
  return {
    openapi: '3.1.1',
    info: {
      title: 'Beauty salon API',
      version: '1.0.0',
      description:
        'The calls the salon’s staff pages make (SPEC.md section 7). Bodies are JSON; every error is `{ message }`. ' +
        'POST /login sets the session cookie that every /api call needs (401 without it).',
    },
    // The server the document is served from (GET /api/openapi.json): the SPA's own origin.
    servers: [{ url: '/', description: 'The salon’s server: the same origin as the site' }],
    paths,
    components: {
      schemas: Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b))),
      ...shared,
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
