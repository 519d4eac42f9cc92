/**
 * Possible duplicates and merging them (issue 29) on the real server, SQLite here and PostgreSQL in test:postgres:
 * the pairs with their versions, the merge (a conditional write), its undo within 30 days and its refusal when a
 * client changed since, the histories, erasure, staff accounts, and colleagues' one `batch` event each.
 */
import { describe, expect, it } from 'vitest';
import type { Client, ClientChange, DeletedClient } from '#contract/api';
import { mergeMessages, type DuplicatePairBody, type MergeConflictBody, type MergeSummary } from '#contract/merge';
import { openEventStream } from '../testing/event-stream.ts';
import {
  asStaff,
  asStaffMember,
  createClient,
  listeningTestApp,
  logIn,
  loggedIn,
  withCookie,
  type LoggedInApp,
} from '../testing/test-app.ts';

const amelia = { firstName: 'Amelia', lastName: 'Hart', email: 'amelia@example.com', registrationDateTime: '2024-05-01T10:30' };
const ameliaAgain = { firstName: 'AMÉLIA', lastName: 'hart', email: 'amelia.hart@work.example', registrationDateTime: '2025-01-02T09:00' };
const ALL_KEPT = { firstName: 'kept', lastName: 'kept', email: 'kept', registrationDateTime: 'kept' } as const;

const list = async (test: LoggedInApp) => (await asStaff(test, 'GET', '/api/clients')).json<Client[]>();
const history = async (test: LoggedInApp, id: string) => (await asStaff(test, 'GET', `/api/clients/${id}/history`)).json<ClientChange[]>();
const duplicates = async (test: LoggedInApp) => (await asStaff(test, 'GET', '/api/duplicates')).json<DuplicatePairBody[]>();

async function twoAlike(test: LoggedInApp) {
  const kept = await createClient(test, amelia);
  const other = await createClient(test, ameliaAgain);
  return { kept, other };
}

function mergeBody(kept: Client, other: Client, fields: object = ALL_KEPT, versions = { keep: 1, other: 1 }) {
  return { keepId: kept._id, otherId: other._id, keepVersion: versions.keep, otherVersion: versions.other, fields };
}

async function merged(test: LoggedInApp, kept: Client, other: Client, fields: object = ALL_KEPT): Promise<MergeSummary> {
  const response = await asStaff(test, 'POST', '/api/merges', { payload: mergeBody(kept, other, fields) });
  if (response.statusCode !== 201) throw new Error(`The merge failed with ${response.statusCode}: ${response.body}`);
  return response.json<MergeSummary>();
}

describe('GET /api/duplicates', () => {
  it('lists the pairs alike in name or email, the earlier registered first, each with its version', async () => {
    const test = await loggedIn();
    const { kept, other } = await twoAlike(test);
    await createClient(test, { ...amelia, firstName: 'Bea', lastName: 'Ng', email: 'bea@example.com' });
    const sameEmail = await createClient(test, {
      ...amelia,
      firstName: 'Cal',
      lastName: 'Ng',
      email: ' AMELIA@example.com',
      registrationDateTime: '2023-01-01T00:00',
    });
    expect(await duplicates(test)).toEqual([
      { kept: { client: sameEmail, version: 1 }, other: { client: kept, version: 1 }, reasons: ['email'] },
      { kept: { client: kept, version: 1 }, other: { client: other, version: 1 }, reasons: ['name'] },
    ]);
  });

  it('is empty when no two clients are alike', async () => {
    const test = await loggedIn();
    await createClient(test, amelia);
    expect(await duplicates(test)).toEqual([]);
  });
});

