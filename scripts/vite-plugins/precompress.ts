// Writes a brotli (.br) and a gzip (.gz) copy beside each text file of the build, with the server's own
// compression (server/http/content-encoding.ts), unless the copy saves nothing (docs/performance.md, "Static files").
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { encodeAll, type ContentEncoding } from '#server/http/content-encoding.ts';

/** Text files worth compressing; images in other formats are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|ico)$/;

/** The build's notes for the server and the benchmarks (Vite's manifest, the route preloads): read from disk, never served. */
const NOT_SERVED = '.vite';

/** The file names @fastify/static looks for beside a file. */
const SUFFIX: Record<ContentEncoding, string> = { br: '.br', gzip: '.gz' };

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'salon:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const notServed = `${join(outDir, NOT_SERVED)}/`;
      const files = (await readdir(outDir, { recursive: true, withFileTypes: true })).filter(
        (entry) => entry.isFile() && COMPRESSIBLE.test(entry.name) && !`${entry.parentPath}/`.startsWith(notServed),
      );
      await Promise.all(
        files.map(async (entry) => {
          const file = join(entry.parentPath, entry.name);
          const encoded = await encodeAll(await readFile(file), 'smallest');
          await Promise.all(
            Object.entries(encoded).map(([encoding, body]) => writeFile(`${file}${SUFFIX[encoding as ContentEncoding]}`, body)),
          );
        }),
      );
    },
  };
}
