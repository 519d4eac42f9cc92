import { HttpResponse } from 'msw';
import type { z } from 'zod';
import { describeValidationError } from '#contract/api';
import { allowHeader, methodNotAllowedMessage, SESSION_CHALLENGE } from '#contract/http';
import { mockDb, type MockAuditRecord } from '../db.ts';

/** An error response shaped like the real server's: a status and a short JSON message. */
export function errorResponse(status: number, message: string, headers?: Record<string, string>) {
  return HttpResponse.json({ message }, { status, ...(headers ? { headers } : {}) });
}

/** The challenge every 401 carries (never Basic: no browser dialog). */
export const SESSION_CHALLENGE_HEADERS = { 'WWW-Authenticate': SESSION_CHALLENGE };

/** The server's 401: its message, and its challenge. */
export function unauthorized(message: string) {
  return errorResponse(401, message, SESSION_CHALLENGE_HEADERS);
}

/** The server's 405 for a path it has in other methods (`Allow` names them). */
export function methodNotAllowed(methods: readonly string[]) {
  return requireSession() ?? errorResponse(405, methodNotAllowedMessage, { Allow: allowHeader(methods) });
}

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
  if (!result.success) return { ok: false, response: errorResponse(400, describeValidationError(result.error)) };
  return { ok: true, data: result.data };
}

/** Like the real server: no session, no data. */
export function requireSession(): Response | undefined {
  return mockDb.hasSession() ? undefined : unauthorized('Log in to continue');
}

/** A guarded route's body: the guard's refusal first (no session 401, staff 403), as the server's, then the body's 400. */
export async function parseBodyAfter<TSchema extends z.ZodType>(
  refused: Response | undefined,
  request: Request,
  schema: TSchema,
): Promise<Parsed<z.output<TSchema>>> {
  return refused ? { ok: false, response: refused } : parseBody(request, schema);
}

/** Like the server's owner-only routes: 403 "Only an owner can …" for staff (after the session check). */
export function requireOwner(message: string): Response | undefined {
  return requireSession() ?? (mockDb.sessionRole() === 'owner' ? undefined : errorResponse(403, message));
}

/** Records what a handler did in the audit trail, as the server does, with the browser it came from. */
export function recordAudit(request: Request, record: Omit<MockAuditRecord, 'userAgent'>): void {
  // A page cannot set User-Agent on its fetches: the browser's own is what the server would have seen.
  const userAgent = request.headers.get('user-agent') ?? (typeof navigator === 'undefined' ? null : navigator.userAgent);
  mockDb.recordAudit({ ...record, userAgent: userAgent?.slice(0, 512) ?? null });
}
