/**
 * The production build's app shell service worker (docs/offline.md, decision 024): the web app manifest, its link in
 * index.html, and `/sw.js`, compiled from src/features/offline/app-shell-worker.ts (Workbox's precaching and routing)
 * by a second Vite build once this one is written, with the list of files to precache put in for
 * `self.__WB_MANIFEST`. Not in `npm run dev` nor the mock build, where msw's worker is the only one.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { build, type Plugin } from 'vite';

/** What the worker precaches: the page, the built JS and CSS, the site's SVG images (and the manifest and icons). */
const PRECACHED = /\.(js|css|html|svg)$/;

/** The worker itself, msw's worker (in the mock build only), and the build's notes for the server. */
const NOT_PRECACHED = /^(sw\.js|mockServiceWorker\.js|\.vite\/.*)$/;

/** Built files whose name has their content's hash: their address is their revision. */
const HASHED = /^assets\//;

type WebAppManifest = {
  name: string;
  short_name: string;
  description: string;
  start_url: string;
  scope: string;
  display: string;
  background_color: string;
  theme_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
};

type PrecacheEntry = { url: string; revision: string | null };

const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');

/** The files of the build to precache, each with its revision (null where the name has its hash). */
async function precacheEntries(outDir: string, manifest: WebAppManifest): Promise<PrecacheEntry[]> {
  const files = (await readdir(outDir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => relative(outDir, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .filter((file) => PRECACHED.test(file) && !NOT_PRECACHED.test(file))
    .sort();
  const extra = ['manifest.webmanifest', ...manifest.icons.map((icon) => icon.src.replace(/^\//, ''))];
  return Promise.all(
    [...files, ...extra].map(async (url) => ({
      url,
      revision: HASHED.test(url) ? null : md5(await readFile(join(outDir, url))),
    })),
  );
}

export function appShellWorker({
  source,
  manifest,
  skip,
}: {
  source: string;
  manifest: WebAppManifest;
  skip: (mode: string) => boolean;
}): Plugin {
  let outDir = 'dist';
  let root = process.cwd();
  let mode = 'production';
  return {
    name: 'salon:app-shell-worker',
    apply: (_config, env) => env.command === 'build' && !skip(env.mode),
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
      mode = config.mode;
    },
    transformIndexHtml: () => [{ tag: 'link', attrs: { rel: 'manifest', href: '/manifest.webmanifest' }, injectTo: 'head' }],
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'manifest.webmanifest', source: JSON.stringify(manifest) });
    },
    // Once every file is written, and before the precompress step (which compresses the worker too).
    closeBundle: {
      order: 'pre',
      sequential: true,
      async handler() {
        const entries = await precacheEntries(outDir, manifest);
        await build({
          configFile: false,
          root,
          mode,
          logLevel: 'warn',
          publicDir: false,
          define: { 'self.__WB_MANIFEST': JSON.stringify(entries), 'process.env.NODE_ENV': JSON.stringify('production') },
          build: {
            outDir,
            emptyOutDir: false,
            copyPublicDir: false,
            rolldownOptions: { input: resolve(root, source), output: { format: 'iife', entryFileNames: 'sw.js' } },
          },
        });
      },
    },
  };
}
