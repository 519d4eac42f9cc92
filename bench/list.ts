/**
 * The client list at scale, in Chromium, against the production server.
 *
 * Three servers, with 100, 10,000 and 50,000 clients (seeded through harness/seed-clients.ts),
 * each logged in in its own browser context. Time to first rows: from the start of the
 * navigation to /clients (HTTP cache disabled, so the list is downloaded every time) to the
 * frame after the first client row is on screen, measured in the page (performance.now()
 * from the navigation's time origin). The sizes alternate, ROUNDS rounds after one warm-up
 * each; the figure is the ratio of the 50,000 median to the 100 median.
 *
 * Smooth scrolling: on the 10,000 and 50,000 lists, a PerformanceObserver counts long tasks
 * (over 50 ms) while the page is scrolled with the mouse wheel in steps and then jumped to
 * random places across the whole list with window.scrollTo.
 */
import type { BrowserContext, Page } from 'playwright-core';
import type { Build } from '../harness/build.ts';
import { launchChromium } from '../harness/chromium.ts';
import { median, report } from './lib/report.ts';
import { ADMIN } from '../harness/real-server.ts';
import { seededDatabase, startServer, type RunningServer } from './lib/server.ts';

const SIZES = [100, 10_000, 50_000] as const;
const ROUNDS = 5;
const WHEEL_STEPS = 60;
const JUMPS = 25;

declare global {
  interface Window {
    /** performance.now() at the frame after the first client row was on screen. */
    __firstRowsAt?: number;
    __longTasks?: number[];
  }
}

/** Runs in the page before its scripts: notes when the first client row is on screen. */
function watchForFirstRows(): void {
  const observer = new MutationObserver(() => {
    const row = document.querySelector('tbody tr[aria-rowindex]');
    if (!row || row.getBoundingClientRect().top >= window.innerHeight) return;
    observer.disconnect();
    // The frame that shows it: after its rendering step, not before.
    requestAnimationFrame(() => setTimeout(() => (window.__firstRowsAt = performance.now()), 0));
  });
  observer.observe(document, { childList: true, subtree: true });
}

type ListPage = { size: number; server: RunningServer; context: BrowserContext; page: Page };

async function openListPage(server: RunningServer, size: number, context: BrowserContext): Promise<ListPage> {
  const login = await context.request.post(`${server.origin}/login`, { data: ADMIN });
  if (login.status() !== 200) throw new Error(`Login failed: ${login.status()}`);
  await context.addInitScript(() => window.localStorage.setItem('isLoggedIn', 'true'));
  await context.addInitScript(watchForFirstRows);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  return { size, server, context, page };
}

async function timeToFirstRows({ page, server }: ListPage): Promise<number> {
  await page.goto(`${server.origin}/clients`, { waitUntil: 'commit' });
  await page.waitForFunction(() => window.__firstRowsAt !== undefined, null, { timeout: 60_000, polling: 50 });
  return page.evaluate(() => window.__firstRowsAt as number);
}

async function longTasksWhileScrolling({ page }: ListPage): Promise<number[]> {
  await page.evaluate(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longTasks?.push(entry.duration);
    }).observe({ type: 'longtask' });
  });
  await page.mouse.move(640, 400);
  for (let step = 0; step < WHEEL_STEPS; step += 1) {
    await page.mouse.wheel(0, 700);
    await page.waitForTimeout(20);
  }
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let jump = 0; jump < JUMPS; jump += 1) {
    const top = Math.floor(((jump * 7919) % JUMPS) / JUMPS * height);
    await page.evaluate((y) => new Promise<void>((done) => {
      window.scrollTo(0, y);
      requestAnimationFrame(() => requestAnimationFrame(() => done()));
    }), top);
    await page.waitForTimeout(30);
  }
  await page.waitForTimeout(200);
  // A row must be on screen at the end: the list really rendered where it was scrolled to.
  await page.waitForFunction(() => document.querySelectorAll('tbody tr[aria-rowindex]').length > 0);
  return page.evaluate(() => window.__longTasks ?? []);
}

export async function runListBench(build: Build): Promise<void> {
  console.info('\nClient list at 100, 10,000 and 50,000 clients…');
  const servers = await Promise.all(SIZES.map(async (size) => startServer(build, await seededDatabase(size))));
  const browser = await launchChromium();
  try {
    const pages: ListPage[] = [];
    for (const [index, size] of SIZES.entries()) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      pages.push(await openListPage(servers[index] as RunningServer, size, context));
    }
    // Warm-up: the servers build their cached lists, the browser compiles the code paths.
    for (const page of pages) await timeToFirstRows(page);
    const times = new Map<number, number[]>(SIZES.map((size) => [size, []]));
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const page of round % 2 === 0 ? pages : [...pages].reverse()) times.get(page.size)?.push(await timeToFirstRows(page));
    }
    const medianAt = (size: number) => median(times.get(size) ?? []);
    const ratio = medianAt(50_000) / medianAt(100);
    const runs = SIZES.map((size) => `${size}: ${(times.get(size) ?? []).map(Math.round).join('/')} ms`).join('; ');
    report({
      name: 'time to first rows on /clients, 50,000 vs 100 clients',
      measured: `${ratio.toFixed(2)} × (${Math.round(medianAt(50_000))} ms vs ${Math.round(medianAt(100))} ms; 10,000: ${Math.round(medianAt(10_000))} ms)`,
      goal: '≤ 3 × the time at 100',
      pass: ratio <= 3,
      detail: `medians of ${ROUNDS} alternating navigations, HTTP cache off; ${runs}`,
    });
    for (const listPage of pages.filter((page) => page.size >= 10_000)) {
      const longTasks = await longTasksWhileScrolling(listPage);
      report({
        name: `long tasks while scrolling ${listPage.size.toLocaleString('en')} clients`,
        measured: longTasks.length === 0 ? 'none' : `${longTasks.length}, longest ${Math.round(Math.max(...longTasks))} ms`,
        goal: 'none over 50 ms',
        pass: longTasks.length === 0,
        detail: `${WHEEL_STEPS} mouse-wheel steps of 700 px, then ${JUMPS} window.scrollTo jumps across the list`,
      });
    }
    for (const page of pages) await page.context.close();
  } finally {
    await browser.close();
    await Promise.all(servers.map((server) => server.stop()));
  }
}
