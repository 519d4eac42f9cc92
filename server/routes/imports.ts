/**
 * Importing clients (issue 29), owner only: POST /api/imports writes a file's rows in one transaction, GET lists the
 * last 30 days' imports, POST /api/imports/:importId/undo takes one back (docs/decisions/028-imports.md).
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiErrorBody } from '#contract/api';
import { uncached } from '#contract/http';
import { idempotencyKeyOf } from '#contract/idempotency-key';
import {
  foundImportAnswer,
  importAnswer,
  importIdempotency,
  ImportIdParams,
  ImportList,
  ImportRequest,
  ImportSummary,
  undoImportAnswer,
} from '#contract/import';
import { sendAnswered } from '../http/answered.ts';
import type { ZodPlugin } from '../zod-type-provider.ts';

/**
 * An import's body: 50,000 rows of a file of at most 10 MB, as mapped JSON (each row's field names and quotes added),
 * some 14 MB; above this, 413 before it is read (docs/decisions/028-imports.md).
 */
const IMPORT_BODY_LIMIT_BYTES = 32 * 1024 * 1024;

/** Declared for the OpenAPI document; checked by idempotencyKeyOf. */
const IdempotencyKeyHeaders = z.looseObject({ 'idempotency-key': z.string().optional() });

function actor(request: FastifyRequest): string {
  return request.session?.username ?? 'unknown';
}

export const importRoutes: ZodPlugin = async (app) => {
  const store = app.clientStore;

  app.post(
    '/imports',
    {
      bodyLimit: IMPORT_BODY_LIMIT_BYTES,
      schema: {
        operationId: 'importClients',
        summary: 'Import clients from a file’s rows (owner only)',
        description:
          'Each row gets the verdict the preview showed (new, already a client, twice in the file, not valid); the new ' +
          'rows are registered and, with `existing: "update"`, the existing clients given the row’s values, all in one ' +
          'transaction, each change logged as "imported" with the import’s id. Colleagues’ event streams get one `batch` ' +
          'event. Honours Idempotency-Key as POST /api/clients does: the same key from the same account within 24 hours ' +
          'answers the first import again; 422 when it came with another request. 413 above 32 MiB.',
        headers: IdempotencyKeyHeaders,
        body: ImportRequest,
        response: { 201: ImportSummary, 400: ApiErrorBody, 403: ApiErrorBody, 422: ApiErrorBody },
        responseHeaders: { 201: { Location: true } },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request.headers['idempotency-key']);
      if (typeof key === 'object') return sendAnswered(app, request, reply, key);
      // What a retry must send again to be answered with this import: the body as parsed.
      const outcome = await store.importClients(request.body, actor(request), await importIdempotency(key, request.body));
      return sendAnswered(app, request, reply, importAnswer(outcome, actor(request)));
    },
  );

  app.get(
    '/imports',
    {
      schema: {
        operationId: 'listImports',
        summary: 'The last 30 days’ imports, newest first (owner only)',
        response: { 200: ImportList, 403: ApiErrorBody },
      },
    },
    async (request, reply) => sendAnswered(app, request, reply, uncached(await store.imports())),
  );

  app.get(
    '/imports/:importId',
    {
      schema: {
        operationId: 'getImport',
        summary: 'One import of the last 30 days (owner only)',
        params: ImportIdParams,
        response: { 200: ImportSummary, 403: ApiErrorBody, 404: ApiErrorBody },
      },
    },
    async (request, reply) => {
      return sendAnswered(app, request, reply, foundImportAnswer(await store.importSummary(request.params.importId)));
    },
  );

  app.post(
    '/imports/:importId/undo',
    {
      schema: {
        operationId: 'undoImport',
        summary: 'Take an import back (owner only)',
        description:
          'In one transaction: the clients it created go to Recently deleted, the ones it updated get their values from ' +
          'before it; a client changed since the import is left as it is and named in `undone.leftAsChanged`. ' +
          '404 for an unknown import or one older than 30 days, 409 when it was already taken back.',
        params: ImportIdParams,
        response: { 200: ImportSummary, 403: ApiErrorBody, 404: ApiErrorBody, 409: ApiErrorBody },
      },
      config: { bodyOptional: true },
    },
    async (request, reply) => {
      const outcome = await store.undoImport(request.params.importId, actor(request));
      return sendAnswered(app, request, reply, undoImportAnswer(outcome, actor(request)));
    },
  );
};
