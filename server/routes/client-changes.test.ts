/**
 * Several staff on one client list (issue 18): versions as ETags, If-Match and 412, the change
 * log, "Recently deleted" with restore and purge, history, export and erasure.
 */
import { describe, expect, it } from 'vitest';
import { ClientHistory, type Client, type ClientChange, type DeletedClient, type PreconditionFailedBody } from '#contract/api';
import type { ClientExport } from '#contract/client-export';
import { aClient, asStaff, createClient, createTestApp, loggedIn, logIn, type LoggedInApp } from '../testing/test-app.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const renamed = { ...aClient, firstName: 'Renamed' };

const put = (test: LoggedInApp, id: string, headers: Record<string, string> = {}, payload: object = renamed) =>
  asStaff(test, 'PUT', `/api/clients/${id}`, { payload, headers });
const del = (test: LoggedInApp, id: string, headers: Record<string, string> = {}) =>
  asStaff(test, 'DELETE', `/api/clients/${id}`, { headers });

/** A client registered, then deleted by the staff: in "Recently deleted", at version 2. */
async function deletedClient(test: LoggedInApp) {
  const client = await createClient(test);
  await del(test, client._id);
  return client;
}

async function storedClient(test: LoggedInApp, id: string) {
  return test.app.db.selectFrom('clients').selectAll().where('id', '=', id).executeTakeFirst();
}

async function logOf(test: LoggedInApp, id: string) {
  return test.app.db.selectFrom('client_changes').selectAll().where('client_id', '=', id).orderBy('seq').execute();
}

describe('ETag', () => {
  it('is the version, strong, on GET, POST and PUT, and grows with each change', async () => {
    const test = await loggedIn();
    const created = await asStaff(test, 'POST', '/api/clients', { payload: aClient });
    expect(created.statusCode).toBe(201);
    expect(created.headers.etag).toBe('"v1"');
    const id = created.json<Client>()._id;
    expect((await asStaff(test, 'GET', `/api/clients/${id}`)).headers.etag).toBe('"v1"');
    const updated = await put(test, id);
    expect(updated.headers.etag).toBe('"v2"');
    const read = await asStaff(test, 'GET', `/api/clients/${id}`);
    expect(read.headers.etag).toBe('"v2"');
    expect(read.json()).toEqual({ ...updated.json(), firstName: 'Renamed' });
  });

  it('is not in the list, whose items keep exactly the spec’s fields', async () => {
    const test = await loggedIn();
    await createClient(test);
    const list = await asStaff(test, 'GET', '/api/clients');
    expect(Object.keys(list.json<Client[]>()[0] ?? {})).toEqual(['_id', 'firstName', 'lastName', 'email', 'registrationDateTime']);
  });
});

