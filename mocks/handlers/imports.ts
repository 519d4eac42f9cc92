// Importing clients (issue 29) in the mock: the same contract as the server's routes, owners only.
import { HttpResponse } from 'msw';
import { malformedIdempotencyKeyMessage, parseIdempotencyKey } from '#contract/idempotency-key';
import { importAnswer, ImportRequest, importMessages, undoImportAnswer } from '#contract/import';
import { mockDb } from '../db.ts';
import { errorResponse, recordAudit, respond, route } from './respond.ts';

const NO_STORE = { headers: { 'Cache-Control': 'no-store' } };

export const importHandlers = [
  route('GET /api/imports', () => HttpResponse.json(mockDb.listImports(), NO_STORE)),

  route('POST /api/imports', { body: ImportRequest }, ({ request, body }) => {
    const key = parseIdempotencyKey(request.headers.get('Idempotency-Key'));
    if (key === null) return errorResponse(400, malformedIdempotencyKeyMessage);
    const outcome = mockDb.importClients(body, key);
    if (outcome.status === 'imported') {
      const { id, created, updated } = outcome.summary;
      recordAudit(request, { kind: 'clients-imported', actor: mockDb.sessionUser(), subject: id, detail: String(created + updated) });
    }
    return respond(request, importAnswer(outcome));
  }),

  route('GET /api/imports/:importId', ({ params }) => {
    const found = mockDb.findImport(String(params.importId));
    return found ? HttpResponse.json(found, NO_STORE) : errorResponse(404, importMessages.notFound);
  }),

  route('POST /api/imports/:importId/undo', ({ params, request }) => {
    const outcome = mockDb.undoImport(String(params.importId));
    if (outcome.status === 'undone')
      recordAudit(request, { kind: 'import-undone', actor: mockDb.sessionUser(), subject: outcome.summary.id });
    return respond(request, undoImportAnswer(outcome));
  }),
];
