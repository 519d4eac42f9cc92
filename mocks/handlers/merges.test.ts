/** Merging duplicates in the mock (issue 29): colleagues are told as the server tells them, one `batch` per merge or undo. */
import { describe, expect, it } from 'vitest';
import { DuplicateList, MergeSummary } from '#contract/merge';
import { mockDb } from '../db.ts';
import { replayedAfter, toldWhile as told } from '../testing/replayed-events.ts';

async function post(path: string, body?: unknown) {
  const response = await fetch(`http://localhost${path}`, {
    method: 'POST',
    headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as unknown };
}

/** Two clients alike in name, the first registered earlier; their pair as GET /api/duplicates lists it. */
async function twins() {
  mockDb.startSession();
  const fields = { firstName: 'Tess', lastName: 'Twin', registrationDateTime: '2020-01-01T10:00:00.000Z' };
  await mockDb.createClient({ ...fields, email: 'tess@example.com' });
  await mockDb.createClient({ ...fields, email: 'tess.twin@example.com', registrationDateTime: '2021-01-01T10:00:00.000Z' });
  const pairs = DuplicateList.parse(await (await fetch('http://localhost/api/duplicates')).json());
  const pair = pairs.find(({ kept }) => kept.client.email === 'tess@example.com');
  if (!pair) throw new Error('The twins are not listed as possible duplicates');
  return {
    keepId: pair.kept.client._id,
    otherId: pair.other.client._id,
    keepVersion: pair.kept.version,
    otherVersion: pair.other.version,
    fields: { firstName: 'kept', lastName: 'kept', email: 'other', registrationDateTime: 'kept' },
  } as const;
}

describe('merges in the mock', () => {
  it('tell colleagues of a merge and of its undo as one batch each, as the server does', async () => {
    const merge = await twins();
    const head = await mockDb.head();
    let mergeId = '';
    expect(
      await told(async () => {
        const merged = await post('/api/merges', merge);
        expect(merged.status).toBe(201);
        mergeId = MergeSummary.parse(merged.json).id;
      }),
    ).toEqual({ changes: [], batches: [{ seq: head + 2, count: 2 }] });
    expect(await told(async () => expect((await post(`/api/merges/${mergeId}/undo`)).status).toBe(200))).toEqual({
      changes: [],
      batches: [{ seq: head + 4, count: 2 }],
    });
    // Both histories as before: each client's entries, the kept one's values back.
    expect((await mockDb.changes()).slice(-4).map(({ clientId, kind, after }) => [clientId, kind, after?.email ?? null])).toEqual([
      [merge.keepId, 'merged', 'tess.twin@example.com'],
      [merge.otherId, 'merged', null],
      [merge.keepId, 'unmerged', 'tess@example.com'],
      [merge.otherId, 'unmerged', 'tess.twin@example.com'],
    ]);
  });

  it('replay a merge and its undo as one batch event each to a stream that missed them', async () => {
    const merge = await twins();
    const after = await mockDb.head();
    const summary = MergeSummary.parse((await post('/api/merges', merge)).json);
    await post(`/api/merges/${summary.id}/undo`);
    expect(await replayedAfter(after)).toEqual([
      ['batch', { seq: after + 2, count: 2 }],
      ['batch', { seq: after + 4, count: 2 }],
      ['ready', { seq: after + 4 }],
    ]);
  });
});
