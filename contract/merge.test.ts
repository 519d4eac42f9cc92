import { describe, expect, it } from 'vitest';
import {
  MERGE_UNDO_DAYS,
  mergeAnswer,
  mergeMessages,
  mergeSummary,
  planMerge,
  unmergeAnswer,
  unmergeRefusal,
  type ClientState,
  type MergeRequest,
} from './merge.ts';
import { undoableUntil } from './time-windows.ts';

const anna = {
  _id: 'c-anna',
  firstName: 'Anna',
  lastName: 'Hart',
  email: 'anna@example.com',
  registrationDateTime: '2023-01-01T10:00:00.000Z',
};
const anne = {
  _id: 'c-anne',
  firstName: 'Anne',
  lastName: 'Hart',
  email: 'anne@example.com',
  registrationDateTime: '2024-01-01T10:00:00.000Z',
};
const live = (client: typeof anna, version = 1): ClientState => ({ client, version, deleted: false });
const request: MergeRequest = {
  keepId: anna._id,
  otherId: anne._id,
  keepVersion: 1,
  otherVersion: 1,
  fields: { firstName: 'kept', lastName: 'kept', email: 'other', registrationDateTime: 'kept' },
};

describe('a merge’s plan', () => {
  it('gives the kept client the values chosen, from both as read', () => {
    const plan = planMerge(request, live(anna), live(anne));
    expect(plan).toEqual({
      status: 'merge',
      kept: live(anna),
      other: live(anne),
      keptBefore: { firstName: 'Anna', lastName: 'Hart', email: 'anna@example.com', registrationDateTime: anna.registrationDateTime },
      after: { firstName: 'Anna', lastName: 'Hart', email: 'anne@example.com', registrationDateTime: anna.registrationDateTime },
    });
  });

  it('refuses one client twice, an unknown one, a change since (both as they are now), and keeping the later one', () => {
    expect(planMerge({ ...request, otherId: anna._id }, live(anna), live(anna))).toEqual({ status: 'same-client' });
    expect(planMerge(request, live(anna), undefined)).toEqual({ status: 'not-found' });
    expect(planMerge(request, live(anna, 2), { ...live(anne), deleted: true })).toEqual({
      status: 'changed',
      conflict: { kept: { client: anna, version: 2 }, other: { client: null, version: 1 } },
    });
    const reversed = { ...request, keepId: anne._id, otherId: anna._id };
    expect(planMerge(reversed, live(anne), live(anna))).toEqual({ status: 'kept-not-first' });
  });

  it('answers each outcome as the server and the mock do', () => {
    expect(mergeAnswer({ status: 'same-client' })).toEqual({ status: 400, body: { message: mergeMessages.sameClient } });
    expect(mergeAnswer({ status: 'kept-not-first' })).toEqual({ status: 400, body: { message: mergeMessages.keptFirst } });
    expect(mergeAnswer({ status: 'not-found' }).status).toBe(404);
    const conflict = { kept: { client: anna, version: 2 }, other: { client: anne, version: 1 } };
    expect(mergeAnswer({ status: 'changed', conflict })).toEqual({
      status: 412,
      body: { message: mergeMessages.changedSince, ...conflict },
    });
  });
});

describe('a merge’s undo', () => {
  const summary = mergeSummary({
    id: 'm-1',
    at: '2026-11-01T09:00:00.000Z',
    by: 'sam',
    client: anna,
    version: 2,
    keptBefore: anna,
    other: anne,
    fields: request.fields,
    undone: null,
  });

  it('is offered for MERGE_UNDO_DAYS days', () => {
    expect(summary.undoableUntil).toBe(undoableUntil(summary.at, MERGE_UNDO_DAYS));
  });

  it('is refused when the kept client changed, was deleted or erased since, or the other is back: naming whom', () => {
    expect(unmergeRefusal(summary, live(anna, 2), false)).toBeUndefined();
    expect(unmergeRefusal(summary, live({ ...anna, firstName: 'Ann' }, 3), false)).toEqual({
      status: 'changed',
      client: { ...anna, firstName: 'Ann' },
    });
    expect(unmergeRefusal(summary, { ...live(anna, 2), deleted: true }, false)).toEqual({ status: 'changed', client: anna });
    expect(unmergeRefusal(summary, undefined, false)).toEqual({ status: 'changed', client: anna });
    expect(unmergeRefusal(summary, live(anna, 2), true)).toEqual({ status: 'changed', client: anne });
    expect(unmergeAnswer({ status: 'changed', client: anne })).toEqual({
      status: 409,
      body: { message: mergeMessages.changedSinceMerge('Anne', 'Hart') },
    });
    expect(unmergeAnswer({ status: 'already-undone' }).status).toBe(409);
    expect(unmergeAnswer({ status: 'not-found' }).status).toBe(404);
  });
});
