/**
 * GET /api/clients served from the serialised list in memory (clients/read-model.ts): the same
 * responses as from the database, compressed on request, and never older than the last write;
 * and GET /api/clients/:id (from the database, for its version) consistent with it.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Client } from '#contract/api';
import { createClientsRepository } from '../repositories/clients.ts';
import { aClient, anotherConnection, asStaff, createClient, loggedIn, type LoggedInApp } from '../testing/test-app.ts';

async function staffWithClients(count: number, client: object = aClient): Promise<LoggedInApp & { clients: Client[] }> {
  const test = await loggedIn();
  const clients: Client[] = [];
  for (let index = 0; index < count; index += 1) clients.push(await createClient(test, { ...client, email: `c${index}@example.com` }));
  return Object.assign(test, { clients });
}

const get = (test: LoggedInApp, url: string, headers: Record<string, string> = {}) => asStaff(test, 'GET', url, { headers });

describe('GET /api/clients, compressed', () => {
  it('sends brotli or gzip as the request accepts, with Vary and an ETag per coding', async () => {
    const test = await staffWithClients(20);
    const plain = await get(test, '/api/clients');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    const etag = plain.headers.etag as string;

    const br = await get(test, '/api/clients', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(br.headers.etag).toBe(etag.replace(/"$/, '-br"'));
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);

    const gzip = await get(test, '/api/clients', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(Number(br.headers['content-length'])).toBeLessThan(plain.rawPayload.length / 3);
  });

  it('responds 304 to any coding’s ETag while the list is unchanged', async () => {
    const test = await staffWithClients(20);
    const br = await get(test, '/api/clients', { 'accept-encoding': 'br' });
    const unchanged = await get(test, '/api/clients', { 'if-none-match': br.headers.etag as string });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.headers.vary).toBe('accept-encoding');
    await asStaff(test, 'DELETE', `/api/clients/${test.clients[0]?._id}`);
    expect((await get(test, '/api/clients', { 'accept-encoding': 'br', 'if-none-match': br.headers.etag as string })).statusCode).toBe(200);
  });

  it('sends a list smaller than a packet as it is', async () => {
    const test = await staffWithClients(1);
    const response = await get(test, '/api/clients', { 'accept-encoding': 'br' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual(test.clients);
  });
});

describe('the serialised list', () => {
  it('is exactly JSON.stringify of the clients, whatever their names hold', async () => {
    const test = await staffWithClients(3, { ...aClient, firstName: 'Zoë "Zee" \\ 💄', lastName: 'שרה "O\\Neil" \u200F' });
    const list = await get(test, '/api/clients');
    expect(list.body).toBe(JSON.stringify(list.json()));
    expect(list.json<Client[]>()[0]?.firstName).toBe('Zoë "Zee" \\ 💄');
    for (const client of test.clients) expect((await get(test, `/api/clients/${client._id}`)).body).toBe(JSON.stringify(client));
  });
});

describe('the repository’s JSON of every client', () => {
  it('is JSON.stringify of each client, and its count and byte size are the list’s', async () => {
    const test = await staffWithClients(4, { ...aClient, lastName: 'O"Neil \\ 💄' });
    const json: string[] = [];
    const repository = createClientsRepository(test.app.db);
    const size = await repository.jsonSize();
    await test.app.dbEngine.forEachValue(repository.jsonListQuery(), (each) => void json.push(each));
    expect(json.toSorted()).toEqual(test.clients.map((client) => JSON.stringify(client)).toSorted());
    expect(size).toEqual({ clients: 4, bytes: json.reduce((sum, each) => sum + Buffer.byteLength(each), 0) });
  });
});

describe('GET /api/clients/:id while the list is in memory', () => {
  it('responds the same as from the database, and 404 for an id that is not in the list', async () => {
    const test = await staffWithClients(5);
    const client = test.clients[2] as Client;
    const fromDatabase = await get(test, `/api/clients/${client._id}`);
    await get(test, '/api/clients'); // the list is now in memory
    const fromList = await get(test, `/api/clients/${client._id}`);
    expect(fromList.statusCode).toBe(200);
    expect(fromList.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(fromList.body).toBe(fromDatabase.body);
    expect(fromList.json()).toEqual(client);
    const missing = await get(test, '/api/clients/AAAAAAAAAAAAAAAAAAAAAA');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Client not found' });
  });

  it('is never older than the last write: an update or a delete shows at once', async () => {
    const test = await staffWithClients(3);
    const client = test.clients[1] as Client;
    await get(test, '/api/clients');
    const updated = await asStaff(test, 'PUT', `/api/clients/${client._id}`, { payload: { ...aClient, firstName: 'Renamed' } });
    expect(updated.statusCode).toBe(200);
    expect((await get(test, `/api/clients/${client._id}`)).json<Client>().firstName).toBe('Renamed');
    await get(test, '/api/clients');
    expect((await get(test, `/api/clients/${client._id}`)).json<Client>().firstName).toBe('Renamed');

    await asStaff(test, 'DELETE', `/api/clients/${client._id}`);
    expect((await get(test, `/api/clients/${client._id}`)).statusCode).toBe(404);
    await get(test, '/api/clients');
    expect((await get(test, `/api/clients/${client._id}`)).statusCode).toBe(404);
  });

  it('is never older than the database: a change another process commits shows on the very next request', async () => {
    const test = await staffWithClients(3);
    const client = test.clients[1] as Client;
    await get(test, '/api/clients'); // the list is now in memory
    expect((await get(test, `/api/clients/${client._id}`)).json<Client>().firstName).toBe(aClient.firstName);

    // A second server, `npm run seed` or any tool writing the same database.
    const other = await anotherConnection(test);
    await other.updateTable('clients').set({ first_name: 'Changed elsewhere' }).where('id', '=', client._id).execute();
    expect((await get(test, `/api/clients/${client._id}`)).json<Client>().firstName).toBe('Changed elsewhere');
    expect((await get(test, '/api/clients')).json<Client[]>().map((each) => each.firstName)).toContain('Changed elsewhere');

    await other.deleteFrom('clients').where('id', '=', client._id).execute();
    expect((await get(test, `/api/clients/${client._id}`)).statusCode).toBe(404);
    expect((await get(test, '/api/clients')).json<Client[]>()).toHaveLength(2);
  });
});
