/** The client endpoints under /api/clients and /api/deleted-clients (who may call each: contract/access.ts). */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ApiErrorBody,
  Client,
  type ClientChange,
  ClientHistory,
  ClientIdParams,
  ClientInput,
  ClientList,
  clientsExportAnswer,
  DeletedClientList,
  erasedAnswer,
  historyAnswer,
  PreconditionFailedBody,
} from '#contract/api';
import { clientDeletedAnswer, clientRestoredAnswer } from '#contract/appointments';
import { ClientExport, clientExportAnswer } from '#contract/client-export';
import { registrationAnswer } from '#contract/idempotency-key';
import { listAnswer, parseConditions, readAnswer, writtenAnswer } from '#contract/if-match';
import { sendAnswered } from '../http/answered.ts';
import { IdempotencyKeyHeaders, sendCreatedOnce } from '../http/idempotency-key.ts';
import type { SerializedBody, ZodPlugin } from '../zod-type-provider.ts';

/**
 * Declared for the OpenAPI document; checked by parseConditions, whose 400 says what is wrong.
 * Loose: the other headers stay as they are.
 */
const ConditionalHeaders = z.looseObject({ 'if-match': z.string().optional(), 'if-none-match': z.string().optional() });

/** The type of the bodies the read model makes (Fastify would call a Buffer octet-stream). */
const JSON_TYPE = 'application/json; charset=utf-8';

/** JSON the database wrote, sent as it is rather than by JSON.stringify and the response schema (decision 015). */
const serialized = <T>(json: string | undefined) => (json === undefined ? undefined : (Buffer.from(json) as SerializedBody<T>));

/** Who is writing: the staff account of the session (api.ts lets no request here without one). */
function actor(request: FastifyRequest): string {
  return request.session?.username ?? 'unknown';
}

/** The request's If-Match and If-None-Match conditions, or their 400. */
const conditionsOf = (request: FastifyRequest) => parseConditions(request.headers['if-match'], request.headers['if-none-match']);

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
      const answered = listAnswer(request.headers['if-match'], list.etag, list.notModified);
      // Its brotli and gzip forms are the same list.
      if (answered.status !== 412) reply.header('vary', 'accept-encoding');
      if (list.notModified || answered.status === 412) return sendAnswered(app, request, reply, answered);
      if (list.encoding) reply.header('content-encoding', list.encoding);
      return sendAnswered(app, request, reply.type(JSON_TYPE), { ...answered, body: list.body });
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
    async (request, reply) =>
      sendCreatedOnce(app, request, reply, async (key) =>
        registrationAnswer(
          key === undefined
            ? { status: 'registered' as const, value: await store.create(request.body, actor(request)) }
            : await store.createOnce(request.body, actor(request), key),
        ),
      ),
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
      const conditions = conditionsOf(request);
      if ('status' in conditions) return sendAnswered(app, request, reply, conditions);
      const { status, body, headers } = readAnswer(await store.client(request.params.clientId), conditions);
      // The body as the read model wrote it; sent here rather than through sendAnswered: a read records nothing.
      if (status === 200) reply.type(JSON_TYPE);
      if (headers?.ETag) reply.header('etag', headers.ETag);
      return reply.code(status as 200).send(body as SerializedBody<Client>);
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
      const conditions = conditionsOf(request);
      if ('status' in conditions) return sendAnswered(app, request, reply, conditions);
      const { ifMatch, ifNoneMatch } = conditions;
      const outcome = await store.update(request.params.clientId, request.body, actor(request), ifMatch, ifNoneMatch);
      return sendAnswered(app, request, reply, writtenAnswer(outcome, ifMatch));
    },
  );

  app.delete(
    '/clients/:clientId',
    {
      schema: {
        operationId: 'deleteClient',
        summary: 'Delete a client',
        description: `Moves it to "Recently deleted" (restorable until purged) and cancels their upcoming appointments. ${conditional}`,
        params: ClientIdParams,
        headers: ConditionalHeaders,
        response: { 204: z.undefined(), 400: ApiErrorBody, 404: ApiErrorBody, 412: PreconditionFailedBody },
      },
      config: { bodyOptional: true },
    },
    async (request, reply) => {
      const conditions = conditionsOf(request);
      if ('status' in conditions) return sendAnswered(app, request, reply, conditions);
      const { ifMatch, ifNoneMatch } = conditions;
      const outcome = await store.remove(request.params.clientId, actor(request), ifMatch, ifNoneMatch);
      return sendAnswered(app, request, reply, clientDeletedAnswer(outcome, ifMatch, actor(request), app.salon.timeZone));
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
    async (request, reply) =>
      sendAnswered(
        app,
        request,
        reply.type(JSON_TYPE),
        historyAnswer(serialized<ClientChange[]>(await store.historyJson(request.params.clientId))),
      ),
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
      const { clientId } = request.params;
      const exported = await store.export(clientId);
      const booked = {
        appointments: await app.appointments.forClient(clientId, app.appointments.now()),
        details: await app.onlineBooking.clientDetails(clientId),
      };
      // Recorded before the data leaves: an export the trail cannot record is not sent.
      return sendAnswered(app, request, reply, clientExportAnswer(clientId, exported, booked, actor(request)));
    },
  );

  app.post(
    '/clients/:clientId/restore',
    {
      schema: {
        operationId: 'restoreClient',
        summary: 'Restore a deleted client',
        description: 'Books back the upcoming appointments its deletion cancelled, those whose time is still free.',
        params: ClientIdParams,
        response: { 200: Client, 404: ApiErrorBody },
        responseHeaders: { 200: { ETag: true } },
      },
      config: { bodyOptional: true },
    },
    async (request, reply) => {
      const restored = await store.restore(request.params.clientId, actor(request));
      return sendAnswered(app, request, reply, clientRestoredAnswer(restored, actor(request), app.salon.timeZone));
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
      const { clientId } = request.params;
      return sendAnswered(app, request, reply, erasedAnswer(clientId, await store.erase(clientId, actor(request)), actor(request)));
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
      return sendAnswered(app, request, reply.type(JSON_TYPE), clientsExportAnswer(body, count, actor(request)));
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
