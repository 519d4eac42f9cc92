import { HttpResponse } from 'msw';
import { ClientIdParams, ClientInput, clientsExportAnswer, erasedAnswer, historyAnswer } from '#contract/api';
import { clientDeletedAnswer, clientRestoredAnswer } from '#contract/appointments';
import { clientExportAnswer } from '#contract/client-export';
import { idempotencyKeyOf, registrationAnswer } from '#contract/idempotency-key';
import * as ifMatch from '#contract/if-match';
import { mockDb } from '../db.ts';
import { respond, route } from './respond.ts';

/** The list's ETag: the mock's change log moves with every write (the server's hashes the list it sends). */
async function listResponse(request: Request, withBody: boolean): Promise<Response> {
  const etag = `"list-${await mockDb.head()}"`;
  const notModified = ifMatch.matchesListIfNoneMatch(request.headers.get('If-None-Match'), etag);
  const answered = ifMatch.listAnswer(request.headers.get('If-Match'), etag, notModified);
  return respond(request, answered.status === 200 && withBody ? { ...answered, body: await mockDb.listClients() } : answered);
}

/** The request's If-Match and If-None-Match conditions, or their 400. */
const conditionsOf = (request: Request) => ifMatch.parseConditions(request.headers.get('If-Match'), request.headers.get('If-None-Match'));

export const clientHandlers = [
  // Conditional like the server's: 412 when If-Match names another version of the list, 304 when If-None-Match names it.
  route('GET /api/clients', ({ request }) => listResponse(request, true)),
  // The app's reachability probe (src/lib/reachability.ts): the list's status and headers, no body, as the server's HEAD.
  route('HEAD /api/clients', ({ request }) => listResponse(request, false)),

  route('POST /api/clients', { body: ClientInput }, async ({ request, body }) => {
    const key = idempotencyKeyOf(request.headers.get('Idempotency-Key'));
    return respond(request, typeof key === 'object' ? key : registrationAnswer(await mockDb.register(body, key)));
  }),

  // Conditional like the server's: 404, 412 for If-Match, 304 for If-None-Match.
  route('GET /api/clients/:clientId', { params: ClientIdParams }, async ({ params, request }) => {
    const conditions = conditionsOf(request);
    if ('status' in conditions) return respond(request, conditions);
    const found = await mockDb.findVersioned(params.clientId);
    return respond(request, ifMatch.readAnswer(found && { body: found.client, version: found.version }, conditions));
  }),

  // Like the server: the body is validated first, then the conditions; the check and the write are one step.
  route('PUT /api/clients/:clientId', { params: ClientIdParams, body: ClientInput }, async ({ params, body, request }) => {
    const conditions = conditionsOf(request);
    if ('status' in conditions) return respond(request, conditions);
    const outcome = await mockDb.updateClient(params.clientId, body, mockDb.sessionUser(), conditions);
    return respond(request, ifMatch.writtenAnswer(outcome, conditions.ifMatch));
  }),

  // Moves the client to "Recently deleted": restorable, with its history; their upcoming appointments are cancelled.
  route('DELETE /api/clients/:clientId', { params: ClientIdParams }, async ({ params, request }) => {
    const conditions = conditionsOf(request);
    if ('status' in conditions) return respond(request, conditions);
    const outcome = await mockDb.deleteClient(params.clientId, mockDb.sessionUser(), conditions);
    return respond(request, clientDeletedAnswer(outcome, conditions.ifMatch, mockDb.sessionUser(), mockDb.salon().timeZone));
  }),

  route('GET /api/clients/:clientId/history', { params: ClientIdParams }, async ({ params, request }) =>
    respond(request, historyAnswer(await mockDb.history(params.clientId))),
  ),

  route('GET /api/clients/:clientId/export', { params: ClientIdParams }, async ({ params: { clientId }, request }) => {
    const [found, history] = [await mockDb.findStored(clientId), await mockDb.history(clientId)];
    const booked = { appointments: await mockDb.clientAppointments(clientId), details: await mockDb.clientDetails(clientId) };
    const exported = found && history && { exportedAt: new Date().toISOString(), ...found, history };
    return respond(request, clientExportAnswer(clientId, exported, booked, mockDb.sessionUser()));
  }),

  route('POST /api/clients/:clientId/restore', { params: ClientIdParams }, async ({ params, request }) =>
    respond(request, clientRestoredAnswer(await mockDb.restoreClient(params.clientId), mockDb.sessionUser(), mockDb.salon().timeZone)),
  ),

  // Live or deleted: the client and its history go, one "erased" entry without personal data stays.
  route('POST /api/clients/:clientId/erase', { params: ClientIdParams }, async ({ params: { clientId }, request }) =>
    respond(request, erasedAnswer(clientId, await mockDb.eraseClient(clientId), mockDb.sessionUser())),
  ),

  // "Export CSV": the whole list, for an owner (the audit trail records it).
  route('GET /api/clients-export', async ({ request }) => {
    const clients = await mockDb.listClients();
    return respond(request, clientsExportAnswer(clients, clients.length, mockDb.sessionUser()));
  }),

  route('GET /api/deleted-clients', async () => HttpResponse.json(await mockDb.listDeletedClients())),
];
