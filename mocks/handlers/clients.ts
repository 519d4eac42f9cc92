import { http, HttpResponse } from 'msw';
import { ClientId, ClientInput, type ClientExport, type PreconditionFailedBody } from '#contract/api';
import {
  idempotencyKeyReusedMessage,
  malformedIdempotencyKeyMessage,
  parseIdempotencyKey,
  registrationErasedMessage,
} from '#contract/idempotency-key';
import { mockDb } from '../db.ts';
import {
  changedSinceMessage,
  malformedIfMatchMessage,
  parseIfMatch,
  versionEtag,
  type IfMatch,
  type WriteOutcome,
} from '#contract/if-match';
import { errorResponse, parseBody, requireSession } from './respond.ts';

/** 400 for an id that cannot be one, so that only well-formed ids reach the store. */
function invalidId(clientId: string | readonly string[] | undefined): Response | undefined {
  return ClientId.safeParse(clientId).success ? undefined : errorResponse(400, 'Client id is malformed');
}

const notFound = () => errorResponse(404, 'Client not found');

/** The request's If-Match condition, or the 400 for a malformed one. */
function ifMatchOf(request: Request): { ok: true; ifMatch: IfMatch } | { ok: false; response: Response } {
  const ifMatch = parseIfMatch(request.headers.get('If-Match'));
  return ifMatch === null ? { ok: false, response: errorResponse(400, malformedIfMatchMessage) } : { ok: true, ifMatch };
}

/** 404, or 412 with the client as it is now and the change that made it so, for a write that did not happen. */
function unwritten(outcome: Exclude<WriteOutcome<unknown>, { status: 'written' }>): Response {
  if (outcome.status === 'not-found') return notFound();
  const body: PreconditionFailedBody = { message: changedSinceMessage, current: outcome.current };
  return HttpResponse.json(body, { status: 412 });
}

export const clientHandlers = [
  http.get('*/api/clients', () => requireSession() ?? HttpResponse.json(mockDb.listClients())),
  // The app's reachability probe (src/lib/reachability.ts): the list's status and no body, as the server's HEAD.
  http.head('*/api/clients', () => requireSession() ?? new HttpResponse(null, { status: 200 })),

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
    if (outcome.status === 'key-reused') return errorResponse(422, idempotencyKeyReusedMessage);
    if (outcome.status === 'erased') return errorResponse(409, registrationErasedMessage);
    const { client, version } = outcome.value;
    return HttpResponse.json(client, { status: 201, headers: { ETag: versionEtag(version) } });
  }),

  http.get('*/api/clients/:clientId', ({ params }) => {
    const refused = requireSession() ?? invalidId(params.clientId);
    if (refused) return refused;
    const found = mockDb.findVersioned(params.clientId as string);
    return found ? HttpResponse.json(found.client, { headers: { ETag: versionEtag(found.version) } }) : notFound();
  }),

  // Like the server: the body is validated first, then If-Match; the check and the write are one step (no await between).
  http.put('*/api/clients/:clientId', async ({ params, request }) => {
    const refused = requireSession() ?? invalidId(params.clientId);
    if (refused) return refused;
    const body = await parseBody(request, ClientInput);
    if (!body.ok) return body.response;
    const condition = ifMatchOf(request);
    if (!condition.ok) return condition.response;
    const outcome = mockDb.updateClient(params.clientId as string, body.data, mockDb.sessionUser(), condition.ifMatch);
    if (outcome.status !== 'written') return unwritten(outcome);
    return HttpResponse.json(outcome.value.client, { headers: { ETag: versionEtag(outcome.value.version) } });
  }),

  // Moves the client to "Recently deleted": restorable, with its history.
  http.delete('*/api/clients/:clientId', ({ params, request }) => {
    const refused = requireSession() ?? invalidId(params.clientId);
    if (refused) return refused;
    const condition = ifMatchOf(request);
    if (!condition.ok) return condition.response;
    const outcome = mockDb.deleteClient(params.clientId as string, mockDb.sessionUser(), condition.ifMatch);
    return outcome.status === 'written' ? new HttpResponse(null, { status: 204 }) : unwritten(outcome);
  }),

  http.get('*/api/clients/:clientId/history', ({ params }) => {
    const refused = requireSession() ?? invalidId(params.clientId);
    if (refused) return refused;
    const history = mockDb.history(params.clientId as string);
    return history ? HttpResponse.json(history) : notFound();
  }),

  http.get('*/api/clients/:clientId/export', ({ params }) => {
    const refused = requireSession() ?? invalidId(params.clientId);
    if (refused) return refused;
    const clientId = params.clientId as string;
    const found = mockDb.findStored(clientId);
    const history = mockDb.history(clientId);
    if (!found || !history) return notFound();
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
    if (!restored) return errorResponse(404, 'No such deleted client');
    return HttpResponse.json(restored.client, { headers: { ETag: versionEtag(restored.version) } });
  }),

  // Live or deleted: the client and its history go, one "erased" entry without personal data stays.
  http.post('*/api/clients/:clientId/erase', ({ params }) => {
    const refused = requireSession() ?? invalidId(params.clientId);
    if (refused) return refused;
    return mockDb.eraseClient(params.clientId as string) ? new HttpResponse(null, { status: 204 }) : notFound();
  }),

  http.get('*/api/deleted-clients', () => requireSession() ?? HttpResponse.json(mockDb.listDeletedClients())),
];
