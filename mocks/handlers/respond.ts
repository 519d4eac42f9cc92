import { http, HttpResponse, matchRequestUrl, type HttpHandler, type JsonBodyType } from 'msw';
import type { z } from 'zod';
import { access, accessOf, SESSION_REQUIRED_MESSAGE, type Access, type Operation } from '#contract/access';
import { describeValidationError } from '#contract/api';
import { allowHeader, methodNotAllowedMessage, SESSION_CHALLENGE, type Answered, type AuditRecord } from '#contract/http';
import { mockDb } from '../db.ts';

/** An error response shaped like the real server's: a status and a short JSON message. */
function errorResponse(status: number, message: string, headers?: Record<string, string>) {
  return HttpResponse.json({ message }, { status, ...(headers ? { headers } : {}) });
}

/** An answer the contract decided, its audit entries recorded, as the server's route sends it (server/http/answered.ts). */
export async function respond(request: Request, { status, body, headers, audit = [] }: Answered): Promise<Response> {
  for (const entry of audit) await recordAudit(request, entry);
  const init = { status, ...(headers ? { headers } : {}) };
  return status === 204 ? new HttpResponse(null, init) : HttpResponse.json(body as JsonBodyType, init);
}

/** The challenge every 401 carries (never Basic: no browser dialog). */
const SESSION_CHALLENGE_HEADERS = { 'WWW-Authenticate': SESSION_CHALLENGE };

/** The server's 401: its message, and its challenge. */
const unauthorized = (message: string) => errorResponse(401, message, SESSION_CHALLENGE_HEADERS);

/** The 401 of a route that needs a session, when the browser has none. */
const sessionRefusal = (rule: Access) => (rule === 'public' || mockDb.hasSession() ? undefined : unauthorized(SESSION_REQUIRED_MESSAGE));

/** The 403 of an owner's route, for staff. */
const roleRefusal = (rule: Access) =>
  typeof rule === 'string' || mockDb.sessionRole() === 'owner' ? undefined : errorResponse(403, rule.owner);

/** The table's operations (contract/access.ts, HEAD aside) whose path `url` is, in each of their methods. */
export const operationsAt = (url: URL) =>
  (Object.keys(access) as Operation[]).filter((operation) => matchRequestUrl(url, `*${partsOf(operation)[1]}`).matches);

/** An operation of the table as its method and its path. */
export const partsOf = (operation: Operation) => operation.split(' ') as [method: string, path: string];

/**
 * The server's 405 for an /api path it has routes for in other methods (contract/access.ts; `Allow` names them), behind
 * the session as every /api path. After every other handler: they answer their own methods (and HEAD beside GET).
 */
export const methodNotAllowedHandler = http.all('*/api/*', ({ request }) => {
  const methods = operationsAt(new URL(request.url)).map((operation) => partsOf(operation)[0]);
  // No such path, or the method is the path's (GET /api/openapi.json: the mock has no document to send).
  if (methods.length === 0 || methods.includes(request.method === 'HEAD' ? 'GET' : request.method)) return undefined;
  return sessionRefusal('session') ?? errorResponse(405, methodNotAllowedMessage, { Allow: allowHeader(methods) });
});

/** What a route checks of a request, as the server's route schema: its path's parameters, its query, its JSON body. */
type Schemas = { params?: z.ZodType; query?: z.ZodType; body?: z.ZodType };
type Checked<Schema, Otherwise> = Schema extends z.ZodType ? z.output<Schema> : Otherwise;

/** What a handler is given: the request, and its parts as the schemas read them. */
type Call<S extends Schemas> = {
  request: Request;
  params: Checked<S['params'], Record<string, string>>;
  query: Checked<S['query'], Record<string, string>>;
  body: Checked<S['body'], undefined>;
};

type Answering<S extends Schemas> = (call: Call<S>) => Response | Promise<Response>;

/** `value` read with `schema`, or the server's 400 naming the first problem. */
function checked(schema: z.ZodType | undefined, value: unknown): { value: unknown } | Response {
  if (!schema) return { value };
  const result = schema.safeParse(value);
  return result.success ? { value: result.data } : errorResponse(400, describeValidationError(result.error));
}

/** The request's parts, read as the server reads them (the body's JSON, then params, body, query), or its 400. */
async function callOf<S extends Schemas>(request: Request, params: Record<string, string>, schemas: S): Promise<Call<S> | Response> {
  let json: unknown;
  if (schemas.body) {
    try {
      json = await request.json();
    } catch {
      return errorResponse(400, 'Request body must be valid JSON');
    }
  }
  const checkedParams = checked(schemas.params, params);
  if (checkedParams instanceof Response) return checkedParams;
  const body = checked(schemas.body, json);
  if (body instanceof Response) return body;
  const query = checked(schemas.query, Object.fromEntries(new URL(request.url).searchParams));
  if (query instanceof Response) return query;
  return { request, params: checkedParams.value, body: body.value, query: query.value } as Call<S>;
}

/**
 * A handler for one route of contract/access.ts, checked as the server checks it: the session (401), the request's
 * parts with `schemas` (400), the owner's role (403); then `answer`.
 */
export function route<S extends Schemas>(operation: Operation, schemas: S, answer: Answering<S>): HttpHandler;
export function route(operation: Operation, answer: Answering<Record<never, never>>): HttpHandler;
export function route(operation: Operation, ...args: [Schemas, Answering<Schemas>] | [Answering<Schemas>]): HttpHandler {
  const [schemas, answer] = args.length === 2 ? args : [{}, args[0]];
  const [method = '', path = ''] = operation.split(' ');
  const rule = accessOf(method, path) ?? 'session';
  const handle = method.toLowerCase() as 'get' | 'head' | 'post' | 'put' | 'patch' | 'delete';
  return http[handle](`*${path}`, async ({ request, params }) => {
    const refused = sessionRefusal(rule);
    if (refused) return refused;
    const call = await callOf(request, params as Record<string, string>, schemas);
    if (call instanceof Response) return call;
    return roleRefusal(rule) ?? answer(call);
  });
}

/** The browser a request came from: a page cannot set User-Agent on its fetches, the browser's own is what the server sees. */
export const userAgentOf = (request: Request) =>
  request.headers.get('user-agent') ?? (typeof navigator === 'undefined' ? null : navigator.userAgent);

/** Records what a handler did in the audit trail, as the server does, with the browser it came from. */
export async function recordAudit(request: Request, record: AuditRecord): Promise<void> {
  await mockDb.recordAudit({ ...record, userAgent: userAgentOf(request)?.slice(0, 512) ?? null });
}
