import { HttpResponse, type JsonBodyType } from 'msw';
import type { z } from 'zod';
import { ClientId, describeValidationError } from '#contract/api';
import { allowHeader, methodNotAllowedMessage, SESSION_CHALLENGE, type Answer } from '#contract/http';
import { mockDb, type MockAuditRecord } from '../db.ts';

/** An error response shaped like the real server's: a status and a short JSON message. */
export function errorResponse(status: number, message: string, headers?: Record<string, string>) {
  return HttpResponse.json({ message }, { status, ...(headers ? { headers } : {}) });
}

/** An answer the contract decided, as the server's route sends it. */
export const respond = ({ status, body, headers }: Answer) =>
  HttpResponse.json(body as JsonBodyType, { status, ...(headers ? { headers } : {}) });

/** The challenge every 401 carries (never Basic: no browser dialog). */
export const SESSION_CHALLENGE_HEADERS = { 'WWW-Authenticate': SESSION_CHALLENGE };

/** The server's 401: its message, and its challenge. */
export const unauthorized = (message: string) => errorResponse(401, message, SESSION_CHALLENGE_HEADERS);

/** The server's 405 for a path it has in other methods (`Allow` names them). */
export const methodNotAllowed = (methods: readonly string[]) =>
  requireSession() ?? errorResponse(405, methodNotAllowedMessage, { Allow: allowHeader(methods) });

type Parsed<T> = { ok: true; data: T } | { ok: false; response: Response };

/** Reads a JSON body and validates it with a contract schema, responding 400 as the server does. */
export async function parseBody<TSchema extends z.ZodType>(request: Request, schema: TSchema): Promise<Parsed<z.output<TSchema>>> {
  let json: unknown;
  try {
    json = await request.json();
  } catch {
    return { ok: false, response: errorResponse(400, 'Request body must be valid JSON') };
  }
  const result = schema.safeParse(json);
  return result.success
    ? { ok: true, data: result.data }
    : { ok: false, response: errorResponse(400, describeValidationError(result.error)) };
}

/** The body for `schema` (parseBody), or the Response to send instead: `refused` (the session's, the role's), or the 400. */
export async function bodyOr<TSchema extends z.ZodType>(refused: Response | undefined, request: Request, schema: TSchema) {
  const body = refused ?? (await parseBody(request, schema));
  return body instanceof Response ? body : body.ok ? body.data : body.response;
}

/** Like the real server: no session, no data. */
export const requireSession = (): Response | undefined => (mockDb.hasSession() ? undefined : unauthorized('Log in to continue'));

/** A guarded route's body: the guard's refusal first (no session 401, staff 403), as the server's, then the body's 400. */
export async function parseBodyAfter<TSchema extends z.ZodType>(
  refused: Response | undefined,
  request: Request,
  schema: TSchema,
): Promise<Parsed<z.output<TSchema>>> {
  return refused ? { ok: false, response: refused } : parseBody(request, schema);
}

/** Like the server's owner-only routes: 403 "Only an owner can …" for staff (after the session check). */
export const requireOwner = (message: string): Response | undefined =>
  requireSession() ?? (mockDb.sessionRole() === 'owner' ? undefined : errorResponse(403, message));

/** As the server decides: the session, then 400 for a client id that cannot be one, then the owner's role. */
export function refusal(clientId: unknown, ownerOnly?: string): Response | undefined {
  const malformed = ClientId.safeParse(clientId).success ? undefined : errorResponse(400, 'Client id is malformed');
  return requireSession() ?? malformed ?? (ownerOnly ? requireOwner(ownerOnly) : undefined);
}

/** Records what a handler did in the audit trail, as the server does, with the browser it came from. */
export function recordAudit(request: Request, record: Omit<MockAuditRecord, 'userAgent'>): void {
  // A page cannot set User-Agent on its fetches: the browser's own is what the server would have seen.
  const userAgent = request.headers.get('user-agent') ?? (typeof navigator === 'undefined' ? null : navigator.userAgent);
  mockDb.recordAudit({ ...record, userAgent: userAgent?.slice(0, 512) ?? null });
}
