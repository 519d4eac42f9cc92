// Importing clients (issue 29) in the mock: the same contract as the server's routes, owners only.
import { http, HttpResponse } from 'msw';
import { ImportRequest, importMessages } from '#contract/import';
import { ownerOnly } from '#contract/team';
import { mockDb } from '../db.ts';
import { errorResponse, methodNotAllowed, parseBody, requireOwner } from './respond.ts';

const ownersOnly = () => requireOwner(ownerOnly.importClients);

export const importHandlers = [
  http.get('*/api/imports', () => ownersOnly() ?? HttpResponse.json(mockDb.listImports(), { headers: { 'Cache-Control': 'no-store' } })),

  http.post('*/api/imports', async ({ request }) => {
    const refused = ownersOnly();
    if (refused) return refused;
    const body = await parseBody(request, ImportRequest);
    if (!body.ok) return body.response;
    return HttpResponse.json(mockDb.importClients(body.data), { status: 201 });
  }),

  http.post('*/api/imports/:importId/undo', ({ params }) => {
    const refused = ownersOnly();
    if (refused) return refused;
    const outcome = mockDb.undoImport(String(params.importId));
    if (outcome === 'not-found') return errorResponse(404, importMessages.notFound);
    if (outcome === 'already-undone') return errorResponse(409, importMessages.alreadyUndone);
    return HttpResponse.json(outcome);
  }),

  http.all('*/api/imports', () => methodNotAllowed(['GET', 'POST'])),
];
