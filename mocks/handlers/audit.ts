/** The audit trail (issue 28), owner only, from the entries the other handlers record (mockDb.recordAudit). */
import { http, HttpResponse, type JsonBodyType } from 'msw';
import type { z } from 'zod';
import { describeValidationError } from '#contract/api';
import { AUDIT_PAGE_SIZE, AuditExportQuery, AuditQuery, ownerOnly } from '#contract/team';
import { mockDb } from '../db.ts';
import { errorResponse, methodNotAllowed, requireOwner, requireSession } from './respond.ts';

/** The query as the server reads it, or the answer instead: after the session, before the role (validation, then preHandler). */
function answer<TSchema extends z.ZodType>(request: Request, schema: TSchema, read: (query: z.output<TSchema>) => JsonBodyType): Response {
  const parsed = schema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const invalid = parsed.success ? undefined : errorResponse(400, describeValidationError(parsed.error));
  const refused = requireSession() ?? invalid ?? requireOwner(ownerOnly.readAudit);
  return refused ?? HttpResponse.json(read(parsed.data as z.output<TSchema>), { headers: { 'Cache-Control': 'no-store' } });
}

export const auditHandlers = [
  http.get('*/api/audit', ({ request }) => answer(request, AuditQuery, (query) => mockDb.auditPage(query, AUDIT_PAGE_SIZE))),
  http.get('*/api/audit-export', ({ request }) => answer(request, AuditExportQuery, (query) => mockDb.auditEntries(query))),

  // Read only: no method changes or removes an entry.
  http.all('*/api/audit', () => methodNotAllowed(['GET'])),
  http.all('*/api/audit-export', () => methodNotAllowed(['GET'])),
];
