// Importing clients (issue 29) in the mock: the same contract as the server's routes, owners only.
import { uncached } from '#contract/http';
import { idempotencyKeyOf } from '#contract/idempotency-key';
import { foundImportAnswer, importAnswer, importIdempotency, ImportIdParams, ImportRequest, undoImportAnswer } from '#contract/import';
import { mockDb } from '../db.ts';
import { respond, route } from './respond.ts';

export const importHandlers = [
  route('GET /api/imports', async ({ request }) => respond(request, uncached(await mockDb.listImports()))),

  route('POST /api/imports', { body: ImportRequest }, async ({ request, body }) => {
    const key = idempotencyKeyOf(request.headers.get('Idempotency-Key'));
    if (typeof key === 'object') return respond(request, key);
    return respond(request, importAnswer(await mockDb.importClients(body, await importIdempotency(key, body)), mockDb.sessionUser()));
  }),

  route('GET /api/imports/:importId', { params: ImportIdParams }, async ({ params, request }) =>
    respond(request, foundImportAnswer(await mockDb.findImport(params.importId))),
  ),

  route('POST /api/imports/:importId/undo', { params: ImportIdParams }, async ({ params, request }) =>
    respond(request, undoImportAnswer(await mockDb.undoImport(params.importId), mockDb.sessionUser())),
  ),
];
