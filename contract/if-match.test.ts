import { describe, expect, it } from 'vitest';
import {
  changedSinceMessage,
  clientNotFoundMessage,
  parseIfMatch,
  readAnswer,
  unwrittenAnswer,
  unwrittenOutcome,
  versionEtag,
} from './if-match.ts';

describe('parseIfMatch', () => {
  it('reads *, strong tags and lists', () => {
    expect(parseIfMatch(undefined)).toBeUndefined();
    expect(parseIfMatch('*')).toBe('*');
    expect(parseIfMatch(versionEtag(3))).toEqual([3]);
    expect(parseIfMatch('"v1", "v12" ,"v7"')).toEqual([1, 12, 7]);
  });

  it('keeps weak and foreign tags, which never match, out of the versions', () => {
    expect(parseIfMatch('W/"v3"')).toEqual([]);
    expect(parseIfMatch('"abc", W/"v2", "v0", "v4"')).toEqual([4]);
    expect(parseIfMatch('"a,b", "v5"')).toEqual([5]);
  });

  it('refuses what is not a list of entity tags', () => {
    for (const header of ['', ' ', 'v3', '"v3', '"v3" "v4"', '*, "v3"', 'W/v3', '"v"3"', ','])
      expect(parseIfMatch(header), header).toBeNull();
  });
});

describe('a conditional write of a client', () => {
  const none = { ifMatch: undefined, ifNoneMatch: undefined };
  const latest = { version: 3, kind: 'updated' as const, by: 'sam', at: '2026-11-27T10:00:00.000Z' };
  const client = {
    _id: 'c-1',
    firstName: 'Ana',
    lastName: 'Silva',
    email: 'ana@example.com',
    registrationDateTime: '2024-05-01T10:30:00.000Z',
  };

  it('is refused with 404 without a condition or a client, with 412 and the client as it is now with If-Match', () => {
    expect(unwrittenOutcome(none, latest, null)).toEqual({ status: 'not-found' });
    expect(unwrittenOutcome({ ifMatch: [2], ifNoneMatch: undefined }, undefined, null)).toEqual({ status: 'not-found' });
    const stale = unwrittenOutcome({ ifMatch: [2], ifNoneMatch: undefined }, latest, client);
    expect(stale).toEqual({ status: 'stale', current: { client, version: 3, kind: 'updated', changedBy: 'sam', changedAt: latest.at } });
    expect(unwrittenAnswer(stale, [2])).toEqual({ status: 412, body: { message: changedSinceMessage, current: expect.anything() } });
  });

  it('refused by If-None-Match alone: 412 for a live client, 404 for a deleted one', () => {
    const ifNoneMatch = { ifMatch: undefined, ifNoneMatch: [3] };
    expect(unwrittenOutcome(ifNoneMatch, latest, client)).toMatchObject({ status: 'stale' });
    expect(unwrittenOutcome(ifNoneMatch, { ...latest, kind: 'deleted' }, null)).toEqual({ status: 'not-found' });
    expect(unwrittenAnswer({ status: 'not-found' }, undefined)).toEqual({ status: 404, body: { message: clientNotFoundMessage } });
  });

  it('read: 404, then 412 for If-Match, then 304 for If-None-Match, each version with its ETag', () => {
    const found = { body: client, version: 3 };
    expect(readAnswer(undefined, none)).toEqual({ status: 404, body: { message: clientNotFoundMessage } });
    expect(readAnswer(found, { ifMatch: [2], ifNoneMatch: [3] })).toEqual({ status: 412, body: { message: changedSinceMessage } });
    expect(readAnswer(found, { ifMatch: undefined, ifNoneMatch: [3] })).toEqual({
      status: 304,
      body: undefined,
      headers: { ETag: '"v3"' },
    });
    expect(readAnswer(found, none)).toEqual({ status: 200, body: client, headers: { ETag: '"v3"' } });
  });
});
