/** Compression in one place: brotli and gzip once per body, and which one a request gets (docs/decisions/004-compression-negotiation.md). */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

export type ContentEncoding = 'br' | 'gzip';

/** The codings made, best first: brotli is smaller than gzip on text. */
const ENCODINGS: readonly ContentEncoding[] = ['br', 'gzip'];

/** Smaller responses are sent as they are: compressing them saves less than a packet. */
export const MIN_COMPRESSIBLE_BYTES = 1024;

/**
 * `smallest`: the highest levels, for what is compressed once (the build's files, the SPA's page). `fast`: for the
 * client list, megabytes made while serving: brotli 5 and gzip 6, a few per cent larger, far quicker; brotli's window
 * 256 KiB instead of 4 MiB, as small for JSON, which repeats itself at short distances, in a fraction of the memory.
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
 * The best coding among `offered` that the request accepts, or none, by RFC 9110 section 12.5.3 (case-insensitive,
 * `x-gzip` is gzip, `q=0` refuses, `*` accepts the rest), which @fastify/accept-negotiator does not follow.
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
