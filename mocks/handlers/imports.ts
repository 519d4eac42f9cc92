// Importing clients (issue 29) in the mock: the same contract as the server's routes, owners only.
import { http, HttpResponse } from 'msw';
import { malformedIdempotencyKeyMessage, parseIdempotencyKey } from '#contract/idempotency-key';
import { importAnswer, ImportRequest, importMessages, undoImportAnswer } from '#contract/import';
import { ownerOnly } from '#contract/team';
import { mockDb } from '../db.ts';
import { bodyOr, errorResponse, methodNotAllowed, recordAudit, requireOwner, respond } from './respond.ts';

const ownersOnly = () => requireOwner(ownerOnly.importClients);
const NO_STORE = { headers: { 'Cache-Control': 'no-store' } };

export const importHandlers = [
  http.get('*/api/imports', () => ownersOnly() ?? HttpResponse.json(mockDb.listImports(), NO_STORE)),

  http.post('*/api/imports', async ({ request }) => {
    const body = await bodyOr(ownersOnly(), request, ImportRequest);
    if (body instanceof Response) return body;
    const key = parseIdempotencyKey(request.headers.get('Idempotency-Key'));
    if (key === null) return errorResponse(400, malformedIdempotencyKeyMessage);
    const outcome = mockDb.importClients(body, key);
    if (outcome.status === 'imported') {
      const { id, created, updated } = outcome.summary;
      recordAudit(request, { kind: 'clients-imported', actor: mockDb.sessionUser(), subject: id, detail: String(created + updated) });
    }
    return respond(importAnswer(outcome));
  }),

  http.get('*/api/imports/:importId', ({ params }) => {
    const found = mockDb.findImport(String(params.importId));
    return ownersOnly() ?? (found ? HttpResponse.json(found, NO_STORE) : errorResponse(404, importMessages.notFound));
  }),

  http.post('*/api/imports/:importId/undo', ({ params, request }) => {
    const refused = ownersOnly();
    if (refused) return refused;
    const outcome = mockDb.undoImport(String(params.importId));
    if (outcome.status === 'undone')
      recordAudit(request, { kind: 'import-undone', actor: mockDb.sessionUser(), subject: outcome.summary.id });
    return respond(undoImportAnswer(outcome));
  }),

  http.all('*/api/imports', () => methodNotAllowed(['GET', 'POST'])),
];