describe('If-Match on PUT and DELETE', () => {
  it('writes when the tag matches: 200 for PUT, 204 for DELETE', async () => {
    const test = await loggedIn();
    const client = await createClient(test);
    const updated = await put(test, client._id, { 'if-match': '"v1"' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json<Client>().firstName).toBe('Renamed');
    const deleted = await del(test, client._id, { 'if-match': 'W/"x", "v2"' });
    expect(deleted.statusCode).toBe(204);
    expect((await storedClient(test, client._id))?.version).toBe(3);
  });

  it('responds 412 with the current state when the client changed since, and writes nothing', async () => {
    const test = await loggedIn();
    const client = await createClient(test);
    test.clock.advance(60_000);
    await put(test, client._id, {}, { ...aClient, lastName: 'Other' });
    const before = await storedClient(test, client._id);
    const stale = await put(test, client._id, { 'if-match': '"v1"' });
    expect(stale.statusCode).toBe(412);
    expect(stale.json<PreconditionFailedBody>()).toEqual({
      message: expect.any(String),
      current: {
        client: { ...client, lastName: 'Other' },
        version: 2,
        kind: 'updated',
        changedBy: 'nina',
        changedAt: '2025-03-01T09:01:00.000Z',
      },
    });
    expect(await storedClient(test, client._id)).toEqual(before);
    expect(await logOf(test, client._id)).toHaveLength(2);

    const staleDelete = await del(test, client._id, { 'if-match': '"v1"' });
    expect(staleDelete.statusCode).toBe(412);
    expect(await storedClient(test, client._id)).toEqual(before);
  });

  it('never matches a weak tag', async () => {
    const test = await loggedIn();
    const client = await createClient(test);
    expect((await put(test, client._id, { 'if-match': 'W/"v1"' })).statusCode).toBe(412);
  });

  it('tells a writer whose client was deleted meanwhile, with no client', async () => {
    const test = await loggedIn();
    const client = await deletedClient(test);
    const stale = await put(test, client._id, { 'if-match': '"v1"' });
    expect(stale.statusCode).toBe(412);
    expect(stale.json<PreconditionFailedBody>().current).toMatchObject({ client: null, version: 2, kind: 'deleted', changedBy: 'nina' });
  });

  it('matches any live client with *, and not a deleted one', async () => {
    const test = await loggedIn();
    const client = await createClient(test);
    expect((await put(test, client._id, { 'if-match': '*' })).statusCode).toBe(200);
    expect((await del(test, client._id, { 'if-match': '*' })).statusCode).toBe(204);
    expect((await put(test, client._id, { 'if-match': '*' })).statusCode).toBe(412);
  });

  it('responds 404 for a client that never existed, with or without If-Match', async () => {
    const test = await loggedIn();
    expect((await put(test, 'AAAAAAAAAAAAAAAAAAAAAA', { 'if-match': '"v1"' })).statusCode).toBe(404);
    expect((await del(test, 'AAAAAAAAAAAAAAAAAAAAAA', { 'if-match': '*' })).statusCode).toBe(404);
  });

  it('responds 400 to a malformed If-Match and writes nothing', async () => {
    const test = await loggedIn();
    const client = await createClient(test);
    for (const header of ['v1', '"v1', '"v1" "v2"']) {
      const response = await put(test, client._id, { 'if-match': header });
      expect(response.statusCode, header).toBe(400);
      expect(response.json<{ message: string }>().message).toContain('If-Match');
      expect((await del(test, client._id, { 'if-match': header })).statusCode).toBe(400);
    }
    expect((await storedClient(test, client._id))?.version).toBe(1);
  });

  it('without If-Match, the last write wins', async () => {
    const test = await loggedIn();
    const client = await createClient(test);
    expect((await put(test, client._id, {}, { ...aClient, firstName: 'First' })).statusCode).toBe(200);
    expect((await put(test, client._id, {}, { ...aClient, firstName: 'Second' })).statusCode).toBe(200);
    expect((await asStaff(test, 'GET', `/api/clients/${client._id}`)).json<Client>().firstName).toBe('Second');
  });

  it('lets exactly one of several concurrent PUTs with the same If-Match through', async () => {
    const test = await loggedIn();
    const client = await createClient(test);
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, index) => put(test, client._id, { 'if-match': '"v1"' }, { ...aClient, firstName: `Writer ${index}` })),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 412, 412, 412, 412, 412]);
    expect((await storedClient(test, client._id))?.version).toBe(2);
    expect(await logOf(test, client._id)).toHaveLength(2);
  });
});

