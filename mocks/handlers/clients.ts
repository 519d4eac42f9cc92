import { http, HttpResponse } from 'msw';
import { ClientId, ClientInput, type ClientExport } from '#contract/api';
import { isRefused, malformedIdempotencyKeyMessage, parseIdempotencyKey, registrationRefusal } from '#contract/idempotency-key';
import { mockDb } from '../db.ts';
import {
  changedSinceMessage,
  listChangedMessage,
  matchesListIfNoneMatch,
  meetsIfMatch,
  meetsListIfMatch,
  namedByIfNoneMatch,
  parseConditions,
  preconditionFailed,
  versionEtag,
  type IfMatch,
  type IfNoneMatch,
  type WriteOutcome,
} from '#contract/if-match';
import { apiPaths } from '#contract/paths';
import { ownerOnly } from '#contract/team';
import { errorResponse, methodNotAllowed, parseBody, recordAudit, requireOwner, requireSession } from './respond.ts';

/** 400 for an id that cannot be one, so that only well-formed ids reach the store. */
function invalidId(clientId: string | readonly string[] | undefined): Response | undefined {
  return ClientId.safeParse(clientId).success ? undefined : errorResponse(400, 'Client id is malformed');
}

const notFound = () => errorResponse(404, 'Client not found');

/** The request's If-Match and If-None-Match conditions, or the 400 for a malformed one. */
function conditionsOf(request: Request): { ok: true; ifMatch: IfMatch; ifNoneMatch: IfNoneMatch } | { ok: false; response: Response } {
  const conditions = parseConditions(request.headers.get('If-Match'), request.headers.get('If-None-Match'));
  return conditions.ok ? conditions : { ok: false, response: errorResponse(400, conditions.message) };
}

/**
 * The If-Match the store is given: the request's, or, when If-None-Match names the live client's version (or is `*`),
 * none that it can meet, so that the store refuses with the client as it is now (412), as the server's one UPDATE does.
 */
function storeCondition(clientId: string, { ifMatch, ifNoneMatch }: { ifMatch: IfMatch; ifNoneMatch: IfNoneMatch }): IfMatch {
  const live = mockDb.findVersioned(clientId);
  return live && namedByIfNoneMatch(ifNoneMatch, live.version) ? [] : ifMatch;
}

/** 404, or 412 with the client as it is now and the change that made it so, for a write that did not happen. */
function unwritten(outcome: Exclude<WriteOutcome<unknown>, { status: 'written' }>, ifMatch: IfMatch): Response {
  if (outcome.status === 'not-found') return notFound();
  return HttpResponse.json(preconditionFailed(outcome.current, ifMatch), { status: 412 });
}

/** The list's ETag: the mock's change log moves with every write (the server's hashes the list it sends). */
const listEtag = () => `"list-${mockDb.head()}"`;

function listResponse(request: Request, withBody: boolean): Response {
  const etag = listEtag();
  if (!meetsListIfMatch(request.headers.get('If-Match'), etag)) return errorResponse(412, listChangedMessage);
  const headers = { ETag: etag, 'Cache-Control': 'private, no-cache' };
  if (matchesListIfNoneMatch(request.headers.get('If-None-Match'), etag)) return new HttpResponse(null, { status: 304, headers });
  return withBody ? HttpResponse.json(mockDb.listClients(), { headers }) : new HttpResponse(null, { status: 200, headers });
}

