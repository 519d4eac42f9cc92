/**
 * Landing page weight.
 * - The JavaScript `/` loads before it runs: the entry and its static imports, from Vite's
 *   manifest (dist/.vite/manifest.json), gzip-compressed (level 6, what servers use on the fly).
 * - The JavaScript `/` loads before anyone scrolls or clicks, in Chromium (issue 41: the booking
 *   section's code waits until it comes near the screen), at its gzip size.
 * - Everything `/` loads, in Chromium: the page is opened and scrolled to its end (so lazy
 *   images load too); every response is counted at its gzip size (already-compressed formats
 *   as they are), and the bytes actually transferred are printed beside it.
 * - Code splitting: no chunk that only another route needs is loaded by `/`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { staticClosure, type Manifest, type ManifestChunk } from '#scripts/vite-plugins/vite-manifest.ts';
import type { Build } from '../harness/build.ts';
import { launchChromium } from '../harness/chromium.ts';
import { kib, report } from './lib/report.ts';
import { seededDatabase, startServer } from './lib/server.ts';

const gzipSize = (bytes: Buffer) => gzipSync(bytes).length;

const ALREADY_COMPRESSED = /\.(png|jpe?g|webp|avif|gif|woff2?|br|gz)$/i;

export async function runWeightBench(build: Build): Promise<void> {
  console.info('\nLanding page weight…');
  const manifest = JSON.parse(readFileSync(join(build.staticDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('The manifest has no entry');
  const entryChunks = staticClosure(manifest, entryKey);
  let entryJs = 0;
  for (const key of entryChunks) entryJs += gzipSize(readFileSync(join(build.staticDir, (manifest[key] as ManifestChunk).file)));
  report({
    name: 'JS that / loads first (entry + static imports, gzip)',
    measured: kib(entryJs),
    goal: '< 106 KiB',
    pass: entryJs < 106 * 1024,
    detail: `${entryChunks.size} chunks, from dist/.vite/manifest.json`,
  });

  // Chunks that only other routes need: each route's lazily loaded parts, minus what the entry has.
  // The landing page's own: its route's chunks and the landing feature's (the root layout loads its footer lazily), and
  // its booking section's (loaded as it comes into view).
  const landingKeys = Object.keys(manifest).filter((key) =>
    /^src\/(routes\/index\.tsx|features\/(landing|online-booking)\/)/.test(manifest[key]?.src ?? ''),
  );
  const landingChunks = new Set<string>(entryChunks);
  for (const key of landingKeys) staticClosure(manifest, key, landingChunks);
  const otherRouteFiles = new Map<string, string>();
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isDynamicEntry || landingKeys.includes(key)) continue;
    for (const needed of staticClosure(manifest, key)) {
      if (!landingChunks.has(needed)) otherRouteFiles.set(`/${(manifest[needed] as ManifestChunk).file}`, chunk.src ?? key);
    }
  }

  const server = await startServer(build, await seededDatabase(0));
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const loaded: { url: string; gzip: number; transferred: number }[] = [];
    const pending: Promise<void>[] = [];
    page.on('requestfinished', (request) => {
      pending.push(
        (async () => {
          const response = await request.response();
          if (!response) return;
          const body = await response.body().catch(() => Buffer.alloc(0));
          const sizes = await request.sizes();
          const path = new URL(request.url()).pathname;
          loaded.push({
            url: path,
            gzip: ALREADY_COMPRESSED.test(path) ? body.length : gzipSize(body),
            transferred: sizes.responseBodySize,
          });
        })(),
      );
    });
    await page.goto(`${server.origin}/`, { waitUntil: 'networkidle' });
    await Promise.all(pending);
    const jsBefore = loaded.filter((item) => item.url.endsWith('.js')).reduce((sum, item) => sum + item.gzip, 0);
    report({
      name: 'JS / loads before any scroll or click (gzip)',
      measured: kib(jsBefore),
      goal: '≤ 110 KiB',
      pass: jsBefore <= 110 * 1024,
      detail: `${loaded.filter((item) => item.url.endsWith('.js')).length} scripts, in Chromium at 1280 × 800`,
    });
    // Down to the end and back, without hovering anything (hover preloads other routes).
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y <= height; y += 400) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForTimeout(50);
    }
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    await Promise.all(pending);
    const total = loaded.reduce((sum, item) => sum + item.gzip, 0);
    const transferred = loaded.reduce((sum, item) => sum + item.transferred, 0);
    const byType = (pattern: RegExp) => kib(loaded.filter((item) => pattern.test(item.url)).reduce((sum, item) => sum + item.gzip, 0));
    report({
      name: 'everything / loads (HTML, CSS, JS, images, fonts; gzip)',
      measured: kib(total),
      goal: '≤ 300 KiB',
      pass: total <= 300 * 1024,
      detail: `${loaded.length} responses: JS ${byType(/\.js$/)}, CSS ${byType(/\.css$/)}, images ${byType(
        /\.(svg|png|jpe?g|webp|avif)$/,
      )}, fonts ${byType(/\.woff2?$/)}; ${kib(transferred)} transferred as served`,
    });
    const strays = loaded.filter((item) => otherRouteFiles.has(item.url)).map((item) => `${item.url} (${otherRouteFiles.get(item.url)})`);
    report({
      name: 'other routes’ code (forms, validation, client list) not loaded by /',
      measured: strays.length === 0 ? 'none loaded' : strays.join(', '),
      goal: 'none loaded',
      pass: strays.length === 0,
      detail: `${otherRouteFiles.size} chunks only other routes need`,
    });
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
  }
}
