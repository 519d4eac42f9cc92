/**
 * Content codings: which one a request gets, from its Accept-Encoding (the client list and
 * the SPA's index.html), and the compression of the client list, made once per version on
 * the thread pool. (index.html is a couple of KiB, compressed synchronously once per route
 * in static-site.ts; the built files are compressed at build time, vite.config.ts.)
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

export type ContentEncoding = 'br' | 'gzip';

/** Smaller answers are sent as they are: compressing them saves less than a packet. */
export const MIN_COMPRESSIBLE_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * The encoding to answer with: brotli when the request accepts it, else gzip, else none
 * (RFC 9110 section 12.5.3; `q=0` refuses an encoding, `*` accepts any not named).
 */
export function preferredEncoding(acceptEncoding: string | undefined): ContentEncoding | undefined {
  if (!acceptEncoding) return undefined;
  let br: boolean | undefined;
  let gz: boolean | undefined;
  let any: boolean | undefined;
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith('q='));
    const accepted = q === undefined || Number(q.slice(2)) > 0;
    if (name === 'br') br = accepted;
    else if (name === 'gzip' || name === 'x-gzip') gz = accepted;
    else if (name === '*') any = accepted;
  }
  if (br ?? any) return 'br';
  if (gz ?? any) return 'gzip';
  return undefined;
}

/**
 * Compresses `body`, off the event loop. The settings suit a body that is made once and
 * sent many times, yet may be several megabytes (50,000 clients, 8 MB): brotli quality 5
 * and gzip level 6 take tens of milliseconds per megabyte. Brotli's window is 256 KiB
 * (lgwin 18) instead of 4 MiB: JSON repeats itself at short distances, so the answer is as
 * small (within 0.5 %), and compressing 8 MB then needs about 6 MB of memory instead of 20.
 */
export function compress(body: Buffer, encoding: ContentEncoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(body, {
        params: {
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_QUALITY]: 5,
          [constants.BROTLI_PARAM_LGWIN]: 18,
        },
      })
    : gzipAsync(body, { level: 6 });
}
