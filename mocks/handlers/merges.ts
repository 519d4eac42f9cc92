/** Possible duplicates and merging them (issue 29), as the server's routes/merges.ts answers: every account's. */
import { http, HttpResponse } from 'msw';
import { ClientId } from '#contract/api';
import { MergeRequest, mergeMessages } from '#contract/merge';
import { mockDb } from '../db.ts';
import { errorResponse, methodNotAllowed, parseBody, requireSession } from './respond.ts';

export const mergeHandlers = [
  http.get(
    '*/api/duplicates',
    () => requireSession() ?? HttpResponse.json(mockDb.duplicates(), { headers: { 'Cache-Control': 'no-store' } }),
  ),

  http.post('*/api/merges', async ({ request }) => {
    const denied = requireSession();
    if (denied) return denied;
    const body = await parseBody(request, MergeRequest);
    if (!body.ok) return body.response;
    const outcome = mockDb.merge(body.data);
    switch (outcome.status) {
      case 'same-client':
        return errorResponse(400, mergeMessages.sameClient);
      case 'kept-not-first':
        return errorResponse(400, mergeMessages.keptFirst);
      case 'not-found':
        return errorResponse(404, mergeMessages.notFound);
      case 'changed':
        return HttpResponse.json({ message: mergeMessages.changedSince, ...outcome.conflict }, { status: 412 });
      case 'merged':
        return HttpResponse.json(outcome.summary, { status: 201 });
    }
  }),

  http.get('*/api/merges', ({ request }) => {
    const denied = requireSession();
    if (denied) return denied;
    const clientId = ClientId.safeParse(new URL(request.url).searchParams.get('clientId'));
    if (!clientId.success) return errorResponse(400, 'Client id is malformed');
    return HttpResponse.json(mockDb.mergesOf(clientId.data), { headers: { 'Cache-Control': 'no-store' } });
  }),

  http.post('*/api/merges/:mergeId/undo', ({ params }) => {
    const denied = requireSession();
    if (denied) return denied;
    const outcome = mockDb.undoMerge(String(params.mergeId));
    if (outcome.status === 'not-found') return errorResponse(404, mergeMessages.mergeNotFound);
    if (outcome.status === 'already-undone') return errorResponse(409, mergeMessages.alreadyUndone);
    if (outcome.status === 'changed')
      return errorResponse(409, mergeMessages.changedSinceMerge(outcome.client.firstName, outcome.client.lastName));
    return HttpResponse.json(outcome.summary);
  }),

  http.all('*/api/duplicates', () => methodNotAllowed(['GET'])),
  http.all('*/api/merges', () => methodNotAllowed(['GET', 'POST'])),
];
