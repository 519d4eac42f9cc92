import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import type { Client } from '#contract/api';
import { matchesListIfNoneMatch } from '#contract/if-match';
import { ClientByIdCache, ClientListCache, encodedEtag, SerializedListBuilder } from './read-model.ts';

const client = (id: string): Client => ({
  _id: id,
  firstName: 'A',
  lastName: 'B',
  email: 'a@b.co',
  registrationDateTime: '2024-05-01T10:30:00.000Z',
});

/** The list as the server builds it, one client's JSON at a time (byte for byte JSON.stringify of the array). */
function serializeList(clients: Client[]) {
  const builder = new SerializedListBuilder(0, 0);
  for (const each of clients) builder.addJson(JSON.stringify(each));
  return builder.finish();
}

describe('ClientListCache', () => {
  it('loads once and serves the same buffer until invalidated', async () => {
    let loads = 0;
    let rows = [client('a')];
    const cache = new ClientListCache(async () => {
      loads += 1;
      return serializeList(rows);
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
      return serializeList([client('a')]);
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
    const cache = new ClientListCache(async () =>
      serializeList(await (slow ? new Promise<Client[]>((resolve) => (release = resolve)) : Promise.resolve(rows))),
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

describe('SerializedList', () => {
  const tricky: Client = { ...client('t-_9'), firstName: 'Zoë "Zee" \\ 💄', lastName: 'שרה\t\n', email: 'a\u2028b@c.co' };
  const clients = [client('a'), tricky, client('b'), client('a-long_id-0123456789')];

  it('is byte for byte JSON.stringify of the clients', () => {
    expect(serializeList(clients).body.toString()).toBe(JSON.stringify(clients));
    expect(serializeList([]).body.toString()).toBe('[]');
  });

  it('compresses once per coding, to bytes that decompress to the body', async () => {
    const list = serializeList(clients);
    const br = list.encoded('br');
    expect(list.encoded('br')).toBe(br);
    expect(brotliDecompressSync(await br).equals(list.body)).toBe(true);
    expect(gunzipSync(await list.encoded('gzip')).equals(list.body)).toBe(true);
  });

  it('is the same whether the builder was told the size ahead, wrongly, or not at all', () => {
    const json = clients.map((each) => JSON.stringify(each));
    const exact = json.reduce((sum, text) => sum + Buffer.byteLength(text), 0);
    for (const [bytes, count] of [
      [exact, clients.length],
      [10, 1],
      [0, 0],
      [exact * 3, 100],
    ] as const) {
      const builder = new SerializedListBuilder(bytes, count);
      for (const text of json) builder.addJson(text);
      const list = builder.finish();
      expect(list.body.toString()).toBe(JSON.stringify(clients));
    }
  });
});

describe('ClientListCache with a serialised source', () => {
  it('keeps a list its source serialised itself', async () => {
    const list = serializeList([client('a')]);
    const cache = new ClientListCache(async () => list);
    expect(await cache.get()).toBe(list);
    expect(cache.current()).toBe(list);
    cache.invalidate();
    expect(cache.current()).toBeUndefined();
  });
});

describe('matchesListIfNoneMatch', () => {
  const etag = '"abc"';
  it.each([
    ['"abc"', true],
    ['W/"abc"', true],
    ['"x", "abc"', true],
    ['*', true],
    ['"abc-br"', true],
    ['"abc-gzip"', true],
    ['W/"abc-gzip"', true],
    ['"abc-zstd"', false],
    ['"abd"', false],
    ['abc', false],
    [undefined, false],
  ])('%s → %s', (header, expected) => {
    expect(matchesListIfNoneMatch(header, etag)).toBe(expected);
  });

  it('names each coding of the list with its own validator', () => {
    expect(encodedEtag(etag, undefined)).toBe('"abc"');
    expect(encodedEtag(etag, 'br')).toBe('"abc-br"');
    expect(encodedEtag(etag, 'gzip')).toBe('"abc-gzip"');
  });
});

describe('ClientByIdCache', () => {
  const nina = {
    client: { _id: 'c1', firstName: 'Nina', lastName: 'Hart', email: 'n@example.com', registrationDateTime: '2024-05-01T10:30:00.000Z' },
    version: 1,
  };

  it('reads a client once until the next commit, then again', async () => {
    const find = vi.fn(async (_id: string) => nina);
    const cache = new ClientByIdCache(find);
    expect(await cache.get('c1')).toBe(nina);
    expect(await cache.get('c1')).toBe(nina);
    expect(find).toHaveBeenCalledTimes(1);
    cache.invalidate();
    await cache.get('c1');
    expect(find).toHaveBeenCalledTimes(2);
  });

  it('does not keep a read that started before a commit, nor a client that is not there', async () => {
    let answer!: (found: typeof nina) => void;
    const find = vi.fn((_id: string) => new Promise<typeof nina | undefined>((resolve) => (answer = resolve)));
    const cache = new ClientByIdCache(find);
    const reading = cache.get('c1');
    cache.invalidate();
    answer(nina);
    expect(await reading).toBe(nina);
    const again = cache.get('c1');
    answer({ ...nina, version: 2 });
    expect((await again)?.version).toBe(2);
    expect(find).toHaveBeenCalledTimes(2);

    const counting = vi.fn(async () => undefined);
    const cacheOfNothing = new ClientByIdCache(counting);
    await cacheOfNothing.get('gone');
    await cacheOfNothing.get('gone');
    expect(counting).toHaveBeenCalledTimes(2);
  });

  it('keeps at most 1,000 clients, the oldest read leaving first', async () => {
    const find = vi.fn(async (id: string) => ({ ...nina, client: { ...nina.client, _id: id } }));
    const cache = new ClientByIdCache(find);
    for (let index = 0; index <= 1000; index += 1) await cache.get(`c${index}`);
    expect(find).toHaveBeenCalledTimes(1001);
    await cache.get('c1000');
    await cache.get('c1');
    expect(find).toHaveBeenCalledTimes(1001);
    await cache.get('c0');
    expect(find).toHaveBeenCalledTimes(1002);
  });
});
