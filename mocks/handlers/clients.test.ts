import { describe, expect, it } from 'vitest';
import { mockDb } from '../db.ts';

/** The mock responds like the real server: the SPA's tests and `npm run dev` rely on it. */
async function call(method: string, path: string, body?: unknown, rawBody?: string) {
  const response = await fetch(`http://localhost${path}`, {
    method,
    headers: body !== undefined || rawBody !== undefined ? { 'Content-Type': 'application/json' } : undefined,
    body: rawBody ?? (body === undefined ? undefined : JSON.stringify(body)),
  });
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as unknown) : undefined };
}

const input = { firstName: 'Nina', lastName: 'Petrova', email: 'nina@example.com', registrationDateTime: '2024-05-01T10:30' };

describe('mock backend', () => {
  it('starts with about a dozen seeded clients', () => {
    expect(mockDb.listClients().length).toBeGreaterThanOrEqual(10);
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
      const before = mockDb.listClients().length;
      const response = await call('POST', '/api/clients', body, rawBody);
      expect(response).toEqual({ status: 400, json: { message } });
      expect(mockDb.listClients()).toHaveLength(before);
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
});