export const clientHandlers = [
  // Conditional like the server's: 412 when If-Match names another version of the list, 304 when If-None-Match names it.
  http.get('*/api/clients', ({ request }) => requireSession() ?? listResponse(request, true)),
  // The app's reachability probe (src/lib/reachability.ts): the list's status and headers, no body, as the server's HEAD.
  http.head('*/api/clients', ({ request }) => requireSession() ?? listResponse(request, false)),

  http.post('*/api/clients', async ({ request }) => {
    const denied = requireSession();
    if (denied) return denied;
    const body = await parseBody(request, ClientInput);
    if (!body.ok) return body.response;
    const key = parseIdempotencyKey(request.headers.get('Idempotency-Key'));
    if (key === null) return errorResponse(400, malformedIdempotencyKeyMessage);
    const outcome =
      key === undefined
        ? { status: 'registered' as const, value: mockDb.createClient(body.data) }
        : mockDb.createClientOnce(body.data, key);
    if (isRefused(outcome)) {
      const { status, message } = registrationRefusal(outcome);
      return errorResponse(status, message);
    }
    const { client, version } = outcome.value;
    return HttpResponse.json(client, { status: 201, headers: { ETag: versionEtag(version), Location: apiPaths.client(client._id) } });
  }),

  // Conditional like the server's: 412 when If-Match names another version, then 304 when If-None-Match names this one.
  http.get('*/api/clients/:clientId', ({ params, request }) => {
    const refused = requireSession() ?? invalidId(params.clientId);
    if (refused) return refused;
    const condition = conditionsOf(request);
    if (!condition.ok) return condition.response;
    const found = mockDb.findVersioned(params.clientId as string);
    if (!found) return notFound();
    if (!meetsIfMatch(condition.ifMatch, found.version)) return errorResponse(412, changedSinceMessage);
    const headers = { ETag: versionEtag(found.version) };
    if (namedByIfNoneMatch(condition.ifNoneMatch, found.version)) return new HttpResponse(null, { status: 304, headers });
    return HttpResponse.json(found.client, { headers });
  }),

  // Like the server: the body is validated first, then If-Match; the check and the write are one step (no await between).
  http.put('*/api/clients/:clientId', async ({ params, request }) => {
    const refused = requireSession() ?? invalidId(params.clientId);
    if (refused) return refused;
    const body = await parseBody(request, ClientInput);
    if (!body.ok) return body.response;
    const condition = conditionsOf(request);
    if (!condition.ok) return condition.response;
    const clientId = params.clientId as string;
    const outcome = mockDb.updateClient(clientId, body.data, mockDb.sessionUser(), storeCondition(clientId, condition));
    if (outcome.status !== 'written') return unwritten(outcome, condition.ifMatch);
    return HttpResponse.json(outcome.value.client, { headers: { ETag: versionEtag(outcome.value.version) } });
  }),

  // Moves the client to "Recently deleted": restorable, with its history.
  http.delete('*/api/clients/:clientId', ({ params, request }) => {
    const refused = requireSession() ?? invalidId(params.clientId);
    if (refused) return refused;
    const condition = conditionsOf(request);
    if (!condition.ok) return condition.response;
    const clientId = params.clientId as string;
    const outcome = mockDb.deleteClient(clientId, mockDb.sessionUser(), storeCondition(clientId, condition));
    return outcome.status === 'written' ? new HttpResponse(null, { status: 204 }) : unwritten(outcome, condition.ifMatch);
  }),

  http.get('*/api/clients/:clientId/history', ({ params }) => {
    const refused = requireSession() ?? invalidId(params.clientId);
    if (refused) return refused;
    const history = mockDb.history(params.clientId as string);
    return history ? HttpResponse.json(history) : notFound();
  }),

  // As the server decides: the session, then the id, then the role.
  http.get('*/api/clients/:clientId/export', ({ params, request }) => {
    const refused = requireSession() ?? invalidId(params.clientId) ?? requireOwner(ownerOnly.exportClient);
    if (refused) return refused;
    const clientId = params.clientId as string;
    const found = mockDb.findStored(clientId);
    const history = mockDb.history(clientId);
    if (!found || !history) return notFound();
    recordAudit(request, { kind: 'client-exported', actor: mockDb.sessionUser(), subject: clientId });
    const exported: ClientExport = {
      exportedAt: new Date().toISOString(),
      client: found.client,
      deleted: found.deleted,
      version: found.version,
      history,
    };
    return HttpResponse.json(exported, { headers: { 'Content-Disposition': `attachment; filename="client-${clientId}.json"` } });
  }),

  http.post('*/api/clients/:clientId/restore', ({ params }) => {
    const refused = requireSession() ?? invalidId(params.clientId);
    if (refused) return refused;
    const restored = mockDb.restoreClient(params.clientId as string);
    if (!restored) return notFound();
    return HttpResponse.json(restored.client, { headers: { ETag: versionEtag(restored.version) } });
  }),

  // Live or deleted: the client and its history go, one "erased" entry without personal data stays.
  http.post('*/api/clients/:clientId/erase', ({ params, request }) => {
    const refused = requireSession() ?? invalidId(params.clientId) ?? requireOwner(ownerOnly.eraseClient);
    if (refused) return refused;
    const clientId = params.clientId as string;
    if (!mockDb.eraseClient(clientId)) return notFound();
    recordAudit(request, { kind: 'client-erased', actor: mockDb.sessionUser(), subject: clientId });
    return new HttpResponse(null, { status: 204 });
  }),

  // "Export CSV": the whole list, for an owner (the server's audit trail records it).
  http.get('*/api/clients-export', ({ request }) => {
    const refused = requireOwner(ownerOnly.exportClients);
    if (refused) return refused;
    const clients = mockDb.listClients();
    recordAudit(request, { kind: 'clients-exported', actor: mockDb.sessionUser(), detail: String(clients.length) });
    return HttpResponse.json(clients, { headers: { 'Cache-Control': 'no-store' } });
  }),

  http.get('*/api/deleted-clients', () => requireSession() ?? HttpResponse.json(mockDb.listDeletedClients())),

  // The server's 405 for another method on a path it has (after the handlers above, which answer theirs).
  http.all('*/api/clients', () => methodNotAllowed(['GET', 'POST'])),
  http.all('*/api/clients/:clientId', () => methodNotAllowed(['GET', 'PUT', 'DELETE'])),
];
