/** Possible duplicates and merging them (issue 29), as the server's routes/merges.ts answers: every account's. */
import { uncached } from '#contract/http';
import { MergeIdParams, MergeListQuery, MergeRequest, mergeAnswer, unmergeAnswer } from '#contract/merge';
import { mockDb } from '../db.ts';
import { respond, route } from './respond.ts';

export const mergeHandlers = [
  route('GET /api/duplicates', async ({ request }) => respond(request, uncached(await mockDb.duplicates()))),
  route('POST /api/merges', { body: MergeRequest }, async ({ request, body }) => respond(request, mergeAnswer(await mockDb.merge(body)))),
  route('GET /api/merges', { query: MergeListQuery }, async ({ query, request }) =>
    respond(request, uncached(await mockDb.mergesOf(query.clientId))),
  ),
  route('POST /api/merges/:mergeId/undo', { params: MergeIdParams }, async ({ request, params }) =>
    respond(request, unmergeAnswer(await mockDb.undoMerge(params.mergeId))),
  ),
];
