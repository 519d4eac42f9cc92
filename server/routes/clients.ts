/** The client endpoints under /api/clients (the session is checked by routes/api.ts). */
import { z } from 'zod';
import { ApiErrorBody, Client, ClientId, ClientInput, ClientList } from '#contract/api';
import type { SerializedBody, ZodPlugin } from '../zod-type-provider.ts';

/** Any id that cannot be one gets the same response, whatever is wrong with it. */
const ClientIdParams = z.object({
  clientId: z.string().refine((value) => ClientId.safeParse(value).success, 'Client id is malformed'),
});

const CLIENT_NOT_FOUND = { message: 'Client not found' };

const oneClientSchema = { summary: 'One client', params: ClientIdParams, response: { 200: Client, 404: ApiErrorBody } };

/** The type of the bodies the read model makes (Fastify would call a Buffer octet-stream). */
const JSON_TYPE = 'application/json; charset=utf-8';

export const clientRoutes: ZodPlugin = async (app) => {
  const store = app.clientStore;

  app.get('/', { schema: { summary: 'The client list', response: { 200: ClientList, 304: z.undefined() } } }, async (request, reply) => {
    const list = await store.list(request.headers);
    // The browser may keep the list but must ask each time; an unchanged list costs a 304.
    reply.header('cache-control', 'private, no-cache').header('vary', 'accept-encoding').header('etag', list.etag);
    if (list.notModified) return reply.code(304).send();
    if (list.encoding) reply.header('content-encoding', list.encoding);
    return reply.type(JSON_TYPE).send(list.body);
  });

  app.post('/', { schema: { summary: 'Register a client', body: ClientInput, response: { 201: Client } } }, async (request, reply) => {
    const client = await store.create(request.body);
    return reply.code(201).send(client);
  });

  app.get('/:clientId', { schema: oneClientSchema }, (request, reply) => {
    const send = (json: SerializedBody<Client> | undefined): void => {
      if (json) reply.type(JSON_TYPE).send(json);
      else reply.code(404).send(CLIENT_NOT_FOUND);
    };
    const json = store.client(request.params.clientId);
    // From the list in memory: sent at once, without a promise.
    return json instanceof Promise ? json.then(send) : send(json);
  });

  app.put(
    '/:clientId',
    { schema: { summary: 'Update a client', params: ClientIdParams, body: ClientInput, response: { 200: Client, 404: ApiErrorBody } } },
    async (request, reply) => {
      const client = await store.update(request.params.clientId, request.body);
      return client ?? reply.code(404).send(CLIENT_NOT_FOUND);
    },
  );

  app.delete(
    '/:clientId',
    {
      schema: { summary: 'Delete a client', params: ClientIdParams, response: { 204: z.undefined(), 404: ApiErrorBody } },
      config: { bodyOptional: true },
    },
    async (request, reply) => {
      const deleted = await store.remove(request.params.clientId);
      return deleted ? reply.code(204).send() : reply.code(404).send(CLIENT_NOT_FOUND);
    },
  );
};
