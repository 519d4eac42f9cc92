/**
 * Possible duplicates and merging them (issue 29), for every staff account (a merge is an edit of two clients, and
 * staff edit clients; the issue makes only the import owner-only): GET /api/duplicates lists the pairs, POST
 * /api/merges makes two clients one (a conditional write: 412 when either changed), POST /api/merges/:mergeId/undo
 * takes it back within 30 days (docs/decisions/029-merges.md).
 */
import type { FastifyRequest } from 'fastify';
import { ApiErrorBody } from '#contract/api';
import { uncached } from '#contract/http';
import {
  DuplicateList,
  mergeAnswer,
  MergeConflictBody,
  MergeIdParams,
  MergeList,
  MergeListQuery,
  MergeRequest,
  MergeSummary,
  unmergeAnswer,
} from '#contract/merge';
import { sendAnswered } from '../http/answered.ts';
import type { ZodPlugin } from '../zod-type-provider.ts';

function actor(request: FastifyRequest): string {
  return request.session?.username ?? 'unknown';
}

export const mergeRoutes: ZodPlugin = async (app) => {
  const store = app.clientStore;

  app.get(
    '/duplicates',
    {
      schema: {
        operationId: 'listDuplicates',
        summary: 'Possible duplicates: pairs of clients with the same email or the same first and last name',
        description:
          'Emails compared trimmed and in any case, names in any case and without accents. `kept` is the client ' +
          'registered first (a merge keeps its id); each client with its version, for the merge’s condition.',
        response: { 200: DuplicateList },
      },
    },
    async (request, reply) => sendAnswered(app, request, reply, uncached(await store.duplicates())),
  );

  app.post(
    '/merges',
    {
      schema: {
        operationId: 'mergeClients',
        summary: 'Merge two clients into one',
        description:
          'In one transaction: the client registered first (`keepId`) keeps its id and gets, per field, the value ' +
          'chosen; the other leaves the list. Both histories get a `merged` entry. 412 with both clients as they are ' +
          'now when either is no longer at the version sent (or was deleted); 404 when either is unknown; 400 when ' +
          '`keepId` is not the one registered first. Colleagues’ event streams get one `batch` event.',
        body: MergeRequest,
        response: { 201: MergeSummary, 400: ApiErrorBody, 404: ApiErrorBody, 412: MergeConflictBody },
      },
    },
    async (request, reply) => {
      return sendAnswered(app, request, reply, mergeAnswer(await store.merge(request.body, actor(request))));
    },
  );

  app.get(
    '/merges',
    {
      schema: {
        operationId: 'listMerges',
        summary: 'The last 30 days’ merges a client took part in, newest first',
        querystring: MergeListQuery,
        response: { 200: MergeList },
      },
    },
    async (request, reply) => sendAnswered(app, request, reply, uncached(await store.mergesOf(request.query.clientId))),
  );

  app.post(
    '/merges/:mergeId/undo',
    {
      schema: {
        operationId: 'undoMerge',
        summary: 'Take a merge back',
        description:
          'In one transaction: the kept client gets its values from before the merge, the other comes back with its ' +
          'id, values and history; each gets an `unmerged` entry. 409 when either changed since the merge (nothing is ' +
          'changed) or it was already taken back; 404 for an unknown merge or one older than 30 days.',
        params: MergeIdParams,
        response: { 200: MergeSummary, 404: ApiErrorBody, 409: ApiErrorBody },
      },
      config: { bodyOptional: true },
    },
    async (request, reply) => {
      return sendAnswered(app, request, reply, unmergeAnswer(await store.undoMerge(request.params.mergeId, actor(request))));
    },
  );
};
