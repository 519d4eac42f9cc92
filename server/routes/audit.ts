/**
 * The audit trail, owner only (issue 28): a page at a time, newest first, and every matching entry for its
 * "Export CSV". Read only: no route changes or removes an entry (any other method is 405), and reading the trail is
 * not itself recorded (only an owner can, and what it shows is already recorded).
 */
import { ApiErrorBody } from '#contract/api';
import { uncached } from '#contract/http';
import { AUDIT_PAGE_SIZE, AuditEntryList, AuditExportQuery, AuditPage, AuditQuery } from '#contract/team';
import { sendAnswered } from '../http/answered.ts';
import type { ZodPlugin } from '../zod-type-provider.ts';

export const auditRoutes: ZodPlugin = async (app) => {
  app.get(
    '/audit',
    {
      schema: {
        operationId: 'listAuditEntries',
        summary: 'The audit trail, newest first, 100 entries a page (owner only)',
        description:
          'account: entries it did or had done to it; kind: one kind; before: entries older than this seq (the last page’s nextBefore).',
        querystring: AuditQuery,
        response: { 200: AuditPage, 403: ApiErrorBody },
      },
    },
    // Who signed in from where: not for a shared cache, nor for the browser's.
    async (request, reply) => sendAnswered(app, request, reply, uncached(await app.auditEntries.page(request.query, AUDIT_PAGE_SIZE))),
  );

  app.get(
    '/audit-export',
    {
      schema: {
        operationId: 'exportAuditEntries',
        summary: 'Every audit entry the filters match, newest first, for "Export CSV" (owner only)',
        querystring: AuditExportQuery,
        response: { 200: AuditEntryList, 403: ApiErrorBody },
      },
    },
    async (request, reply) => sendAnswered(app, request, reply, uncached(await app.auditEntries.all(request.query))),
  );
};
