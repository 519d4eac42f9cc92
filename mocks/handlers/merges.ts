/** Possible duplicates and merging them (issue 29), as the server's routes/merges.ts answers: every account's. */
import { HttpResponse } from 'msw';
import { MergeListQuery, MergeRequest, mergeAnswer, unmergeAnswer } from '#contract/merge';
import { mockDb } from '../db.ts';
import { respond, route } from './respond.ts';

const NO_STORE = { headers: { 'Cache-Control': 'no-store' } };

export const mergeHandlers = [
  route('GET /api/duplicates', () => HttpResponse.json(mockDb.duplicates(), NO_STORE)),
  route('POST /api/merges', { body: MergeRequest }, ({ request, body }) => respond(request, mergeAnswer(mockDb.merge(body)))),
  route('GET /api/merges', { query: MergeListQuery }, ({ query }) => HttpResponse.json(mockDb.mergesOf(query.clientId), NO_STORE)),
  route('POST /api/merges/:mergeId/undo', ({ request, params }) =>
    respond(request, unmergeAnswer(mockDb.undoMerge(String(params.mergeId)))),
  ),
];
