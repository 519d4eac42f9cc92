/**
 * Importing clients (issue 29), owner only: POST /api/imports writes a file's rows in one transaction, GET lists the
 * last 30 days' imports, POST /api/imports/:importId/undo takes one back (docs/decisions/028-imports.md).
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiErrorBody } from '#contract/api';
import { malformedIdempotencyKeyMessage, parseIdempotencyKey } from '#contract/idempotency-key';
import { importAnswer, ImportList, ImportRequest, ImportSummary, importMessages, undoImportAnswer } from '#contract/import';
import type { ZodPlugin } from '../zod-type-provider.ts';

/**
 * An import's body: 50,000 rows of a file of at most 10 MB, as mapped JSON (each row's field names and quotes added),
 * some 14 MB; above this, 413 before it is read (docs/decisions/028-imports.md).
 */
const IMPORT_BODY_LIMIT_BYTES = 32 * 1024 * 1024;

/** Declared for the OpenAPI document; checked by parseIdempotencyKey. */
const IdempotencyKeyHeaders = z.looseObject({ 'idempotency-key': z.string().optional() });

const ImportIdParams = z.object({ importId: z.string().max(64) });

const NOT_FOUND = { message: importMessages.notFound };
const MALFORMED_IDEMPOTENCY_KEY = { message: malformedIdempotencyKeyMessage };

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
      const header = request.headers['idempotency-key'];
      const key = parseIdempotencyKey(Array.isArray(header) ? header.join(', ') : header);
      if (key === null) return reply.code(400).send(MALFORMED_IDEMPOTENCY_KEY);
      // What a retry must send again to be answered with this import: the body as parsed.
      const idempotency =
        key === undefined ? undefined : { key, hash: createHash('sha256').update(JSON.stringify(request.body)).digest('base64url') };
      const outcome = await store.importClients(request.body, actor(request), idempotency);
      if (outcome.status === 'imported') {
        const { id, created, updated } = outcome.summary;
        await app.auditTrail.record(request, {
          kind: 'clients-imported',
          actor: actor(request),
          subject: id,
          detail: String(created + updated),
        });
      }
      const { status, body, headers = {} } = importAnswer(outcome);
      return reply.code(status).headers(headers).send(body);
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
    async (_request, reply) => reply.header('cache-control', 'no-store').send(await store.imports()),
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
      const found = await store.importSummary(request.params.importId);
      if (!found) return reply.code(404).send(NOT_FOUND);
      return reply.header('cache-control', 'no-store').send(found);
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
      if (outcome.status === 'undone') {
        await app.auditTrail.record(request, { kind: 'import-undone', actor: actor(request), subject: outcome.summary.id });
      }
      const { status, body } = undoImportAnswer(outcome);
      return reply.code(status).send(body);
    },
  );
};
