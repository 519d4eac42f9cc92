import { HttpResponse } from 'msw';
import { ClientIdParams, ClientInput, type Client, type ClientExport } from '#contract/api';
import { isRefused, malformedIdempotencyKeyMessage, parseIdempotencyKey, registrationRefusal } from '#contract/idempotency-key';
import * as ifMatch from '#contract/if-match';
import { apiPaths } from '#contract/paths';
import { mockDb } from '../db.ts';
import { errorResponse, recordAudit, respond, route } from './respond.ts';

const notFound = () => errorResponse(404, ifMatch.clientNotFoundMessage);
const withEtag = (client: Client, version: number) => HttpResponse.json(client, { headers: { ETag: ifMatch.versionEtag(version) } });

/** The request's If-Match and If-None-Match conditions, or the 400 for a malformed one. */
function conditionsOf(request: Request): ifMatch.Conditions | Response {
  const conditions = ifMatch.parseConditions(request.headers.get('If-Match'), request.headers.get('If-None-Match'));
  return conditions.ok ? conditions : errorResponse(400, conditions.message);
}

/** The list's ETag: the mock's change log moves with every write (the server's hashes the list it sends). */
function listResponse(request: Request, withBody: boolean): Response {
  const etag = `"list-${mockDb.head()}"`;
  if (!ifMatch.meetsListIfMatch(request.headers.get('If-Match'), etag)) return errorResponse(412, ifMatch.listChangedMessage);
  const headers = { ETag: etag, 'Cache-Control': 'private, no-cache' };
  if (ifMatch.matchesListIfNoneMatch(request.headers.get('If-None-Match'), etag)) return new HttpResponse(null, { status: 304, headers });
  return withBody ? HttpResponse.json(mockDb.listClients(), { headers }) : new HttpResponse(null, { status: 200, headers });
}

export const clientHandlers = [
  // Conditional like the server's: 412 when If-Match names another version of the list, 304 when If-None-Match names it.
  route('GET /api/clients', ({ request }) => listResponse(request, true)),
  // The app's reachability probe (src/lib/reachability.ts): the list's status and headers, no body, as the server's HEAD.
  route('HEAD /api/clients', ({ request }) => listResponse(request, false)),

  route('POST /api/clients', { body: ClientInput }, ({ request, body }) => {
    const key = parseIdempotencyKey(request.headers.get('Idempotency-Key'));
    if (key === null) return errorResponse(400, malformedIdempotencyKeyMessage);
    const outcome = mockDb.register(body, key);
    if (isRefused(outcome)) {
      const { status, message } = registrationRefusal(outcome);
      return errorResponse(status, message);
    }
    const { client, version } = outcome.value;
    return HttpResponse.json(client, {
      status: 201,
      headers: { ETag: ifMatch.versionEtag(version), Location: apiPaths.client(client._id) },
    });
  }),

  // Conditional like the server's (the contract's conditionalRead): 404, 412 for If-Match, 304 for If-None-Match.
  route('GET /api/clients/:clientId', { params: ClientIdParams }, ({ params, request }) => {
    const conditions = conditionsOf(request);
    if (conditions instanceof Response) return conditions;
    const found = mockDb.findVersioned(params.clientId);
    const status = ifMatch.conditionalRead(found, conditions);
    if (!found || status === 404) return notFound();
    if (status === 412) return errorResponse(412, ifMatch.changedSinceMessage);
    return status === 304
      ? new HttpResponse(null, { status, headers: { ETag: ifMatch.versionEtag(found.version) } })
      : withEtag(found.client, found.version);
  }),

  // Like the server: the body is validated first, then the conditions; the check and the write are one step.
  route('PUT /api/clients/:clientId', { params: ClientIdParams, body: ClientInput }, ({ params, body, request }) => {
    const conditions = conditionsOf(request);
    if (conditions instanceof Response) return conditions;
    const outcome = mockDb.updateClient(params.clientId, body, mockDb.sessionUser(), conditions);
    if (outcome.status !== 'written') return respond(request, ifMatch.unwrittenAnswer(outcome, conditions.ifMatch));
    return withEtag(outcome.value.client, outcome.value.version);
  }),

  // Moves the client to "Recently deleted": restorable, with its history.
  route('DELETE /api/clients/:clientId', { params: ClientIdParams }, ({ params, request }) => {
    const conditions = conditionsOf(request);
    if (conditions instanceof Response) return conditions;
    const outcome = mockDb.deleteClient(params.clientId, mockDb.sessionUser(), conditions);
    return outcome.status === 'written'
      ? new HttpResponse(null, { status: 204 })
      : respond(request, ifMatch.unwrittenAnswer(outcome, conditions.ifMatch));
  }),

  route('GET /api/clients/:clientId/history', { params: ClientIdParams }, ({ params }) => {
    const history = mockDb.history(params.clientId);
    return history ? HttpResponse.json(history) : notFound();
  }),

  route('GET /api/clients/:clientId/export', { params: ClientIdParams }, ({ params: { clientId }, request }) => {
    const [found, history] = [mockDb.findStored(clientId), mockDb.history(clientId)];
    if (!found || !history) return notFound();
    recordAudit(request, { kind: 'client-exported', actor: mockDb.sessionUser(), subject: clientId });
    const exported: ClientExport = { exportedAt: new Date().toISOString(), ...found, history };
    return HttpResponse.json(exported, { headers: { 'Content-Disposition': `attachment; filename="client-${clientId}.json"` } });
  }),

  route('POST /api/clients/:clientId/restore', { params: ClientIdParams }, ({ params }) => {
    const restored = mockDb.restoreClient(params.clientId);
    return restored ? withEtag(restored.client, restored.version) : notFound();
  }),

  // Live or deleted: the client and its history go, one "erased" entry without personal data stays.
  route('POST /api/clients/:clientId/erase', { params: ClientIdParams }, ({ params: { clientId }, request }) => {
    if (!mockDb.eraseClient(clientId)) return notFound();
    recordAudit(request, { kind: 'client-erased', actor: mockDb.sessionUser(), subject: clientId });
    return new HttpResponse(null, { status: 204 });
  }),

  // "Export CSV": the whole list, for an owner (the server's audit trail records it).
  route('GET /api/clients-export', ({ request }) => {
    const clients = mockDb.listClients();
    recordAudit(request, { kind: 'clients-exported', actor: mockDb.sessionUser(), detail: String(clients.length) });
    return HttpResponse.json(clients, { headers: { 'Cache-Control': 'no-store' } });
  }),

  route('GET /api/deleted-clients', () => HttpResponse.json(mockDb.listDeletedClients())),
];