describe('delete and restore', () => {
  it('takes the client out of the list and GET, into "Recently deleted", newest deletion first', async () => {
    const test = await loggedIn();
    const first = await createClient(test);
    const second = await createClient(test, { ...aClient, firstName: 'Second' });
    await del(test, first._id);
    test.clock.advance(1000);
    await del(test, second._id);
    expect((await asStaff(test, 'GET', '/api/clients')).json()).toEqual([]);
    expect((await asStaff(test, 'GET', `/api/clients/${first._id}`)).statusCode).toBe(404);
    const deleted = await asStaff(test, 'GET', '/api/deleted-clients');
    expect(deleted.json<DeletedClient[]>()).toEqual([
      { ...second, deletedAt: '2025-03-01T09:00:01.000Z', deletedBy: 'nina' },
      { ...first, deletedAt: '2025-03-01T09:00:00.000Z', deletedBy: 'nina' },
    ]);
  });

  it('restores with the same id and history, a new version and ETag; 404 when there is no such deleted client', async () => {
    const test = await loggedIn();
    const client = await deletedClient(test);
    const restored = await asStaff(test, 'POST', `/api/clients/${client._id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.headers.etag).toBe('"v3"');
    expect(restored.json()).toEqual(client);
    expect((await asStaff(test, 'GET', '/api/clients')).json()).toEqual([client]);
    expect((await asStaff(test, 'GET', '/api/deleted-clients')).json()).toEqual([]);
    const kinds = (await asStaff(test, 'GET', `/api/clients/${client._id}/history`)).json<ClientChange[]>().map((change) => change.kind);
    expect(kinds).toEqual(['restored', 'deleted', 'registered']);
    expect((await asStaff(test, 'POST', `/api/clients/${client._id}/restore`)).statusCode).toBe(404);
    expect((await asStaff(test, 'POST', '/api/clients/AAAAAAAAAAAAAAAAAAAAAA/restore')).statusCode).toBe(404);
  });

  it('purges clients deleted more than DELETED_CLIENTS_KEEP_DAYS ago, with their history', async () => {
    const test = await loggedIn();
    const old = await createClient(test);
    const recent = await createClient(test, { ...aClient, firstName: 'Recent' });
    await del(test, old._id);
    test.clock.advance(10 * DAY_MS);
    // The session expired meanwhile.
    test.cookie = await logIn(test.app);
    await del(test, recent._id);
    test.clock.advance(20 * DAY_MS + 1);
    test.cookie = await logIn(test.app);
    expect(await test.app.clientStore.purgeDeleted(30)).toBe(1);
    expect(await storedClient(test, old._id)).toBeUndefined();
    expect(await logOf(test, old._id)).toEqual([]);
    expect((await asStaff(test, 'GET', `/api/clients/${old._id}/history`)).statusCode).toBe(404);
    expect((await asStaff(test, 'GET', '/api/deleted-clients')).json<DeletedClient[]>().map((client) => client._id)).toEqual([recent._id]);
    expect(await logOf(test, recent._id)).toHaveLength(2);
  });
});

describe('the purge on start', () => {
  it('removes what DELETED_CLIENTS_KEEP_DAYS no longer keeps when the server starts', async () => {
    const test = await loggedIn();
    const client = await deletedClient(test);
    test.clock.advance(2 * DAY_MS);
    await createTestApp({ database: test.database, clock: test.clock, withStaff: false, config: { deletedClientsKeepDays: 1 } });
    expect(await storedClient(test, client._id)).toBeUndefined();
    expect(await logOf(test, client._id)).toEqual([]);
  });
});

describe('GET /api/clients/:id/history', () => {
  it('lists every change newest first, with who, when, before and after', async () => {
    const test = await loggedIn();
    const client = await createClient(test);
    test.clock.advance(60_000);
    await put(test, client._id);
    const history = await asStaff(test, 'GET', `/api/clients/${client._id}/history`);
    expect(history.statusCode).toBe(200);
    expect(history.headers['content-type']).toBe('application/json; charset=utf-8');
    const { _id, ...fields } = client;
    expect(history.json<ClientChange[]>()).toEqual([
      {
        seq: expect.any(Number),
        clientId: _id,
        version: 2,
        kind: 'updated',
        by: 'nina',
        at: '2025-03-01T09:01:00.000Z',
        before: fields,
        after: { ...fields, firstName: 'Renamed' },
      },
      {
        seq: expect.any(Number),
        clientId: _id,
        version: 1,
        kind: 'registered',
        by: 'nina',
        at: '2025-03-01T09:00:00.000Z',
        before: null,
        after: fields,
      },
    ]);
  });

  it('is the text JSON.stringify writes of the entries, though the database writes it', async () => {
    const test = await loggedIn();
    const client = await createClient(test, { ...aClient, firstName: 'Zoë "Jo"', lastName: 'O’Brien\\Łuk' });
    await put(test, client._id);
    await del(test, client._id);
    const history = await asStaff(test, 'GET', `/api/clients/${client._id}/history`);
    const exported = (await asStaff(test, 'GET', `/api/clients/${client._id}/export`)).json<ClientExport>();
    expect(exported.history.map((change) => change.kind)).toEqual(['deleted', 'updated', 'registered']);
    expect(history.body).toBe(JSON.stringify(exported.history));
    expect(ClientHistory.parse(history.json())).toEqual(exported.history);
  });

  it('responds 404 for an unknown client', async () => {
    const test = await loggedIn();
    expect((await asStaff(test, 'GET', '/api/clients/AAAAAAAAAAAAAAAAAAAAAA/history')).statusCode).toBe(404);
  });
});

describe('GET /api/clients/:id/export', () => {
  it('sends everything held about the client as an attachment', async () => {
    const test = await loggedIn();
    const client = await deletedClient(test);
    const exported = await asStaff(test, 'GET', `/api/clients/${client._id}/export`);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toBe(`attachment; filename="client-${client._id}.json"`);
    expect(exported.json<ClientExport>()).toMatchObject({
      exportedAt: '2025-03-01T09:00:00.000Z',
      client,
      deleted: { at: '2025-03-01T09:00:00.000Z', by: 'nina' },
      version: 2,
      history: [{ kind: 'deleted' }, { kind: 'registered' }],
    });
    expect((await asStaff(test, 'GET', '/api/clients/AAAAAAAAAAAAAAAAAAAAAA/export')).statusCode).toBe(404);
  });
});

describe('POST /api/clients/:id/erase', () => {
  for (const state of ['live', 'deleted'] as const) {
    it(`removes a ${state} client and its history, leaving one "erased" entry without personal data`, async () => {
      const test = await loggedIn();
      const client = await createClient(test);
      await put(test, client._id);
      if (state === 'deleted') await del(test, client._id);
      const erased = await asStaff(test, 'POST', `/api/clients/${client._id}/erase`);
      expect(erased.statusCode).toBe(204);
      expect(await storedClient(test, client._id)).toBeUndefined();
      const log = await logOf(test, client._id);
      expect(log).toEqual([
        {
          seq: expect.anything(),
          client_id: client._id,
          version: state === 'live' ? 3 : 4,
          kind: 'erased',
          actor: 'nina',
          at: expect.any(String),
          before: null,
          after: null,
          batch_id: null,
        },
      ]);
      const everything = JSON.stringify(await test.app.db.selectFrom('client_changes').selectAll().execute());
      expect(everything).not.toContain(aClient.email);
      expect(everything).not.toContain(aClient.lastName);
      expect((await asStaff(test, 'GET', `/api/clients/${client._id}/history`)).statusCode).toBe(404);
      expect((await asStaff(test, 'GET', '/api/deleted-clients')).json()).toEqual([]);
      expect((await asStaff(test, 'POST', `/api/clients/${client._id}/erase`)).statusCode).toBe(404);
      // A writer still holding the old version learns that it was erased.
      expect((await put(test, client._id, { 'if-match': '"v2"' })).json<PreconditionFailedBody>().current).toMatchObject({
        client: null,
        kind: 'erased',
      });
    });
  }

  it('responds 404 for an unknown client', async () => {
    const test = await loggedIn();
    expect((await asStaff(test, 'POST', '/api/clients/AAAAAAAAAAAAAAAAAAAAAA/erase')).statusCode).toBe(404);
  });
});
