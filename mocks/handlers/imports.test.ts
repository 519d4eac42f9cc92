/** Importing clients in the mock (issue 29), as the real server answers it. */
import { describe, expect, it } from 'vitest';
import { ClientHistory, DeletedClientList } from '#contract/api';
import { ImportList, importMessages, ImportSummary } from '#contract/import';
import { ownerOnly } from '#contract/team';
import { mockDb } from '../db.ts';
import { replayedAfter, toldWhile } from '../testing/replayed-events.ts';
import { call } from '../testing/call.ts';

/** Amelia Hart is a seeded client (mocks/seed.ts). */
const rows = [
  { firstName: 'Iris', lastName: 'Novak', email: 'iris@example.com', registrationDateTime: '2024-05-01T10:30' },
  { firstName: 'Amelia', lastName: 'Hartley', email: 'AMELIA.HART@example.com', registrationDateTime: '2024-05-02T10:30' },
  { firstName: 'Iris', lastName: 'Again', email: 'iris@example.com' },
  { firstName: 'Bad', lastName: 'Email', email: 'nope' },
  { firstName: 'Noah', lastName: 'Klein', email: 'noah@example.com' },
];

const importFile = (existing: 'skip' | 'update') => call('POST', '/api/imports', { fileName: 'clients.csv', existing, rows });
const named = async (firstName: string) => (await mockDb.listClients()).find((client) => client.firstName === firstName);

