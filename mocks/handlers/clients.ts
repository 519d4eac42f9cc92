import { http, HttpResponse } from 'msw';
import { ClientId, ClientInput } from '#contract/api';
import { mockDb } from '../db.ts';
import { errorResponse, parseBody, requireSession } from './respond.ts';

/** 400 for an id that cannot be one, so that only well-formed ids reach the store. */
function invalidId(clientId: string | readonly string[] | undefined): Response | undefined {
  return ClientId.safeParse(clientId).success ? undefined : errorResponse(400, 'Client id is malformed');
}

const notFound = () => errorResponse(404, 'Client not found');

export const clientHandlers = [
  http.get('*/api/clients', () => requireSession() ?? HttpResponse.json(mockDb.listClients())),

  http.post('*/api/clients', async ({ request }) => {
    const denied = requireSession();
    if (denied) return denied;
    const body = await parseBody(request, ClientInput);
    if (!body.ok) return body.response;
    return HttpResponse.json(mockDb.createClient(body.data), { status: 201 });
  }),

  http.get('*/api/clients/:clientId', ({ params }) => {
    const refused = requireSession() ?? invalidId(params.clientId);
    if (refused) return refused;
    const client = mockDb.findClient(params.clientId as string);
    return client ? HttpResponse.json(client) : notFound();
  }),

  http.put('*/api/clients/:clientId', async ({ params, request }) => {
    const refused = requireSession() ?? invalidId(params.clientId);
    if (refused) return refused;
    const body = await parseBody(request, ClientInput);
    if (!body.ok) return body.response;
    const client = mockDb.updateClient(params.clientId as string, body.data);
    return client ? HttpResponse.json(client) : notFound();
  }),

  http.delete('*/api/clients/:clientId', ({ params }) => {
    const refused = requireSession() ?? invalidId(params.clientId);
    if (refused) return refused;
    return mockDb.deleteClient(params.clientId as string) ? new HttpResponse(null, { status: 204 }) : notFound();
  }),
];
