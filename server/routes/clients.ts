/** The client endpoints of SPEC.md section 7, under /api/clients (session checked by routes/api.ts). */
import { z } from 'zod';
import { ApiErrorBody, Client, ClientId, ClientInput } from '../../contract/api.ts';
import { encodedEtag, matchesIfNoneMatch } from '../clients/client-list-cache.ts';
import { MIN_COMPRESSIBLE_BYTES, preferredEncoding } from '../http/content-encoding.ts';
import type { ZodPlugin } from '../zod-type-provider.ts';

/** Any id that cannot be one gets the same answer, whatever is wrong with it. */
const ClientIdParams = z.object({
  clientId: z.string().refine((value) => ClientId.safeParse(value).success, 'Client id is malformed'),
});

const CLIENT_NOT_FOUND = { message: 'Client not found' };

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * A client's JSON made ahead (a slice of the cached list, or findJson): Fastify sends a
 * Buffer as it is, without the response serialiser, so the schema's type is only asserted here.
 */
const preSerialized = (json: Buffer) => json as unknown as Client;

export const clientRoutes: ZodPlugin = async (app) => {
  const store = app.clientStore;

  app.get('/', async (request, reply) => {
    const list = await store.list();
    const encoding = list.body.length >= MIN_COMPRESSIBLE_BYTES ? preferredEncoding(request.headers['accept-encoding']) : undefined;
    // The browser may keep the list but must ask each time; an unchanged list costs a 304.
    reply.header('cache-control', 'private, no-cache');
    reply.header('vary', 'accept-encoding');
    reply.header('etag', encodedEtag(list.etag, encoding));
    if (matchesIfNoneMatch(request.headers['if-none-match'], list.etag)) {
      return reply.code(304).send();
    }
    // Already JSON (and compressed once per list): sent as is, with no work per request.
    reply.type(JSON_TYPE);
    if (!encoding) return reply.send(list.body);
    const body = await list.encoded(encoding);
    return reply.header('content-encoding', encoding).send(body);
  });

  app.post('/', { schema: { body: ClientInput, response: { 201: Client } } }, async (request, reply) => {
    const client = await store.create(request.body);
    return reply.code(201).send(client);
  });

  app.get('/:clientId', { schema: { params: ClientIdParams, response: { 200: Client, 404: ApiErrorBody } } }, (request, reply) => {
    const send = (json: Buffer | undefined): void => {
      if (json) reply.type(JSON_TYPE).send(preSerialized(json));
      else reply.code(404).send(CLIENT_NOT_FOUND);
    };
    // From the cached list when it is current: answered at once, without a query or a promise.
    const list = store.currentList();
    if (list) return send(list.client(request.params.clientId));
    return store.findJson(request.params.clientId).then(send);
  });

  app.put(
    '/:clientId',
    { schema: { params: ClientIdParams, body: ClientInput, response: { 200: Client, 404: ApiErrorBody } } },
    async (request, reply) => {
      const client = await store.update(request.params.clientId, request.body);
      return client ?? reply.code(404).send(CLIENT_NOT_FOUND);
    },
  );

  app.delete(
    '/:clientId',
    { schema: { params: ClientIdParams, response: { 204: z.undefined(), 404: ApiErrorBody } }, config: { bodyOptional: true } },
    async (request, reply) => {
      const deleted = await store.remove(request.params.clientId);
      return deleted ? reply.code(204).send() : reply.code(404).send(CLIENT_NOT_FOUND);
    },
  );
};
