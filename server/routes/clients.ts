/** The client endpoints under /api/clients and /api/deleted-clients (who may call each: contract/access.ts). */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ApiErrorBody,
  Client,
  type ClientChange,
  ClientExport,
  ClientHistory,
  ClientIdParams,
  ClientInput,
  ClientList,
  DeletedClientList,
  PreconditionFailedBody,
} from '#contract/api';
import { malformedIdempotencyKeyMessage, isRefused, parseIdempotencyKey, registrationRefusal } from '#contract/idempotency-key';
import {
  changedSinceMessage,
  clientNotFoundMessage,
  conditionalRead,
  listChangedMessage,
  meetsListIfMatch,
  parseConditions,
  unwrittenAnswer,
  versionEtag,
  type Conditions,
  type Unwritten,
} from '#contract/if-match';
import { apiPaths } from '#contract/paths';
import type { SerializedBody, ZodPlugin } from '../zod-type-provider.ts';

/**
 * Declared for the OpenAPI document; checked by parseConditions, whose 400 says what is wrong.
 * Loose: the other headers stay as they are.
 */
const ConditionalHeaders = z.looseObject({ 'if-match': z.string().optional(), 'if-none-match': z.string().optional() });

/** Declared for the OpenAPI document; checked by parseIdempotencyKey. */
const IdempotencyKeyHeaders = z.looseObject({ 'idempotency-key': z.string().optional() });

const CLIENT_NOT_FOUND = { message: clientNotFoundMessage };
const MALFORMED_IDEMPOTENCY_KEY = { message: malformedIdempotencyKeyMessage };
const CLIENT_CHANGED = { message: changedSinceMessage };
const LIST_CHANGED = { message: listChangedMessage };

/** The type of the bodies the read model makes (Fastify would call a Buffer octet-stream). */
const JSON_TYPE = 'application/json; charset=utf-8';

/** Who is writing: the staff account of the session (api.ts lets no request here without one). */
function actor(request: FastifyRequest): string {
  return request.session?.username ?? 'unknown';
}

/** The request's If-Match and If-None-Match conditions, or null after a 400 was sent for a malformed one. */
function conditionsOf(request: FastifyRequest, reply: FastifyReply): Conditions | null {
  const joined = (header: string | string[] | undefined) => (Array.isArray(header) ? header.join(', ') : header);
  const conditions = parseConditions(joined(request.headers['if-match']), joined(request.headers['if-none-match']));
  if (conditions.ok) return conditions;
  void reply.code(400).send({ message: conditions.message });
  return null;
}

/** 404 or 412 for a write that did not happen; the 412 names the condition that failed. */
function sendUnwritten(reply: FastifyReply, outcome: Unwritten, { ifMatch }: Conditions) {
  const { status, body } = unwrittenAnswer(outcome, ifMatch);
  return reply.code(status).send(body);
}

const conditional =
  'Honours If-Match (the ETag of GET /api/clients/{clientId}): 412 with the current state when the client changed since; ' +
  'and If-None-Match (RFC 9110 section 13.1.2): 412 when the client is in a version it names, or exists at all with `*`.';

