import { describe, expect, it } from 'vitest';
import { ClientHistory, DeletedClientList, PreconditionFailedBody } from '#contract/api';
import { ClientExport } from '#contract/client-export';
import { colleague } from '../colleague.ts';
import { SESSION_CHALLENGE } from '#contract/http';
import { matchesIfNoneMatchMessage } from '#contract/if-match';
import { mockDb } from '../db.ts';
import { call } from '../testing/call.ts';

/** The mock responds like the real server: the SPA's tests and `npm run dev` rely on it. */

const input = { firstName: 'Nina', lastName: 'Petrova', email: 'nina@example.com', registrationDateTime: '2024-05-01T10:30' };

describe('mock backend', () => {
  it('starts with about a dozen seeded clients', async () => {
    expect((await mockDb.listClients()).length).toBeGreaterThanOrEqual(10);
  });

  it('accepts only the demo account admin / admin', async () => {
    expect((await call('POST', '/login', { username: 'admin', password: 'nope' })).status).toBe(401);
    expect((await call('POST', '/login', { username: 'root', password: 'admin' })).status).toBe(401);
    expect((await call('POST', '/login', { username: 'admin', password: 'admin' })).status).toBe(200);
  });

  it('responds 401 to every client call without a session, and logout ends it', async () => {
    for (const [method, path] of [
      ['GET', '/api/clients'],
      ['POST', '/api/clients'],
      ['GET', '/api/clients/mock-000001'],
      ['PUT', '/api/clients/mock-000001'],
      ['DELETE', '/api/clients/mock-000001'],
    ] as const) {
      expect((await call(method, path, method === 'POST' || method === 'PUT' ? input : undefined)).status).toBe(401);
    }
    await call('POST', '/login', { username: 'admin', password: 'admin' });
    expect((await call('GET', '/api/clients')).status).toBe(200);
    expect((await call('POST', '/logout')).status).toBe(204);
    expect((await call('GET', '/api/clients')).status).toBe(401);
  });

  describe('with a session', () => {
    it('creates, reads, updates and deletes a client, normalising the date-time to UTC ISO', async () => {
      mockDb.startSession();
      const created = await call('POST', '/api/clients', input);
      expect(created.status).toBe(201);
      const client = created.json as { _id: string };
      expect(client).toMatchObject({ ...input, registrationDateTime: '2024-05-01T10:30:00.000Z' });

      expect((await call('GET', `/api/clients/${client._id}`)).json).toEqual(created.json);
      const updated = await call('PUT', `/api/clients/${client._id}`, { ...input, firstName: 'Nadia' });
      expect(updated).toMatchObject({ status: 200, json: { _id: client._id, firstName: 'Nadia' } });
      expect((await call('DELETE', `/api/clients/${client._id}`)).status).toBe(204);
      expect((await call('GET', `/api/clients/${client._id}`)).status).toBe(404);
    });

    it.each([
      ['malformed JSON', undefined, '{"firstName":', 'Request body must be valid JSON'],
      ['a missing field', { ...input, email: undefined }, undefined, 'Email is required'],
      ['an invalid email', { ...input, email: 'nina' }, undefined, 'Email must be a valid email address'],
      [
        'an invalid date-time',
        { ...input, registrationDateTime: 'soon' },
        undefined,
        'Registration date and time must be a valid date-time, like 2024-05-01T10:30',
      ],
      [
        'a control character in a name',
        { ...input, firstName: 'Nina\nPetrova' },
        undefined,
        'First name must not contain control characters or text-direction overrides',
      ],
      ['an extra field', { ...input, _id: 'mine' }, undefined, 'Unknown field: _id'],
    ])('responds 400 with a message to %s, and stores nothing', async (_name, body, rawBody, message) => {
      mockDb.startSession();
      const before = (await mockDb.listClients()).length;
      const response = await call('POST', '/api/clients', body, rawBody);
      expect(response).toEqual({ status: 400, json: { message } });
      expect(await mockDb.listClients()).toHaveLength(before);
    });

    it('judges an email as the browser’s email field does', async () => {
      mockDb.startSession();
      expect((await call('POST', '/api/clients', { ...input, email: "o'@example.com" })).status).toBe(201);
      expect(await call('POST', '/api/clients', { ...input, email: 'x@a-.example.com' })).toEqual({
        status: 400,
        json: { message: 'Email must be a valid email address' },
      });
    });

    it('responds 404 to an unknown id and 400 to a malformed one', async () => {
      mockDb.startSession();
      expect(await call('GET', '/api/clients/unknown')).toEqual({ status: 404, json: { message: 'Client not found' } });
      expect(await call('PUT', '/api/clients/unknown', input)).toEqual({ status: 404, json: { message: 'Client not found' } });
      expect(await call('DELETE', '/api/clients/unknown')).toEqual({ status: 404, json: { message: 'Client not found' } });
      expect(await call('GET', '/api/clients/bad%20id')).toEqual({ status: 400, json: { message: 'Client id is malformed' } });
    });
  });

  describe('several staff (versions, If-Match, the change log)', () => {
    /** A call with optional If-Match, reading the headers the API sends. */
    async function send(method: string, path: string, { body, ifMatch }: { body?: unknown; ifMatch?: string } = {}) {
      const headers = new Headers();
      if (body !== undefined) headers.set('Content-Type', 'application/json');
      if (ifMatch !== undefined) headers.set('If-Match', ifMatch);
      const response = await fetch(`http://localhost${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, headers: response.headers, json: text ? (JSON.parse(text) as unknown) : undefined };
    }

    const amelia = 'mock-000001';
    const login = () => send('POST', '/login', { body: { username: 'admin', password: 'admin' } });
    const etagOf = (path: string) => send('GET', path).then((response) => response.headers.get('ETag'));
    /** A 412's answer: the latest change to the client, which the write did not know of. */
    const latestChangeOf = (refused: Awaited<ReturnType<typeof send>>) => {
      expect(refused.status).toBe(412);
      return PreconditionFailedBody.parse(refused.json).current;
    };

    it('sends a strong ETag "v<version>" with GET, and the new one with POST’s 201 and PUT’s 200', async () => {
      await login();
      expect(await etagOf(`/api/clients/${amelia}`)).toBe('"v1"');
      const created = await send('POST', '/api/clients', { body: input });
      expect(created.status).toBe(201);
      expect(created.headers.get('ETag')).toBe('"v1"');
      const updated = await send('PUT', `/api/clients/${amelia}`, { body: input });
      expect(updated.status).toBe(200);
      expect(updated.headers.get('ETag')).toBe('"v2"');
      expect(await etagOf(`/api/clients/${amelia}`)).toBe('"v2"');
    });

    it.each([
      ['the current tag', '"v1"'],
      ['a list holding it', 'W/"v1", "v7" , "v1"'],
      ['*', '*'],
    ])('PUT with If-Match %s writes', async (_name, ifMatch) => {
      await login();
      const updated = await send('PUT', `/api/clients/${amelia}`, { body: input, ifMatch });
      expect(updated).toMatchObject({ status: 200, json: { _id: amelia, firstName: 'Nina' } });
      expect(updated.headers.get('ETag')).toBe('"v2"');
    });

    it.each([
      ['an older tag', '"v0", "v2"'],
      ['the current tag, weak', 'W/"v1"'],
      ['a foreign tag', '"abc"'],
    ])('PUT and DELETE with If-Match %s answer 412 with the latest change, and write nothing', async (_name, ifMatch) => {
      await login();
      for (const method of ['PUT', 'DELETE']) {
        const refused = await send(method, `/api/clients/${amelia}`, { body: method === 'PUT' ? input : undefined, ifMatch });
        expect(refused.status).toBe(412);
        expect(PreconditionFailedBody.parse(refused.json)).toEqual({
          message: 'The client was changed since you read it',
          current: {
            client: await mockDb.findClient(amelia),
            version: 1,
            kind: 'registered',
            changedBy: 'admin',
            changedAt: '2023-03-14T09:30:00.000Z',
          },
        });
      }
      expect(await mockDb.findClient(amelia)).toMatchObject({ firstName: 'Amelia' });
      expect(await mockDb.history(amelia)).toHaveLength(1);
    });

    it.each(['', 'v1', '"v1', '"v1" "v2"', '*, "v1"', 'W/v1', ','])('answers 400 to a malformed If-Match %j', async (ifMatch) => {
      await login();
      const message = 'If-Match must be "*" or a list of entity tags, like "v3"';
      expect(await send('PUT', `/api/clients/${amelia}`, { body: input, ifMatch })).toMatchObject({ status: 400, json: { message } });
      expect(await send('DELETE', `/api/clients/${amelia}`, { ifMatch })).toMatchObject({ status: 400, json: { message } });
      expect((await mockDb.findVersioned(amelia))?.version).toBe(1);
    });

    it('without If-Match, the last write wins as before', async () => {
      await login();
      await colleague.update(amelia, { lastName: 'Novak' });
      const updated = await send('PUT', `/api/clients/${amelia}`, { body: input });
      expect(updated).toMatchObject({ status: 200, json: { lastName: 'Petrova' } });
      expect(updated.headers.get('ETag')).toBe('"v3"');
      expect((await send('DELETE', `/api/clients/${amelia}`)).status).toBe(204);
    });

    it('a colleague’s update makes the next PUT with the old tag meet 412, changedBy "colleague"', async () => {
      await login();
      const opened = await etagOf(`/api/clients/${amelia}`);
      const changed = await colleague.update(amelia, { lastName: 'Novak' });
      expect(changed).toMatchObject({ _id: amelia, firstName: 'Amelia', lastName: 'Novak' });
      const refused = await send('PUT', `/api/clients/${amelia}`, { body: input, ifMatch: opened ?? '' });
      expect(latestChangeOf(refused)).toMatchObject({ client: changed, version: 2, kind: 'updated', changedBy: 'colleague' });
      // Sent again with the tag the 412 names, the write goes through.
      expect((await send('PUT', `/api/clients/${amelia}`, { body: input, ifMatch: '"v2"' })).status).toBe(200);
    });

    it('a colleague’s deletion makes PUT with If-Match meet 412 with no client, and PUT without it 404', async () => {
      await login();
      expect(await colleague.delete(amelia)).toBe(true);
      const refused = await send('PUT', `/api/clients/${amelia}`, { body: input, ifMatch: '"v1"' });
      expect(latestChangeOf(refused)).toMatchObject({ client: null, version: 2, kind: 'deleted', changedBy: 'colleague' });
      expect((await send('PUT', `/api/clients/${amelia}`, { body: input, ifMatch: '*' })).status).toBe(412);
      expect((await send('PUT', `/api/clients/${amelia}`, { body: input })).status).toBe(404);
      expect((await send('PUT', '/api/clients/unknown', { body: input, ifMatch: '"v1"' })).status).toBe(404);
    });

    it('DELETE moves a client to the deleted list, newest first; restore brings it back with its history', async () => {
      await login();
      expect((await send('DELETE', `/api/clients/${amelia}`, { ifMatch: '"v1"' })).status).toBe(204);
      expect((await send('DELETE', '/api/clients/mock-000002')).status).toBe(204);
      expect((await send('GET', `/api/clients/${amelia}`)).status).toBe(404);
      expect((await send('GET', '/api/clients')).json).not.toContainEqual(expect.objectContaining({ _id: amelia }));

      const deleted = DeletedClientList.parse((await send('GET', '/api/deleted-clients')).json);
      expect(deleted.map((client) => client._id)).toEqual(['mock-000002', amelia]);
      expect(deleted[1]).toMatchObject({ firstName: 'Amelia', deletedBy: 'admin' });

      const restored = await send('POST', `/api/clients/${amelia}/restore`);
      expect(restored).toMatchObject({ status: 200, json: { _id: amelia, firstName: 'Amelia' } });
      expect(restored.headers.get('ETag')).toBe('"v3"');
      expect(await etagOf(`/api/clients/${amelia}`)).toBe('"v3"');
      expect(ClientHistory.parse((await send('GET', `/api/clients/${amelia}/history`)).json).map((change) => change.kind)).toEqual([
        'restored',
        'deleted',
        'registered',
      ]);
      expect(await send('POST', `/api/clients/${amelia}/restore`)).toMatchObject({
        status: 404,
        json: { message: 'Client not found' },
      });
      expect((await send('POST', '/api/clients/unknown/restore')).status).toBe(404);
    });

    it('keeps every write in one log: seq across the store, who, when, the fields before and after', async () => {
      await login();
      const created = (await send('POST', '/api/clients', { body: input })).json as { _id: string };
      await send('PUT', `/api/clients/${created._id}`, { body: { ...input, firstName: 'Nadia' }, ifMatch: '"v1"' });
      await colleague.delete(created._id);
      const history = ClientHistory.parse((await send('GET', `/api/clients/${created._id}/history`)).json);
      const nina = { firstName: 'Nina', lastName: 'Petrova', email: 'nina@example.com', registrationDateTime: '2024-05-01T10:30:00.000Z' };
      expect(history).toMatchObject([
        { version: 3, kind: 'deleted', by: 'colleague', before: { ...nina, firstName: 'Nadia' }, after: null },
        { version: 2, kind: 'updated', by: 'admin', before: nina, after: { ...nina, firstName: 'Nadia' } },
        { version: 1, kind: 'registered', by: 'admin', before: null, after: nina },
      ]);
      const [deleted, updated, registered] = history.map((change) => change.seq);
      expect(deleted).toBeGreaterThan(updated ?? Infinity);
      expect(updated).toBeGreaterThan(registered ?? Infinity);
      expect(registered).toBeGreaterThan((await mockDb.history(amelia))?.[0]?.seq ?? Infinity);
      expect(await mockDb.history(amelia)).toEqual([
        expect.objectContaining({ seq: 1, version: 1, kind: 'registered', at: '2023-03-14T09:30:00.000Z' }),
      ]);
      expect((await send('GET', '/api/clients/unknown/history')).status).toBe(404);
    });

    it('exports a live or deleted client as a file: the client, its version, deletion and history', async () => {
      await login();
      const exported = await send('GET', `/api/clients/${amelia}/export`);
      expect(exported.status).toBe(200);
      expect(exported.headers.get('Content-Disposition')).toBe(`attachment; filename="client-${amelia}.json"`);
      expect(exported.headers.get('Content-Type')).toMatch(/^application\/json/);
      expect(ClientExport.parse(exported.json)).toMatchObject({ client: await mockDb.findClient(amelia), deleted: null, version: 1 });

      await colleague.delete(amelia);
      const afterDeletion = ClientExport.parse((await send('GET', `/api/clients/${amelia}/export`)).json);
      expect(afterDeletion).toMatchObject({ client: { _id: amelia }, deleted: { by: 'colleague' }, version: 2 });
      expect(afterDeletion.history.map((change) => change.kind)).toEqual(['deleted', 'registered']);
      expect((await send('GET', '/api/clients/unknown/export')).status).toBe(404);
    });

    it('erases a live or deleted client and its history, leaving one "erased" entry without personal data', async () => {
      await login();
      await send('PUT', `/api/clients/${amelia}`, { body: input });
      expect((await send('POST', `/api/clients/${amelia}/erase`)).status).toBe(204);
      expect((await mockDb.changes()).filter((change) => change.clientId === amelia)).toEqual([
        expect.objectContaining({ version: 3, kind: 'erased', by: 'admin', before: null, after: null }),
      ]);
      for (const path of [`/api/clients/${amelia}`, `/api/clients/${amelia}/history`, `/api/clients/${amelia}/export`]) {
        expect((await send('GET', path)).status).toBe(404);
      }
      expect(JSON.stringify(await mockDb.changes())).not.toContain('Amelia');
      // A write with an old tag learns that it was erased.
      const refused = await send('PUT', `/api/clients/${amelia}`, { body: input, ifMatch: '"v2"' });
      expect(latestChangeOf(refused)).toMatchObject({ client: null, version: 3, kind: 'erased' });
      expect((await send('POST', `/api/clients/${amelia}/erase`)).status).toBe(404);

      await colleague.delete('mock-000002');
      expect((await send('POST', '/api/clients/mock-000002/erase')).status).toBe(204);
      expect((await send('GET', '/api/deleted-clients')).json).toEqual([]);
      expect((await send('POST', '/api/clients/unknown/erase')).status).toBe(404);
    });

    it('answers 401 to the new calls without a session, and 400 to a malformed id', async () => {
      for (const [method, path] of [
        ['GET', '/api/deleted-clients'],
        ['GET', `/api/clients/${amelia}/history`],
        ['GET', `/api/clients/${amelia}/export`],
        ['POST', `/api/clients/${amelia}/restore`],
        ['POST', `/api/clients/${amelia}/erase`],
      ] as const) {
        expect((await send(method, path)).status).toBe(401);
        if (path !== '/api/deleted-clients') {
          mockDb.startSession();
          expect(await send(method, path.replace(amelia, 'bad%20id'))).toMatchObject({
            status: 400,
            json: { message: 'Client id is malformed' },
          });
          mockDb.endSession();
        }
      }
    });
  });

  describe('Idempotency-Key on POST /api/clients, as the server answers it', () => {
    const register = async (key: string, body: object = input) => {
      const response = await fetch('http://localhost/api/clients', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
        body: JSON.stringify(body),
      });
      return {
        status: response.status,
        etag: response.headers.get('ETag'),
        json: (await response.json()) as { _id?: string; message?: string },
      };
    };

    it('registers once: the same key again answers the first registration', async () => {
      mockDb.startSession();
      const before = (await mockDb.listClients()).length;
      const first = await register('"key-1"');
      const again = await register('key-1');
      expect([first.status, again.status]).toEqual([201, 201]);
      expect(again.json).toEqual(first.json);
      expect(again.etag).toBe('"v1"');
      expect(await mockDb.listClients()).toHaveLength(before + 1);
    });

    it('422 for the key with another client, 409 once its client was erased, 400 for a malformed key', async () => {
      mockDb.startSession();
      const first = await register('key-2');
      const before = (await mockDb.listClients()).length;
      expect(await register('key-2', { ...input, firstName: 'Other' })).toMatchObject({
        status: 422,
        json: { message: 'This Idempotency-Key was sent before with another client' },
      });
      await call('POST', `/api/clients/${first.json._id}/erase`);
      expect(await register('key-2')).toMatchObject({
        status: 409,
        json: { message: 'This client was registered with this Idempotency-Key and has since been erased' },
      });
      expect(await register('two words')).toMatchObject({
        status: 400,
        json: { message: 'Idempotency-Key must be a string of 1 to 255 visible characters' },
      });
      expect(await mockDb.listClients()).toHaveLength(before - 1);
    });
  });

  describe('HTTP as the server answers it (issue 27)', () => {
    const send = (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
      fetch(`http://localhost${path}`, {
        method,
        headers: body === undefined ? headers : { 'Content-Type': 'application/json', ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });

    it('challenges every 401 with the Cookie scheme, never Basic', async () => {
      mockDb.endSession();
      for (const response of [
        await send('GET', '/api/clients', {}),
        await send('POST', '/login', {}, { username: 'admin', password: 'x' }),
      ]) {
        expect([response.status, response.headers.get('www-authenticate')]).toEqual([401, SESSION_CHALLENGE]);
      }
    });

    it('names a registered client in Location, answers If-None-Match with 304 on GET and 412 on PUT and DELETE', async () => {
      mockDb.startSession();
      const created = await send('POST', '/api/clients', {}, input);
      const { _id } = (await created.json()) as { _id: string };
      expect(created.headers.get('location')).toBe(`/api/clients/${_id}`);
      const url = `/api/clients/${_id}`;
      const notModified = await send('GET', url, { 'If-None-Match': 'W/"v1"' });
      expect([notModified.status, notModified.headers.get('etag')]).toEqual([304, '"v1"']);
      expect((await send('GET', url, { 'If-Match': '"v2"' })).status).toBe(412);
      const put = await send('PUT', url, { 'If-None-Match': '*' }, input);
      expect([put.status, ((await put.json()) as { message: string }).message]).toEqual([412, matchesIfNoneMatchMessage]);
      expect((await send('DELETE', url, { 'If-None-Match': '"v1"' })).status).toBe(412);
      expect((await send('PUT', url, { 'If-None-Match': '"v5"' }, input)).status).toBe(200);
    });

    it('answers another method on a client path with 405 and Allow', async () => {
      mockDb.startSession();
      const patch = await send('PATCH', '/api/clients/abc', {});
      expect([patch.status, patch.headers.get('allow')]).toEqual([405, 'GET, HEAD, PUT, DELETE']);
      const removeAll = await send('DELETE', '/api/clients', {});
      expect([removeAll.status, removeAll.headers.get('allow')]).toEqual([405, 'GET, HEAD, POST']);
    });
  });
});