describe('imports in the mock', () => {
  it('writes the new rows, skips the rest, and lists the import', async () => {
    mockDb.startSession();
    const before = (await mockDb.listClients()).length;
    const response = await importFile('skip');
    expect(response.status).toBe(201);
    const summary = ImportSummary.parse(response.json);
    expect(summary).toMatchObject({
      by: 'admin',
      fileName: 'clients.csv',
      existing: 'skip',
      created: 2,
      updated: 0,
      skipped: 3,
      undone: null,
    });
    expect(await mockDb.listClients()).toHaveLength(before + 2);
    // No date in the file: the time of the import.
    expect((await named('Noah'))?.registrationDateTime).toBe(summary.at);
    expect((await named('Amelia'))?.lastName).toBe('Hart');

    const history = ClientHistory.parse((await call('GET', `/api/clients/${(await named('Iris'))?._id}/history`)).json);
    expect(history).toMatchObject([{ kind: 'imported', by: 'admin', before: null }]);
    expect(ImportList.parse((await call('GET', '/api/imports')).json)).toEqual([summary]);
    expect((await call('GET', `/api/imports/${summary.id}`)).json).toEqual(summary);
    expect(await mockDb.auditEntries({ kind: 'clients-imported' })).toMatchObject([{ actor: 'admin', subject: summary.id, detail: '2' }]);
  });

  it('updates existing clients on "update", and the undo gives them their earlier values', async () => {
    mockDb.startSession();
    const summary = ImportSummary.parse((await importFile('update')).json);
    expect(summary).toMatchObject({ created: 2, updated: 1, skipped: 2 });
    expect(await named('Amelia')).toMatchObject({ lastName: 'Hartley', email: 'AMELIA.HART@example.com' });

    const undone = await call('POST', `/api/imports/${summary.id}/undo`);
    expect(undone.status).toBe(200);
    expect(ImportSummary.parse(undone.json).undone).toMatchObject({ by: 'admin', leftAsChanged: [] });
    expect(await named('Amelia')).toMatchObject({ lastName: 'Hart', email: 'amelia.hart@example.com' });
    expect(await named('Iris')).toBeUndefined();
    const deleted = DeletedClientList.parse((await call('GET', '/api/deleted-clients')).json);
    expect(deleted.map((client) => client.firstName).toSorted()).toEqual(['Iris', 'Noah']);
  });

  it('leaves clients changed since the import as they are, and names them', async () => {
    mockDb.startSession();
    const summary = ImportSummary.parse((await importFile('skip')).json);
    const iris = await named('Iris');
    if (!iris) throw new Error('Iris was not imported');
    await mockDb.updateClient(iris._id, { ...iris, lastName: 'Novakova' });

    const undone = ImportSummary.parse((await call('POST', `/api/imports/${summary.id}/undo`)).json);
    expect(undone.undone?.leftAsChanged).toEqual([{ clientId: iris._id, firstName: 'Iris', lastName: 'Novakova' }]);
    expect((await named('Iris'))?.lastName).toBe('Novakova');
    expect(await named('Noah')).toBeUndefined();
  });

  it('answers 409 to a second undo and 404 to an unknown import', async () => {
    mockDb.startSession();
    const summary = ImportSummary.parse((await importFile('skip')).json);
    expect((await call('POST', `/api/imports/${summary.id}/undo`)).status).toBe(200);
    expect(await call('POST', `/api/imports/${summary.id}/undo`)).toEqual({ status: 409, json: { message: importMessages.alreadyUndone } });
    expect(await call('POST', '/api/imports/import-99/undo')).toEqual({ status: 404, json: { message: importMessages.notFound } });
    expect(await call('GET', '/api/imports/import-99')).toEqual({ status: 404, json: { message: importMessages.notFound } });
    expect(await mockDb.auditEntries({ kind: 'import-undone' })).toMatchObject([{ actor: 'admin', subject: summary.id }]);
  });

  it('answers 400 to a request out of the contract, and stores nothing', async () => {
    mockDb.startSession();
    const before = (await mockDb.changes()).length;
    expect(await call('POST', '/api/imports', { fileName: 'clients.csv', existing: 'skip', rows: [] })).toEqual({
      status: 400,
      json: { message: 'The file has no rows' },
    });
    expect((await call('POST', '/api/imports', { fileName: 'clients.csv', existing: 'merge', rows })).status).toBe(400);
    expect(await mockDb.changes()).toHaveLength(before);
  });

  it('refuses staff with 403, and everyone without a session with 401', async () => {
    expect((await call('GET', '/api/imports')).status).toBe(401);
    mockDb.startSession('sam');
    for (const [method, path] of [
      ['GET', '/api/imports'],
      ['POST', '/api/imports'],
      ['POST', '/api/imports/import-1/undo'],
    ] as const) {
      expect(await call(method, path, method === 'POST' ? { fileName: 'a.csv', existing: 'skip', rows } : undefined)).toEqual({
        status: 403,
        json: { message: ownerOnly.importClients },
      });
    }
    expect(await mockDb.listImports()).toEqual([]);
  });

  it('tells the events stream once per import, not once per client', async () => {
    mockDb.startSession();
    const head = await mockDb.head();
    expect(await toldWhile(() => importFile('skip'))).toEqual({ changes: [], batches: [{ seq: head + 2, count: 2 }] });
  });

  it('replays an import as one batch event to a stream that missed it', async () => {
    mockDb.startSession();
    await mockDb.createClient({
      firstName: 'Before',
      lastName: 'Import',
      email: 'before@example.com',
      registrationDateTime: '2024-01-01T00:00:00.000Z',
    });
    const after = (await mockDb.head()) - 1;
    await importFile('skip');
    expect(await replayedAfter(after)).toEqual([
      ['change', expect.objectContaining({ kind: 'registered' })],
      ['batch', { seq: await mockDb.head(), count: 2 }],
      ['ready', { seq: await mockDb.head() }],
    ]);
  });

  it('answers an import sent again with its Idempotency-Key as the first one, writing nothing, as the server does', async () => {
    mockDb.startSession();
    const send = async (key: string, existing: 'skip' | 'update' = 'skip') => {
      const response = await fetch('http://localhost/api/imports', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
        body: JSON.stringify({ fileName: 'clients.csv', existing, rows }),
      });
      return { status: response.status, location: response.headers.get('Location'), json: (await response.json()) as unknown };
    };
    const first = await send('import-key-1');
    expect(first.status).toBe(201);
    const clients = (await mockDb.listClients()).length;
    const changes = (await mockDb.changes()).length;
    expect(await send('import-key-1')).toEqual(first);
    expect(await mockDb.listClients()).toHaveLength(clients);
    expect(await mockDb.changes()).toHaveLength(changes);
    expect(await mockDb.listImports()).toHaveLength(1);
    expect(await mockDb.auditEntries({ kind: 'clients-imported' })).toHaveLength(1);
    expect(await send('import-key-1', 'update')).toMatchObject({ status: 422, json: { message: importMessages.keyReused } });
    expect((await send('import-key-2')).status).toBe(201);
  });

  it('imports 10,000 rows in one request', async () => {
    mockDb.startSession();
    const many = Array.from({ length: 10_000 }, (_, index) => ({
      firstName: `First${index}`,
      lastName: `Last${index}`,
      email: `client${index}@example.com`,
      registrationDateTime: '2024-05-01T10:30',
    }));
    const started = performance.now();
    const summary = ImportSummary.parse((await call('POST', '/api/imports', { fileName: 'big.csv', existing: 'skip', rows: many })).json);
    const undone = ImportSummary.parse((await call('POST', `/api/imports/${summary.id}/undo`)).json);
    expect(summary.created).toBe(10_000);
    expect(undone.undone?.leftAsChanged).toEqual([]);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
