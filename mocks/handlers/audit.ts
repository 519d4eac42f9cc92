/** The audit trail (issue 28), owner only, from the entries the other handlers record (mockDb.recordAudit). */
import { HttpResponse } from 'msw';
import { AUDIT_PAGE_SIZE, AuditExportQuery, AuditQuery } from '#contract/team';
import { mockDb } from '../db.ts';
import { route } from './respond.ts';

const NO_STORE = { headers: { 'Cache-Control': 'no-store' } };

export const auditHandlers = [
  route('GET /api/audit', { query: AuditQuery }, ({ query }) => HttpResponse.json(mockDb.auditPage(query, AUDIT_PAGE_SIZE), NO_STORE)),
  route('GET /api/audit-export', { query: AuditExportQuery }, ({ query }) => HttpResponse.json(mockDb.auditEntries(query), NO_STORE)),
];