describe('POST /api/merges', () => {
  it('keeps the earlier client’s id with the chosen values; the other leaves the list; both histories say so', async () => {
    const test = await loggedIn();
    const { kept, other } = await twoAlike(test);
    const response = await asStaff(test, 'POST', '/api/merges', {
      payload: mergeBody(kept, other, { firstName: 'kept', lastName: 'kept', email: 'other', registrationDateTime: 'kept' }),
    });
    expect(response.statusCode).toBe(201);
    const summary = response.json<MergeSummary>();
    const stored = { ...kept, email: other.email };
    expect(summary).toEqual({
      id: expect.stringMatching(/^[A-Za-z0-9_-]+$/),
      at: '2025-03-01T09:00:00.000Z',
      by: 'nina',
      client: stored,
      version: 2,
      keptBefore: { firstName: 'Amelia', lastName: 'Hart', email: 'amelia@example.com', registrationDateTime: kept.registrationDateTime },
      other,
      fields: { firstName: 'kept', lastName: 'kept', email: 'other', registrationDateTime: 'kept' },
      undoableUntil: '2025-03-31T09:00:00.000Z',
      undone: null,
    });
    expect(await list(test)).toEqual([stored]);
    expect((await asStaff(test, 'GET', `/api/clients/${kept._id}`)).headers.etag).toBe('"v2"');
    expect((await asStaff(test, 'GET', `/api/clients/${other._id}`)).statusCode).toBe(404);
    expect((await asStaff(test, 'GET', '/api/deleted-clients')).json<DeletedClient[]>()).toEqual([]);
    const [entry] = await history(test, kept._id);
    expect(entry).toMatchObject({
      kind: 'merged',
      version: 2,
      by: 'nina',
      before: summary.keptBefore,
      after: { ...amelia, email: other.email, registrationDateTime: kept.registrationDateTime },
    });
    expect((await asStaff(test, 'GET', `/api/merges?clientId=${kept._id}`)).json()).toEqual([summary]);
    expect(await duplicates(test)).toEqual([]);
  });

  it('412 with both clients as they are now when either changed since the page opened; nothing merged', async () => {
    const test = await loggedIn();
    const { kept, other } = await twoAlike(test);
    const edited = { ...ameliaAgain, firstName: 'Amelie' };
    await asStaff(test, 'PUT', `/api/clients/${other._id}`, { payload: edited });
    const response = await asStaff(test, 'POST', '/api/merges', { payload: mergeBody(kept, other) });
    expect(response.statusCode).toBe(412);
    expect(response.json<MergeConflictBody>()).toEqual({
      message: mergeMessages.changedSince,
      kept: { client: kept, version: 1 },
      other: { client: { ...other, firstName: 'Amelie' }, version: 2 },
    });
    expect(await list(test)).toHaveLength(2);

    await asStaff(test, 'DELETE', `/api/clients/${kept._id}`);
    const deleted = await asStaff(test, 'POST', '/api/merges', { payload: mergeBody(kept, other, ALL_KEPT, { keep: 1, other: 2 }) });
    expect(deleted.statusCode).toBe(412);
    expect(deleted.json<MergeConflictBody>().kept).toEqual({ client: null, version: 2 });
  });

  it('400 when the kept client is not the one registered first, or is the other; 404 for an unknown client', async () => {
    const test = await loggedIn();
    const { kept, other } = await twoAlike(test);
    const swapped = await asStaff(test, 'POST', '/api/merges', { payload: mergeBody(other, kept) });
    expect(swapped.statusCode).toBe(400);
    expect(swapped.json()).toEqual({ message: mergeMessages.keptFirst });
    const same = await asStaff(test, 'POST', '/api/merges', { payload: mergeBody(kept, kept) });
    expect(same.json()).toEqual({ message: mergeMessages.sameClient });
    const unknown = await asStaff(test, 'POST', '/api/merges', { payload: mergeBody(kept, { ...other, _id: 'nobody' }) });
    expect(unknown.statusCode).toBe(404);
    const badChoice = await asStaff(test, 'POST', '/api/merges', { payload: mergeBody(kept, other, { ...ALL_KEPT, email: 'both' }) });
    expect(badChoice.statusCode).toBe(400);
    expect(await list(test)).toHaveLength(2);
  });

  it('is open to staff accounts, like an edit', async () => {
    const test = await loggedIn();
    const { kept, other } = await twoAlike(test);
    const sam = await asStaffMember(test);
    expect((await asStaff(sam, 'GET', '/api/duplicates')).statusCode).toBe(200);
    const response = await asStaff(sam, 'POST', '/api/merges', { payload: mergeBody(kept, other) });
    expect(response.statusCode).toBe(201);
    expect((await asStaff(sam, 'POST', `/api/merges/${response.json<MergeSummary>().id}/undo`)).statusCode).toBe(200);
  });
});

