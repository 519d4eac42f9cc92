/** The client endpoints of SPEC.md section 7, under /api/clients (session checked by routes/api.ts). */
import { z } from 'zod';
import { ApiErrorBody, Client, ClientId, ClientInput } from '../../contract/api.js';
import { matchesIfNoneMatch } from '../clients/client-list-cache.js';
import type { ZodPlugin } from '../zod-type-provider.js';

/** Any id that cannot be one gets the same answer, whatever is wrong with it. */
const ClientIdParams = z.object({
  clientId: z.string().refine((value) => ClientId.safeParse(value).success, 'Client id is malformed'),
});

const CLIENT_NOT_FOUND = { message: 'Client not found' };

export const clientRoutes: ZodPlugin = async (app) => {
  const store = app.clientStore;

  app.get('/', async (request, reply) => {
    const list = await store.list();
    // The browser may keep the list but must ask each time; an unchanged list costs a 304.
    reply.header('cache-control', 'private, no-cache');
    reply.header('etag', list.etag);
    if (matchesIfNoneMatch(request.headers['if-none-match'], list.etag)) {
      return reply.code(304).send();
    }
    // Already JSON: sent as is, with no serialisation per request.
    return reply.type('application/json; charset=utf-8').send(list.body);
  });

  app.post('/', { schema: { body: ClientInput, response: { 201: Client } } }, async (request, reply) => {
    const client = await store.create(request.body);
    return reply.code(201).send(client);
  });

  app.get('/:clientId', { schema: { params: ClientIdParams, response: { 200: Client, 404: ApiErrorBody } } }, async (request, reply) => {
    const client = await store.find(request.params.clientId);
    return client ?? reply.code(404).send(CLIENT_NOT_FOUND);
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
