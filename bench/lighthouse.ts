/**
 * Lighthouse 12 on the production server, in Debian's Chromium (chrome-launcher): `/` and
 * `/login`, mobile (Lighthouse's default: simulated slow 4G and a 4× slower CPU) and desktop.
 * Each page and form factor runs RUNS times; the performance figure is the median score,
 * the other categories the lowest. Whatever keeps a category under 100 is printed.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config, type Result } from 'lighthouse';
import type { Build } from './lib/build.js';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../e2e/support/chromium.js';
import { onCleanup } from './lib/processes.js';
import { median, report } from './lib/report.js';
import { seededDatabase, startServer } from './lib/server.js';

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
          const config: Config | undefined = formFactor === 'desktop' ? desktopConfig : undefined;
          const result = await lighthouse(
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
            if (score < 100) for (const miss of shortfalls(lhr, category)) misses.set(category, (misses.get(category) ?? new Set()).add(miss));
          }
          metrics.push(METRICS.map((id) => `${id.split('-').map((word) => word[0]).join('').toUpperCase()} ${lhr.audits[id]?.displayValue ?? '?'}`).join(', '));
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
