/** The audit trail (issue 28), owner only, from the entries the other handlers record (mockDb.recordAudit). */
import { http, HttpResponse } from 'msw';
import type { z } from 'zod';
import { describeValidationError } from '#contract/api';
import { AUDIT_PAGE_SIZE, AuditExportQuery, AuditQuery, ownerOnly } from '#contract/team';
import { mockDb } from '../db.ts';
import { errorResponse, methodNotAllowed, requireOwner, requireSession } from './respond.ts';

const NO_STORE = { 'Cache-Control': 'no-store' };

/** The query as the server reads it: after the session, before the role (its validation comes before preHandler). */
function readQuery<TSchema extends z.ZodType>(request: Request, schema: TSchema): { data: z.output<TSchema> } | { response: Response } {
  const refused = requireSession();
  if (refused) return { response: refused };
  const parsed = schema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return { response: errorResponse(400, describeValidationError(parsed.error)) };
  const notOwner = requireOwner(ownerOnly.readAudit);
  return notOwner ? { response: notOwner } : { data: parsed.data };
}

export const auditHandlers = [
  http.get('*/api/audit', ({ request }) => {
    const query = readQuery(request, AuditQuery);
    if ('response' in query) return query.response;
    return HttpResponse.json(mockDb.auditPage(query.data, AUDIT_PAGE_SIZE), { headers: NO_STORE });
  }),

  http.get('*/api/audit-export', ({ request }) => {
    const query = readQuery(request, AuditExportQuery);
    if ('response' in query) return query.response;
    return HttpResponse.json(mockDb.auditEntries(query.data), { headers: NO_STORE });
  }),

  // Read only: no method changes or removes an entry.
  http.all('*/api/audit', () => methodNotAllowed(['GET'])),
  http.all('*/api/audit-export', () => methodNotAllowed(['GET'])),
];
