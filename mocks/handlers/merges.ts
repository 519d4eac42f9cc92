/** Possible duplicates and merging them (issue 29), as the server's routes/merges.ts answers: every account's. */
import { uncached } from '#contract/http';
import { MergeIdParams, MergeListQuery, MergeRequest, mergeAnswer, unmergeAnswer } from '#contract/merge';
import { mockDb } from '../db.ts';
import { respond, route } from './respond.ts';

export const mergeHandlers = [
  route('GET /api/duplicates', ({ request }) => respond(request, uncached(mockDb.duplicates()))),
  route('POST /api/merges', { body: MergeRequest }, ({ request, body }) => respond(request, mergeAnswer(mockDb.merge(body)))),
  route('GET /api/merges', { query: MergeListQuery }, ({ query, request }) => respond(request, uncached(mockDb.mergesOf(query.clientId)))),
  route('POST /api/merges/:mergeId/undo', { params: MergeIdParams }, ({ request, params }) =>
    respond(request, unmergeAnswer(mockDb.undoMerge(params.mergeId))),
  ),
];
