/**
 * Lighthouse 12 on the production server, in Debian's Chromium (chrome-launcher): `/` and
 * `/login`, mobile (Lighthouse's default: simulated slow 4G and a 4× slower CPU) and desktop.
 * Each page and form factor runs RUNS times; the performance figure is the median score,
 * the other categories the lowest. Whatever keeps a category under 100 is printed.
 *
 * Lighthouse and chrome-launcher are not in the root install (about 200 packages, 140 MB, for
 * this benchmark alone): they live in their own package, bench/lighthouse/, which is installed
 * from its lockfile (`npm ci`) the first time this runs, and again whenever its package.json
 * or lockfile is newer than its node_modules. They are imported from there by path.
 */
import { spawn } from 'node:child_process';
import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Build } from '../harness/build.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../harness/chromium.ts';
import { onCleanup } from '../harness/processes.ts';
import { median, report } from './lib/report.ts';
import { seededDatabase, startServer } from './lib/server.ts';

/** The package that holds Lighthouse: its package.json, package-lock.json and node_modules. */
const PACKAGE_DIR = fileURLToPath(new URL('./lighthouse/', import.meta.url));

/** What this benchmark uses of Lighthouse's result (a subset of its `Result` type). */
interface Result {
  runtimeError?: { message: string };
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] } | undefined>;
  audits: Record<string, { id: string; score: number | null; displayValue?: string } | undefined>;
}

/** What this benchmark uses of the `lighthouse` module. */
interface LighthouseModule {
  default: (
    url: string,
    flags: { port: number; output: 'json'; logLevel: 'error'; onlyCategories: string[] },
    config?: object,
  ) => Promise<{ lhr: Result } | undefined>;
  desktopConfig: object;
}

/** What this benchmark uses of the `chrome-launcher` module. */
interface ChromeLauncherModule {
  launch(options: { chromePath: string; chromeFlags: string[]; logLevel: 'silent' }): Promise<{ port: number; kill(): void }>;
}

/** Modification time of a file, 0 when it is missing. */
function mtime(path: string): number {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

/**
 * Installs bench/lighthouse/ from its lockfile when its node_modules is missing or older than
 * its package.json or lockfile (npm writes node_modules/.package-lock.json at each install).
 */
async function installLighthouse(): Promise<void> {
  const installedAt = mtime(join(PACKAGE_DIR, 'node_modules', '.package-lock.json'));
  const wanted = Math.max(mtime(join(PACKAGE_DIR, 'package.json')), mtime(join(PACKAGE_DIR, 'package-lock.json')));
  if (installedAt > 0 && installedAt >= wanted) return;
  console.info('Installing Lighthouse into tests/bench/lighthouse/node_modules (first run, or its lockfile changed)…');
  const args = ['ci', '--prefix', PACKAGE_DIR, '--no-audit', '--no-fund'];
  const code = await new Promise<number | null>((resolve, reject) => {
    const npm = spawn('npm', args, { stdio: 'inherit' });
    npm.on('error', reject);
    npm.on('exit', resolve);
  });
  if (code !== 0) throw new Error(`npm ${args.join(' ')} exited with ${code}`);
}

/** Lighthouse and chrome-launcher, installed if need be, imported from bench/lighthouse/. */
async function loadLighthouse(): Promise<{ lighthouse: LighthouseModule; chromeLauncher: ChromeLauncherModule }> {
  await installLighthouse();
  const require = createRequire(join(PACKAGE_DIR, 'package.json'));
  const load = (name: string): Promise<unknown> => import(pathToFileURL(require.resolve(name)).href);
  const [lighthouse, chromeLauncher] = await Promise.all([load('lighthouse'), load('chrome-launcher')]);
  return { lighthouse: lighthouse as LighthouseModule, chromeLauncher: chromeLauncher as ChromeLauncherModule };
}

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

type FormFactor = 'mobile' | 'desktop';
type Category = 'performance' | 'accessibility' | 'best-practices' | 'seo';

const PAGES: { path: string; categories: Category[]; goals: Record<FormFactor, Partial<Record<Category, number>>> }[] = [
  {
    path: '/',
    categories: ['performance', 'accessibility', 'best-practices', 'seo'],
    goals: {
      mobile: { performance: 98, accessibility: 100, 'best-practices': 100, seo: 100 },
      desktop: { performance: 100, accessibility: 100, 'best-practices': 100, seo: 100 },
    },
  },
  { path: '/login', categories: ['performance'], goals: { mobile: { performance: 98 }, desktop: { performance: 100 } } },
];

const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];

/** The ids of a category's audits that did not get full marks. */
function shortfalls(lhr: Result, category: Category): string[] {
  return (lhr.categories[category]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit !== undefined && audit.score !== null && audit.score < 1)
    .map((audit) => audit?.id ?? '?');
}

export async function runLighthouseBench(build: Build): Promise<void> {
  console.info(`\nLighthouse (${RUNS} runs per page and form factor)…`);
  const { lighthouse, chromeLauncher } = await loadLighthouse();
  const server = await startServer(build, await seededDatabase(0));
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
    logLevel: 'silent',
  });
  const stopChrome = onCleanup(() => chrome.kill());
  try {
    for (const page of PAGES) {
      for (const formFactor of ['mobile', 'desktop'] as const) {
        const scores = new Map<Category, number[]>();
        const misses = new Map<Category, Set<string>>();
        const metrics: string[] = [];
        for (let run = 0; run < RUNS; run += 1) {
          const config = formFactor === 'desktop' ? lighthouse.desktopConfig : undefined;
          const result = await lighthouse.default(
            `${server.origin}${page.path}`,
            { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: page.categories },
            config,
          );
          if (!result) throw new Error(`Lighthouse gave no result for ${page.path}`);
          const { lhr } = result;
          if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
          for (const category of page.categories) {
            const score = Math.round((lhr.categories[category]?.score ?? 0) * 100);
            scores.set(category, [...(scores.get(category) ?? []), score]);
            if (score < 100)
              for (const miss of shortfalls(lhr, category)) misses.set(category, (misses.get(category) ?? new Set()).add(miss));
          }
          metrics.push(
            METRICS.map(
              (id) =>
                `${id
                  .split('-')
                  .map((word) => word[0])
                  .join('')
                  .toUpperCase()} ${lhr.audits[id]?.displayValue ?? '?'}`,
            ).join(', '),
          );
        }
        for (const category of page.categories) {
          const goal = page.goals[formFactor][category];
          if (goal === undefined) continue;
          const all = scores.get(category) ?? [];
          const figure = category === 'performance' ? median(all) : Math.min(...all);
          const why = [...(misses.get(category) ?? [])];
          report({
            name: `Lighthouse ${category} ${page.path} ${formFactor}`,
            measured: String(figure),
            goal: `≥ ${goal}`,
            pass: figure >= goal,
            detail: [
              `runs ${all.join('/')}`,
              category === 'performance' ? `median run: ${metrics[Math.floor(metrics.length / 2)]}` : '',
              why.length > 0 ? `short of 100: ${why.join(', ')}` : '',
            ]
              .filter(Boolean)
              .join('; '),
          });
        }
      }
    }
  } finally {
    stopChrome();
    chrome.kill();
    await server.stop();
  }
}
