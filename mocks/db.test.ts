/** The mock's store on SQLite (issue 39): the server's repositories answer, in the mock's words (mockDb's API). */
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MergeRequest } from '#contract/merge';
import { seedClients } from './seed.ts';
import { loadMockDb, mockDb, resetMockDb } from './db.ts';
import { toldWhile as told } from './testing/replayed-events.ts';

const amelia = 'mock-000001';
const fields = { firstName: 'Iris', lastName: 'Novak', email: 'iris@example.com', registrationDateTime: '2024-05-01T10:30:00.000Z' };

beforeAll(() => loadMockDb());
beforeEach(() => resetMockDb());

describe('the mock store on SQLite', () => {
  it('opens with the seed, each client registered at version 1 by the demo account', async () => {
    expect(await mockDb.listClients()).toHaveLength(seedClients.length);
    expect(await mockDb.findVersioned(amelia)).toEqual({ client: seedClients[0], version: 1 });
    expect(await mockDb.history(amelia)).toEqual([
      expect.objectContaining({ seq: 1, kind: 'registered', by: 'admin', at: seedClients[0]?.registrationDateTime, before: null }),
    ]);
    expect(await mockDb.head()).toBe(seedClients.length);
    expect(mockDb.hasSession()).toBe(false);
  });

  it('registers, edits, deletes, restores and erases as the server does, each a version and an entry', async () => {
    const { client, version } = await mockDb.createClient(fields, 'sam');
    expect([client._id, version]).toEqual(['mock-000013', 1]);
    expect(
      await mockDb.updateClient(client._id, { ...fields, lastName: 'Kovac' }, 'sam', { ifMatch: [2], ifNoneMatch: undefined }),
    ).toEqual({
      status: 'stale',
      current: expect.objectContaining({ version: 1, kind: 'registered', changedBy: 'sam' }),
    });
    const updated = await mockDb.updateClient(client._id, { ...fields, lastName: 'Kovac' }, 'sam', {
      ifMatch: [1],
      ifNoneMatch: undefined,
    });
    expect(updated).toMatchObject({ status: 'written', value: { version: 2, client: { lastName: 'Kovac' } } });
    expect(await mockDb.deleteClient(client._id, 'sam')).toEqual({ status: 'written', value: { version: 3, cancelled: [] } });
    expect(await mockDb.findClient(client._id)).toBeUndefined();
    expect(await mockDb.listDeletedClients()).toEqual([expect.objectContaining({ _id: client._id, deletedBy: 'sam' })]);
    expect(await mockDb.findStored(client._id)).toMatchObject({ version: 3, deleted: { by: 'sam' } });
    expect(await mockDb.restoreClient(client._id, 'admin')).toMatchObject({ version: 4, client: { lastName: 'Kovac' } });
    expect((await mockDb.history(client._id))?.map(({ kind, version }) => [kind, version])).toEqual([
      ['restored', 4],
      ['deleted', 3],
      ['updated', 2],
      ['registered', 1],
    ]);

    expect(await mockDb.eraseClient(client._id, 'admin')).toBe(true);
    expect(await mockDb.eraseClient(client._id, 'admin')).toBe(false);
    expect(await mockDb.history(client._id)).toBeUndefined();
    const erased = (await mockDb.changes()).filter((change) => change.clientId === client._id);
    expect(erased).toEqual([expect.objectContaining({ kind: 'erased', version: 5, before: null, after: null })]);
    expect(JSON.stringify(await mockDb.changes())).not.toContain('Kovac');
  });

  it('registers once per account and Idempotency-Key, and answers the first registration again', async () => {
    const first = await mockDb.register(fields, 'key-1', 'sam');
    expect(first).toMatchObject({ status: 'registered', value: { client: { _id: 'mock-000013' }, version: 1 } });
    expect(await mockDb.register(fields, 'key-1', 'sam')).toEqual({ ...first, status: 'replayed' });
    expect(await mockDb.register({ ...fields, lastName: 'Other' }, 'key-1', 'sam')).toEqual({ status: 'key-reused' });
    // Another account's key is its own; a replay gave no id away.
    expect(await mockDb.register(fields, 'key-1', 'admin')).toMatchObject({
      status: 'registered',
      value: { client: { _id: 'mock-000014' } },
    });

    vi.useFakeTimers({ now: Date.now() + 25 * 60 * 60 * 1000, toFake: ['Date'] });
    expect(await mockDb.register(fields, 'key-1', 'sam')).toMatchObject({
      status: 'registered',
      value: { client: { _id: 'mock-000015' } },
    });
  });

  it('imports a file as one batch, replays it for its Idempotency-Key, and takes it back', async () => {
    const rows = [
      { firstName: 'Iris', lastName: 'Novak', email: 'iris@example.com' },
      { firstName: 'Amelia', lastName: 'Hartley', email: 'AMELIA.HART@example.com', registrationDateTime: '2024-05-02T10:30' },
    ];
    const request = { fileName: 'clients.csv', existing: 'update' as const, rows };
    const sent = { key: 'import-key', hash: 'hash-1' };
    const { changes, batches } = await told(() => mockDb.importClients(request, sent, 'admin'));
    expect(changes).toEqual([]);
    expect(batches).toEqual([{ seq: 14, count: 2 }]);
    const [summary] = await mockDb.listImports();
    expect(summary).toMatchObject({ id: 'import-1', by: 'admin', created: 1, updated: 1, skipped: 0, undone: null });
    expect((await mockDb.findVersioned(amelia))?.client.lastName).toBe('Hartley');
    expect(await mockDb.importClients(request, sent, 'admin')).toEqual({ status: 'replayed', summary });
    expect(await mockDb.importClients(request, { ...sent, hash: 'hash-2' }, 'admin')).toEqual({ status: 'key-reused' });

    const undo = await mockDb.undoImport('import-1', 'sam');
    expect(undo).toMatchObject({ status: 'undone', summary: { undone: { by: 'sam', leftAsChanged: [] } } });
    expect((await mockDb.findVersioned(amelia))?.client.lastName).toBe('Hart');
    expect(await mockDb.findClient('mock-000013')).toBeUndefined();
    expect(await mockDb.undoImport('import-1', 'sam')).toEqual({ status: 'already-undone' });
    expect((await told(async () => {}, 0)).batches).toEqual([
      { seq: 14, count: 2 },
      { seq: 16, count: 2 },
    ]);

    vi.useFakeTimers({ now: Date.now() + 31 * 24 * 60 * 60 * 1000, toFake: ['Date'] });
    expect(await mockDb.findImport('import-1')).toBeUndefined();
  });

  it('merges two clients and takes the merge back, each one batch', async () => {
    const twin = { firstName: 'Tess', lastName: 'Twin', registrationDateTime: '2020-01-01T10:00:00.000Z' };
    await mockDb.createClient({ ...twin, email: 'tess@example.com' });
    await mockDb.createClient({ ...twin, email: 'tess.twin@example.com', registrationDateTime: '2021-01-01T10:00:00.000Z' });
    const pair = (await mockDb.duplicates()).find(({ kept }) => kept.client.email === 'tess@example.com');
    const request: MergeRequest = {
      keepId: 'mock-000013',
      otherId: 'mock-000014',
      keepVersion: pair?.kept.version ?? 0,
      otherVersion: pair?.other.version ?? 0,
      fields: { firstName: 'kept', lastName: 'kept', email: 'other', registrationDateTime: 'kept' },
    };
    const merged = await told(() => mockDb.merge(request, 'admin'));
    expect(merged.batches).toEqual([{ seq: 16, count: 2 }]);
    expect(await mockDb.findVersioned('mock-000013')).toMatchObject({ version: 2, client: { email: 'tess.twin@example.com' } });
    expect(await mockDb.findClient('mock-000014')).toBeUndefined();
    const [summary] = await mockDb.mergesOf('mock-000014');
    expect(summary).toMatchObject({ id: 'merge-1', by: 'admin', undone: null });

    const undone = await told(() => mockDb.undoMerge(summary?.id ?? '', 'sam'));
    expect(undone.batches).toEqual([{ seq: 18, count: 2 }]);
    expect(await mockDb.findVersioned('mock-000013')).toMatchObject({ version: 3, client: { email: 'tess@example.com' } });
    expect(await mockDb.findVersioned('mock-000014')).toMatchObject({ version: 3, client: { email: 'tess.twin@example.com' } });
    expect(await mockDb.undoMerge(summary?.id ?? '', 'sam')).toEqual({ status: 'already-undone' });
  });

  it('tells each write to the change listeners once it is stored', async () => {
    const { changes, batches } = await told(async () => {
      await mockDb.updateClient(amelia, { ...fields, firstName: 'Amy' }, 'colleague');
      await mockDb.deleteClient(amelia, 'colleague');
    });
    expect(changes.map(({ seq, kind, by }) => [seq, kind, by])).toEqual([
      [13, 'updated', 'colleague'],
      [14, 'deleted', 'colleague'],
    ]);
    expect(changes[0]?.client).toMatchObject({ firstName: 'Amy' });
    expect(batches).toEqual([]);
  });

  it('keeps the audit trail, a page at a time, newest first', async () => {
    await mockDb.recordAudit({ kind: 'sign-in', actor: 'admin', userAgent: 'x'.repeat(600) });
    const entry = await mockDb.recordAudit({ kind: 'sign-in', actor: 'sam' });
    expect(entry).toMatchObject({ seq: 2, kind: 'sign-in', actor: 'sam', subject: null, ip: null, userAgent: null });
    const page = await mockDb.auditPage({}, 1);
    expect(page.entries).toEqual([entry]);
    expect((await mockDb.auditPage({ before: page.nextBefore ?? 0 }, 1)).entries[0]?.userAgent).toHaveLength(512);
    expect(await mockDb.auditEntries({ account: 'sam' })).toEqual([entry]);
  });

  it('replaces the clients and their log, and keeps the session and the audit trail', async () => {
    mockDb.startSession('sam');
    await mockDb.recordAudit({ kind: 'sign-in', actor: 'sam' });
    await mockDb.setClients([{ _id: 'c-nina', ...fields }]);
    expect(await mockDb.listClients()).toEqual([{ _id: 'c-nina', ...fields }]);
    expect((await mockDb.changes()).map(({ seq, clientId }) => [seq, clientId])).toEqual([[1, 'c-nina']]);
    expect(await mockDb.auditEntries({})).toHaveLength(1);
    expect(mockDb.sessionUser()).toBe('sam');
  });

  it('brings the seed back at once on a reset', async () => {
    mockDb.startSession('sam');
    await mockDb.eraseClient(amelia);
    await mockDb.createClient(fields);
    const started = performance.now();
    resetMockDb();
    const elapsed = performance.now() - started;
    expect(mockDb.hasSession()).toBe(false);
    expect(await mockDb.listClients()).toHaveLength(seedClients.length);
    expect(await mockDb.findClient(amelia)).toEqual(seedClients[0]);
    expect((await mockDb.createClient(fields)).client._id).toBe('mock-000013');
    // Before each of the SPA's 600 tests: it must cost next to nothing.
    expect(elapsed).toBeLessThan(50);
  });
});
