import { describe, expect, it } from 'vitest';
import type { Client } from '../../contract/api.js';
import { ClientListCache, matchesIfNoneMatch, serializeList } from './client-list-cache.js';

const client = (id: string): Client => ({
  _id: id,
  firstName: 'A',
  lastName: 'B',
  email: 'a@b.co',
  registrationDateTime: '2024-05-01T10:30:00.000Z',
});

describe('ClientListCache', () => {
  it('loads once and serves the same buffer until invalidated', async () => {
    let loads = 0;
    let rows = [client('a')];
    const cache = new ClientListCache(async () => {
      loads += 1;
      return rows;
    });
    const first = await cache.get();
    expect(JSON.parse(first.body.toString())).toEqual(rows);
    expect(await cache.get()).toBe(first);
    expect(loads).toBe(1);

    rows = [client('a'), client('b')];
    cache.invalidate();
    const second = await cache.get();
    expect(loads).toBe(2);
    expect(JSON.parse(second.body.toString())).toHaveLength(2);
    expect(second.etag).not.toBe(first.etag);
  });

  it('shares one rebuild among concurrent readers', async () => {
    let loads = 0;
    const cache = new ClientListCache(async () => {
      loads += 1;
      return [client('a')];
    });
    const [one, two, three] = await Promise.all([cache.get(), cache.get(), cache.get()]);
    expect(loads).toBe(1);
    expect(one).toBe(two);
    expect(two).toBe(three);
  });

  it('does not keep a rebuild that a write overtook', async () => {
    let release: (rows: Client[]) => void = () => undefined;
    let rows = [client('old')];
    let slow = true;
    const cache = new ClientListCache(() =>
      slow ? new Promise<Client[]>((resolve) => (release = resolve)) : Promise.resolve(rows),
    );
    const pending = cache.get();
    // A write commits and invalidates while the slow read is still in flight.
    rows = [client('old'), client('new')];
    cache.invalidate();
    release([client('old')]);
    await pending;
    slow = false;
    expect(JSON.parse((await cache.get()).body.toString())).toHaveLength(2);
  });

  it('gives the same list the same ETag (stable across restarts)', () => {
    expect(serializeList([client('a')]).etag).toBe(serializeList([client('a')]).etag);
    expect(serializeList([client('a')]).etag).not.toBe(serializeList([client('b')]).etag);
  });
});

describe('matchesIfNoneMatch', () => {
  const etag = '"abc"';
  it.each([
    ['"abc"', true],
    ['W/"abc"', true],
    ['"x", "abc"', true],
    ['*', true],
    ['"abd"', false],
    ['abc', false],
    [undefined, false],
  ])('%s → %s', (header, expected) => {
    expect(matchesIfNoneMatch(header, etag)).toBe(expected);
  });
});
