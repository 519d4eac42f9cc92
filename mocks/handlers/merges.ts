/** Possible duplicates and merging them (issue 29), as the server's routes/merges.ts answers: every account's. */
import { http, HttpResponse } from 'msw';
import { ClientId } from '#contract/api';
import { MergeRequest, mergeAnswer, unmergeAnswer } from '#contract/merge';
import { mockDb } from '../db.ts';
import { bodyOr, errorResponse, methodNotAllowed, requireSession, respond } from './respond.ts';

const NO_STORE = { headers: { 'Cache-Control': 'no-store' } };

export const mergeHandlers = [
  http.get('*/api/duplicates', () => requireSession() ?? HttpResponse.json(mockDb.duplicates(), NO_STORE)),

  http.post('*/api/merges', async ({ request }) => {
    const body = await bodyOr(requireSession(), request, MergeRequest);
    if (body instanceof Response) return body;
    return respond(mergeAnswer(mockDb.merge(body)));
  }),

  http.get('*/api/merges', ({ request }) => {
    const clientId = ClientId.safeParse(new URL(request.url).searchParams.get('clientId'));
    const invalid = clientId.success ? undefined : errorResponse(400, 'Client id is malformed');
    return requireSession() ?? invalid ?? HttpResponse.json(mockDb.mergesOf(clientId.data ?? ''), NO_STORE);
  }),

  http.post(
    '*/api/merges/:mergeId/undo',
    ({ params }) => requireSession() ?? respond(unmergeAnswer(mockDb.undoMerge(String(params.mergeId)))),
  ),

  http.all('*/api/duplicates', () => methodNotAllowed(['GET'])),
  http.all('*/api/merges', () => methodNotAllowed(['GET', 'POST'])),
];