export const clientRoutes: ZodPlugin = async (app) => {
  const store = app.clientStore;

  app.get(
    '/clients',
    {
      schema: {
        operationId: 'listClients',
        summary: 'The client list',
        description: 'Sends its ETag: 304 when If-None-Match names it; 412 when an If-Match names another version of the list.',
        headers: ConditionalHeaders,
        response: { 200: ClientList, 304: z.undefined(), 412: ApiErrorBody },
        responseHeaders: { 200: { ETag: true }, 304: { ETag: true } },
      },
    },
    async (request, reply) => {
      const list = await store.list(request.headers);
      // RFC 9110 section 13.2.2: If-Match first, then If-None-Match.
      if (!meetsListIfMatch(request.headers['if-match'], list.etag)) return reply.code(412).send(LIST_CHANGED);
      // The browser may keep the list but must ask each time; an unchanged list costs a 304.
      reply.header('cache-control', 'private, no-cache').header('vary', 'accept-encoding').header('etag', list.etag);
      if (list.notModified) return reply.code(304).send();
      if (list.encoding) reply.header('content-encoding', list.encoding);
      return reply.type(JSON_TYPE).send(list.body);
    },
  );

  app.post(
    '/clients',
    {
      schema: {
        operationId: 'registerClient',
        summary: 'Register a client',
        description:
          'Honours Idempotency-Key: the same key from the same staff account within 24 hours answers the first ' +
          'registration again and registers nothing; 422 when it came with another client, 409 when that client was erased.',
        headers: IdempotencyKeyHeaders,
        body: ClientInput,
        response: { 201: Client, 400: ApiErrorBody, 409: ApiErrorBody, 422: ApiErrorBody },
        responseHeaders: { 201: { ETag: true, Location: true } },
      },
    },
    async (request, reply) => {
      const header = request.headers['idempotency-key'];
      const key = parseIdempotencyKey(Array.isArray(header) ? header.join(', ') : header);
      if (key === null) return reply.code(400).send(MALFORMED_IDEMPOTENCY_KEY);
      const created = (client: Client, version: number) =>
        // RFC 9110 section 15.3.2: a 201 names the resource it created.
        reply.code(201).header('etag', versionEtag(version)).header('location', apiPaths.client(client._id)).send(client);
      if (key === undefined) {
        const { client, version } = await store.create(request.body, actor(request));
        return created(client, version);
      }
      const outcome = await store.createOnce(request.body, actor(request), key);
      if (isRefused(outcome)) {
        const { status, message } = registrationRefusal(outcome);
        return reply.code(status).send({ message });
      }
      return created(outcome.value.client, outcome.value.version);
    },
  );

  app.get(
    '/clients/:clientId',
    {
      schema: {
        operationId: 'getClient',
        summary: 'One client',
        description:
          'Sends its version as a strong ETag. Conditional (RFC 9110 section 13.2.2): 412 when If-Match names another ' +
          'version, then 304 when If-None-Match names this one (or is `*`).',
        params: ClientIdParams,
        headers: ConditionalHeaders,
        response: { 200: Client, 304: z.undefined(), 404: ApiErrorBody, 412: ApiErrorBody },
        responseHeaders: { 200: { ETag: true }, 304: { ETag: true } },
      },
    },
    async (request, reply) => {
      const conditions = conditionsOf(request, reply);
      if (conditions === null) return reply;
      const found = await store.client(request.params.clientId);
      const status = conditionalRead(found, conditions);
      if (!found || status === 404) return reply.code(404).send(CLIENT_NOT_FOUND);
      if (status === 412) return reply.code(412).send(CLIENT_CHANGED);
      reply.header('etag', versionEtag(found.version));
      if (status === 304) return reply.code(304).send();
      return reply.type(JSON_TYPE).send(found.body);
    },
  );

  app.put(
    '/clients/:clientId',
    {
      schema: {
        operationId: 'updateClient',
        summary: 'Update a client',
        description: conditional,
        params: ClientIdParams,
        headers: ConditionalHeaders,
        body: ClientInput,
        response: { 200: Client, 400: ApiErrorBody, 404: ApiErrorBody, 412: PreconditionFailedBody },
        responseHeaders: { 200: { ETag: true } },
      },
    },
    async (request, reply) => {
      const conditions = conditionsOf(request, reply);
      if (conditions === null) return reply;
      const { ifMatch, ifNoneMatch } = conditions;
      const outcome = await store.update(request.params.clientId, request.body, actor(request), ifMatch, ifNoneMatch);
      if (outcome.status !== 'written') return sendUnwritten(reply, outcome, conditions);
      return reply.header('etag', versionEtag(outcome.value.version)).send(outcome.value.client);
    },
  );

  app.delete(
    '/clients/:clientId',
    {
      schema: {
        operationId: 'deleteClient',
        summary: 'Delete a client',
        description: `Moves it to "Recently deleted" (restorable until purged). ${conditional}`,
        params: ClientIdParams,
        headers: ConditionalHeaders,
        response: { 204: z.undefined(), 400: ApiErrorBody, 404: ApiErrorBody, 412: PreconditionFailedBody },
      },
      config: { bodyOptional: true },
    },
    async (request, reply) => {
      const conditions = conditionsOf(request, reply);
      if (conditions === null) return reply;
      const outcome = await store.remove(request.params.clientId, actor(request), conditions.ifMatch, conditions.ifNoneMatch);
      return outcome.status === 'written' ? reply.code(204).send() : sendUnwritten(reply, outcome, conditions);
    },
  );

  app.get(
    '/clients/:clientId/history',
    {
      schema: {
        operationId: 'getClientHistory',
        summary: "A client's changes, newest first",
        params: ClientIdParams,
        response: { 200: ClientHistory, 404: ApiErrorBody },
      },
    },
    async (request, reply) => {
      const history = await store.historyJson(request.params.clientId);
      if (history === undefined) return reply.code(404).send(CLIENT_NOT_FOUND);
      // Written by the database, not by JSON.stringify and the response schema (decision 015).
      return reply.type(JSON_TYPE).send(Buffer.from(history) as SerializedBody<ClientChange[]>);
    },
  );

  app.get(
    '/clients/:clientId/export',
    {
      schema: {
        operationId: 'exportClient',
        summary: 'Everything held about a client, as a file (owner only)',
        params: ClientIdParams,
        response: { 200: ClientExport, 403: ApiErrorBody, 404: ApiErrorBody },
        responseHeaders: { 200: { 'Content-Disposition': true } },
      },
    },
    async (request, reply) => {
      const exported = await store.export(request.params.clientId);
      if (!exported) return reply.code(404).send(CLIENT_NOT_FOUND);
      // Recorded before the data leaves: an export the trail cannot record is not sent.
      await app.auditTrail.record(request, { kind: 'client-exported', actor: actor(request), subject: request.params.clientId });
      return reply.header('content-disposition', `attachment; filename="client-${request.params.clientId}.json"`).send(exported);
    },
  );

  app.post(
    '/clients/:clientId/restore',
    {
      schema: {
        operationId: 'restoreClient',
        summary: 'Restore a deleted client',
        params: ClientIdParams,
        response: { 200: Client, 404: ApiErrorBody },
        responseHeaders: { 200: { ETag: true } },
      },
      config: { bodyOptional: true },
    },
    async (request, reply) => {
      const restored = await store.restore(request.params.clientId, actor(request));
      if (!restored) return reply.code(404).send(CLIENT_NOT_FOUND);
      return reply.header('etag', versionEtag(restored.version)).send(restored.client);
    },
  );

  app.post(
    '/clients/:clientId/erase',
    {
      schema: {
        operationId: 'eraseClient',
        summary: 'Erase a client and its history (owner only)',
        description: 'Live or deleted; leaves one "erased" entry without personal data.',
        params: ClientIdParams,
        response: { 204: z.undefined(), 403: ApiErrorBody, 404: ApiErrorBody },
      },
      config: { bodyOptional: true },
    },
    async (request, reply) => {
      if (!(await store.erase(request.params.clientId, actor(request)))) return reply.code(404).send(CLIENT_NOT_FOUND);
      await app.auditTrail.record(request, { kind: 'client-erased', actor: actor(request), subject: request.params.clientId });
      return reply.code(204).send();
    },
  );

  app.get(
    '/clients-export',
    {
      schema: {
        operationId: 'exportClients',
        summary: 'The whole client list, for "Export CSV" (owner only)',
        description: 'The list as GET /api/clients sends it; the audit trail records who exported it and how many clients.',
        response: { 200: ClientList, 403: ApiErrorBody },
      },
    },
    async (request, reply) => {
      const { body, count } = await store.wholeList();
      await app.auditTrail.record(request, { kind: 'clients-exported', actor: actor(request), detail: String(count) });
      return reply.header('cache-control', 'no-store').type(JSON_TYPE).send(body);
    },
  );

  app.get(
    '/deleted-clients',
    {
      schema: {
        operationId: 'listDeletedClients',
        summary: 'Recently deleted clients, newest first',
        response: { 200: DeletedClientList },
      },
    },
    () => store.deleted(),
  );
};
