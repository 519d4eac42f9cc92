/** The audit trail (issue 28), owner only, from the entries the other handlers record (mockDb.recordAudit). */
import { uncached } from '#contract/http';
import { AUDIT_PAGE_SIZE, AuditExportQuery, AuditQuery } from '#contract/team';
import { mockDb } from '../db.ts';
import { respond, route } from './respond.ts';

export const auditHandlers = [
  route('GET /api/audit', { query: AuditQuery }, async ({ query, request }) =>
    respond(request, uncached(await mockDb.auditPage(query, AUDIT_PAGE_SIZE))),
  ),
  route('GET /api/audit-export', { query: AuditExportQuery }, async ({ query, request }) =>
    respond(request, uncached(await mockDb.auditEntries(query))),
  ),
];
