// Importing clients (issue 29) in the mock: the same contract as the server's routes, owners only.
import { http, HttpResponse } from 'msw';
import { malformedIdempotencyKeyMessage, parseIdempotencyKey } from '#contract/idempotency-key';
import { ImportRequest, importMessages } from '#contract/import';
import { apiPaths } from '#contract/paths';
import { ownerOnly } from '#contract/team';
import { mockDb } from '../db.ts';
import { errorResponse, methodNotAllowed, parseBody, recordAudit, requireOwner } from './respond.ts';

const ownersOnly = () => requireOwner(ownerOnly.importClients);

export const importHandlers = [
  http.get('*/api/imports', () => ownersOnly() ?? HttpResponse.json(mockDb.listImports(), { headers: { 'Cache-Control': 'no-store' } })),

  http.post('*/api/imports', async ({ request }) => {
    const refused = ownersOnly();
    if (refused) return refused;
    const body = await parseBody(request, ImportRequest);
    if (!body.ok) return body.response;
    // As the server's: the same key from the same account within 24 hours answers the first import again.
    const key = parseIdempotencyKey(request.headers.get('Idempotency-Key'));
    if (key === null) return errorResponse(400, malformedIdempotencyKeyMessage);
    const outcome =
      key === undefined
        ? { status: 'imported' as const, summary: mockDb.importClients(body.data) }
        : mockDb.importClientsOnce(body.data, key);
    if (outcome.status === 'key-reused') return errorResponse(422, importMessages.keyReused);
    const { summary } = outcome;
    if (outcome.status === 'imported') {
      const written = summary.created + summary.updated;
      recordAudit(request, { kind: 'clients-imported', actor: mockDb.sessionUser(), subject: summary.id, detail: String(written) });
    }
    return HttpResponse.json(summary, { status: 201, headers: { Location: apiPaths.import(summary.id) } });
  }),

  http.get('*/api/imports/:importId', ({ params }) => {
    const refused = ownersOnly();
    if (refused) return refused;
    const found = mockDb.findImport(String(params.importId));
    return found ? HttpResponse.json(found, { headers: { 'Cache-Control': 'no-store' } }) : errorResponse(404, importMessages.notFound);
  }),

  http.post('*/api/imports/:importId/undo', ({ params, request }) => {
    const refused = ownersOnly();
    if (refused) return refused;
    const outcome = mockDb.undoImport(String(params.importId));
    if (outcome.status === 'not-found') return errorResponse(404, importMessages.notFound);
    if (outcome.status === 'already-undone') return errorResponse(409, importMessages.alreadyUndone);
    recordAudit(request, { kind: 'import-undone', actor: mockDb.sessionUser(), subject: outcome.summary.id });
    return HttpResponse.json(outcome.summary);
  }),

  http.all('*/api/imports', () => methodNotAllowed(['GET', 'POST'])),
];
