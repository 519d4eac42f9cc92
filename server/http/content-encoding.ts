/**
 * Compression, in one place: a body's brotli and gzip forms (the built files, at build time,
 * vite-plugins/precompress.ts; the SPA's page, once per route; the client list, once per
 * version), and which of them a request gets, from its Accept-Encoding. Everything is
 * compressed on the thread pool.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

export type ContentEncoding = 'br' | 'gzip';

/** The codings made, best first: brotli is smaller than gzip on text. */
const ENCODINGS: readonly ContentEncoding[] = ['br', 'gzip'];

/** Smaller responses are sent as they are: compressing them saves less than a packet. */
export const MIN_COMPRESSIBLE_BYTES = 1024;

/**
 * How hard to compress.
 * - `smallest`, for a body compressed once and sent for ever (the build's files, the SPA's
 *   page): brotli's and gzip's highest levels.
 * - `fast`, for a body made while the server runs, which may be several megabytes (the client
 *   list): brotli quality 5 and gzip level 6, far quicker than the highest levels for a few
 *   per cent more bytes. Brotli's window is 256 KiB (lgwin 18) instead of 4 MiB: JSON repeats
 *   itself at short distances, so the response is as small, and compressing takes a fraction of
 *   the memory.
 */
export type Effort = 'smallest' | 'fast';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** `body` in `encoding`, compressed off the event loop. */
export function encode(body: Buffer, encoding: ContentEncoding, effort: Effort): Promise<Buffer> {
  if (encoding === 'gzip') return gzipAsync(body, { level: effort === 'smallest' ? 9 : 6 });
  const params =
    effort === 'smallest'
      ? { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length }
      : {
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_QUALITY]: 5,
          [constants.BROTLI_PARAM_LGWIN]: 18,
        };
  return brotli(body, { params });
}

/** The codings of `body` that are smaller than it (none of an image already compressed). */
export type EncodedBodies = Partial<Record<ContentEncoding, Buffer>>;

/** Every coding of `body` worth sending, made at once. */
export async function encodeAll(body: Buffer, effort: Effort): Promise<EncodedBodies> {
  const encoded = await Promise.all(ENCODINGS.map((encoding) => encode(body, encoding, effort)));
  return Object.fromEntries(
    ENCODINGS.flatMap((encoding, index) => (encoded[index]!.length < body.length ? [[encoding, encoded[index]]] : [])),
  );
}

/**
 * The coding to respond with, among `offered`: the best one the request accepts, or none
 * (RFC 9110 section 12.5.3: codings are case-insensitive, `x-gzip` is gzip, `q=0` refuses a
 * coding, `*` accepts any not named). @fastify/accept-negotiator, which @fastify/static uses,
 * would send brotli to `br;q=0, *` and nothing to `BR` or `x-gzip`.
 */
export function preferredEncoding(
  acceptEncoding: string | undefined,
  offered: readonly ContentEncoding[] = ENCODINGS,
): ContentEncoding | undefined {
  if (!acceptEncoding) return undefined;
  const named = new Map<string, boolean>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith('q='));
    named.set(name === 'x-gzip' ? 'gzip' : name, q === undefined || Number(q.slice(2)) > 0);
  }
  return offered.find((encoding) => named.get(encoding) ?? named.get('*'));
}
