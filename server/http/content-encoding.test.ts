import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encode, encodeAll, preferredEncoding } from './content-encoding.ts';

describe('preferredEncoding', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['br', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['BR;q=0.5, gzip', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', undefined],
    ['*', 'br'],
    ['*;q=0', undefined],
    ['br;q=0, *', 'gzip'],
  ])('%s → %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });

  it('chooses among the codings offered', () => {
    expect(preferredEncoding('gzip, br', ['gzip'])).toBe('gzip');
    expect(preferredEncoding('br', ['gzip'])).toBeUndefined();
    expect(preferredEncoding('gzip, br', [])).toBeUndefined();
  });
});

describe('encode', () => {
  const body = Buffer.from(JSON.stringify(Array.from({ length: 500 }, (_, index) => ({ _id: `id${index}`, firstName: 'Zoë 💄' }))));

  it.each(['fast', 'smallest'] as const)('gives brotli and gzip that decompress to the same bytes, smaller (%s)', async (effort) => {
    const br = await encode(body, 'br', effort);
    const gzip = await encode(body, 'gzip', effort);
    expect(brotliDecompressSync(br).equals(body)).toBe(true);
    expect(gunzipSync(gzip).equals(body)).toBe(true);
    expect(br.length).toBeLessThan(body.length / 5);
    expect(gzip.length).toBeLessThan(body.length / 5);
  });

  it('keeps only the codings that are smaller than the body', async () => {
    const all = await encodeAll(body, 'smallest');
    expect(brotliDecompressSync(all.br ?? Buffer.alloc(0)).equals(body)).toBe(true);
    expect(gunzipSync(all.gzip ?? Buffer.alloc(0)).equals(body)).toBe(true);
    expect(await encodeAll(Buffer.from('{}'), 'smallest')).toEqual({});
  });
});