describe('POST /api/merges/:mergeId/undo', () => {
  it('brings both clients back as they were, same ids, values and histories, with an `unmerged` entry each', async () => {
    const test = await loggedIn();
    const { kept, other } = await twoAlike(test);
    const keptHistory = await history(test, kept._id);
    const otherHistory = await history(test, other._id);
    const summary = await merged(test, kept, other, {
      firstName: 'other',
      lastName: 'other',
      email: 'other',
      registrationDateTime: 'other',
    });
    test.clock.advance(29 * 24 * 60 * 60 * 1000);
    test.cookie = await logIn(test.app);
    const response = await asStaff(test, 'POST', `/api/merges/${summary.id}/undo`);
    expect(response.statusCode).toBe(200);
    expect(response.json<MergeSummary>().undone).toEqual({ at: '2025-03-30T09:00:00.000Z', by: 'nina' });
    expect(await list(test)).toEqual([kept, other]);
    const [keptUndo, keptMerge, ...keptRest] = await history(test, kept._id);
    expect(keptRest).toEqual(keptHistory);
    expect(keptMerge).toMatchObject({ kind: 'merged', version: 2 });
    expect(keptUndo).toMatchObject({ kind: 'unmerged', version: 3, before: keptMerge?.after, after: keptHistory[0]?.after });
    const [otherUndo, otherMerge, ...otherRest] = await history(test, other._id);
    expect(otherRest).toEqual(otherHistory);
    expect(otherMerge).toMatchObject({ kind: 'merged', version: 2, before: otherHistory[0]?.after, after: null });
    expect(otherUndo).toMatchObject({ kind: 'unmerged', version: 3, before: null, after: otherHistory[0]?.after });
    expect((await asStaff(test, 'GET', `/api/clients/${other._id}`)).headers.etag).toBe('"v3"');

    const again = await asStaff(test, 'POST', `/api/merges/${summary.id}/undo`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: mergeMessages.alreadyUndone });
  });

  it('409 saying so, and nothing changed, when the kept client was changed since the merge', async () => {
    const test = await loggedIn();
    const { kept, other } = await twoAlike(test);
    const summary = await merged(test, kept, other);
    await asStaff(test, 'PUT', `/api/clients/${kept._id}`, { payload: { ...amelia, firstName: 'Emilia' } });
    const before = await list(test);
    const response = await asStaff(test, 'POST', `/api/merges/${summary.id}/undo`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'Emilia Hart was changed since the merge, so it was not undone.' });
    expect(await list(test)).toEqual(before);
    expect((await asStaff(test, 'GET', `/api/merges?clientId=${kept._id}`)).json<MergeSummary[]>()[0]?.undone).toBeNull();
  });

  it('404 after 30 days, and for an unknown merge', async () => {
    const test = await loggedIn();
    const { kept, other } = await twoAlike(test);
    const summary = await merged(test, kept, other);
    test.clock.advance(30 * 24 * 60 * 60 * 1000 + 1);
    test.cookie = await logIn(test.app);
    expect((await asStaff(test, 'POST', `/api/merges/${summary.id}/undo`)).statusCode).toBe(404);
    expect((await asStaff(test, 'GET', `/api/merges?clientId=${kept._id}`)).json()).toEqual([]);
    const unknown = await asStaff(test, 'POST', '/api/merges/nothing-here/undo');
    expect(unknown.json()).toEqual({ message: mergeMessages.mergeNotFound });
  });

  it('an erasure of the kept client erases the merged one too: nothing of it is kept', async () => {
    const test = await loggedIn();
    const { kept, other } = await twoAlike(test);
    await merged(test, kept, other);
    expect((await asStaff(test, 'POST', `/api/clients/${kept._id}/erase`)).statusCode).toBeLessThan(300);
    expect(await test.app.db.selectFrom('merges').selectAll().execute()).toEqual([]);
    expect(await test.app.db.selectFrom('client_changes').select('kind').where('client_id', '=', other._id).execute()).toEqual([]);
  });

  it('a purge of the kept client takes the merged ones along, down a chain, but not one unmerged since', async () => {
    const test = await loggedIn();
    const { kept, other } = await twoAlike(test);
    const later = await createClient(test, { ...ameliaAgain, email: 'later@example.com', registrationDateTime: '2025-06-01T09:00' });
    const unmerged = await createClient(test, { ...ameliaAgain, email: 'back@example.com', registrationDateTime: '2025-03-01T09:00' });
    const undone = await merged(test, kept, unmerged);
    expect((await asStaff(test, 'POST', `/api/merges/${undone.id}/undo`)).statusCode).toBe(200);
    await merged(test, other, later);
    const merge = await asStaff(test, 'POST', '/api/merges', { payload: mergeBody(kept, other, ALL_KEPT, { keep: 3, other: 2 }) });
    expect(merge.statusCode).toBe(201);
    await asStaff(test, 'DELETE', `/api/clients/${kept._id}`);
    test.clock.advance(30 * 24 * 60 * 60 * 1000 + 1);
    expect(await test.app.clientStore.purgeDeleted(30)).toBe(1);
    expect(await test.app.db.selectFrom('merges').selectAll().execute()).toEqual([]);
    const logOf = (id: string) =>
      test.app.db.selectFrom('client_changes').select('kind').where('client_id', '=', id).orderBy('seq').execute();
    for (const id of [kept._id, other._id, later._id]) expect(await logOf(id)).toEqual([]);
    expect(await logOf(unmerged._id)).toEqual([{ kind: 'registered' }, { kind: 'merged' }, { kind: 'unmerged' }]);
  });
});

describe('colleagues’ event streams', () => {
  it('get a merge and its undo as one `batch` event each', async () => {
    const test = await listeningTestApp();
    const nina = withCookie(test, await logIn(test.app));
    const { kept, other } = await twoAlike(nina);
    const colleague = await openEventStream(test.port, await logIn(test.app));
    const start = await colleague.ready();
    const summary = await merged(nina, kept, other);
    expect(await colleague.untilBatches(1)).toEqual([{ seq: start + 2, count: 2 }]);
    await asStaff(nina, 'POST', `/api/merges/${summary.id}/undo`);
    expect(await colleague.untilBatches(2)).toEqual([
      { seq: start + 2, count: 2 },
      { seq: start + 4, count: 2 },
    ]);
    expect(colleague.changes()).toEqual([]);
  });
});
