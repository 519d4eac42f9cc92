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
 *
 * Search and sort at 50,000 clients: queries typed one key at a time into the search field
 * a second after the list is on screen (long tasks counted over the whole typing), each
 * keystroke that changes the result timed
 * from its keydown to the frame after the count shows the new result; then each column's
 * header pressed twice (ascending, first sort of that column, then descending), timed from
 * the click to the frame after the rows changed.
 */
import type { BrowserContext, Page } from 'playwright-core';
import type { Build } from '../harness/build.ts';
import { launchChromium } from '../harness/chromium.ts';
import { generateClients } from '../harness/seed-clients.ts';
import { createClientListView } from '#src/features/clients/utils/client-list-view.ts';
import { SORT_COLUMNS } from '#src/features/clients/utils/list-view-search.ts';
import { median, report } from './lib/report.ts';
import { ADMIN } from '../harness/real-server.ts';
import { seededDatabase, startServer, type RunningServer } from './lib/server.ts';

const SIZES = [100, 10_000, 50_000] as const;
const ROUNDS = 5;
const WHEEL_STEPS = 60;
const JUMPS = 25;
/** Typed one key at a time; each starts from an empty field. Their prefixes narrow the list in steps. */
const QUERIES = ['sofia hart', 'chloe dubois', 'mia rossi'];

declare global {
  interface Window {
    /** performance.now() at the frame after the first client row was on screen. */
    __firstRowsAt?: number;
    __longTasks?: number[];
    /** ms from an input event (keydown, click) to the frame after the page changed in answer. */
    __answerTimes?: number[];
  }
}

/** Runs in the page before its scripts: notes when the first client row is on screen. */
export function watchForFirstRows(): void {
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
    const top = Math.floor((((jump * 7919) % JUMPS) / JUMPS) * height);
    await page.evaluate(
      (y) =>
        new Promise<void>((done) => {
          window.scrollTo(0, y);
          requestAnimationFrame(() => requestAnimationFrame(() => done()));
        }),
      top,
    );
    await page.waitForTimeout(30);
  }
  await page.waitForTimeout(200);
  // A row must be on screen at the end: the list really rendered where it was scrolled to.
  await page.waitForFunction(() => document.querySelectorAll('tbody tr[aria-rowindex]').length > 0);
  return page.evaluate(() => window.__longTasks ?? []);
}

/** Records, for each change under `selector`, the time since the last keydown or click: see __answerTimes. */
async function timeAnswers(page: Page, selector: string): Promise<void> {
  await page.evaluate((target) => {
    window.__answerTimes = [];
    let inputAt = 0;
    // Inline listeners: tsx would wrap a named function in a helper the page does not have.
    for (const type of ['keydown', 'click']) document.addEventListener(type, (event) => (inputAt = event.timeStamp), true);
    const observed = document.querySelector(target);
    if (!observed) throw new Error(`Nothing matches ${target}`);
    new MutationObserver(() => {
      const since = inputAt;
      requestAnimationFrame(() => setTimeout(() => window.__answerTimes?.push(performance.now() - since), 0));
    }).observe(observed, { childList: true, subtree: true, characterData: true });
  }, selector);
}

/** Latencies of the keystrokes that changed the result, and every long task while typing. */
async function searchTimes({ page, server }: ListPage, size: number): Promise<{ latencies: number[]; longTasks: number[] }> {
  await page.goto(`${server.origin}/clients`);
  const search = page.getByRole('searchbox', { name: 'Search clients' });
  await search.waitFor();
  // The counts each prefix should show, from the same seeded clients the server holds.
  const { view } = createClientListView(
    generateClients(size).map((client, index) => ({
      ...client,
      _id: String(index),
      registrationDateTime: `${client.registrationDateTime}:00Z`,
    })),
  );
  const status = page.getByRole('status');
  await timeAnswers(page, '[role="status"]');
  await page.evaluate(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longTasks?.push(entry.duration);
    }).observe({ type: 'longtask' });
  });
  // A person starts typing a moment after the list is on screen: by then the search is prepared (in idle time).
  await page.waitForTimeout(1000);
  const latencies: number[] = [];
  for (const query of QUERIES) {
    await search.fill('');
    await status.filter({ hasText: /^[\d,]+ clients$/ }).waitFor();
    let previous = size;
    for (let length = 1; length <= query.length; length += 1) {
      const shown = view({ q: query.slice(0, length) }).length;
      const expected =
        query.slice(0, length).trim() === ''
          ? `${size.toLocaleString('en-US')} clients`
          : `${shown.toLocaleString('en-US')} of ${size.toLocaleString('en-US')} clients`;
      await page.evaluate(() => (window.__answerTimes = []));
      await page.keyboard.press(query[length - 1] === ' ' ? 'Space' : (query[length - 1] as string));
      await status.filter({ hasText: expected }).waitFor({ timeout: 10_000 });
      if (shown !== previous)
        latencies.push(
          ...(
            await page
              .waitForFunction(() => window.__answerTimes?.length && window.__answerTimes, null, { polling: 10 })
              .then((handle) => handle.jsonValue() as Promise<number[]>)
          ).slice(-1),
        );
      previous = shown;
    }
  }
  return { latencies, longTasks: await page.evaluate(() => window.__longTasks ?? []) };
}

/** Each column pressed twice: ascending (the first sort of that column), then descending. */
async function sortTimes({ page, server }: ListPage): Promise<number[]> {
  await page.goto(`${server.origin}/clients`);
  await page.locator('tbody tr[aria-rowindex]').first().waitFor();
  await timeAnswers(page, 'tbody');
  const times: number[] = [];
  for (const column of SORT_COLUMNS) {
    const header = page
      .locator('th')
      .filter({ has: page.locator(`button`) })
      .nth(SORT_COLUMNS.indexOf(column));
    for (const direction of ['ascending', 'descending']) {
      await page.evaluate(() => (window.__answerTimes = []));
      await header.getByRole('button').click();
      await page.waitForFunction(
        ([index, sort]) =>
          document.querySelectorAll('th')[index]?.getAttribute('aria-sort') === sort && (window.__answerTimes?.length ?? 0) > 0,
        [SORT_COLUMNS.indexOf(column), direction] as const,
        { polling: 10 },
      );
      times.push(await page.evaluate(() => window.__answerTimes?.[0] as number));
    }
  }
  return times;
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
    const largest = pages.find((page) => page.size === 50_000) as ListPage;
    const { latencies, longTasks } = await searchTimes(largest, 50_000);
    report({
      name: 'search at 50,000 clients: keystroke to filtered rows',
      measured: `median ${Math.round(median(latencies))} ms, slowest ${Math.round(Math.max(...latencies))} ms`,
      goal: 'every one within 100 ms',
      pass: Math.max(...latencies) <= 100,
      detail: `${latencies.length} keystrokes that changed the result, typing ${QUERIES.map((query) => `"${query}"`).join(', ')}: ${latencies.map(Math.round).join('/')} ms`,
    });
    report({
      name: 'long tasks while typing a search at 50,000 clients',
      measured: longTasks.length === 0 ? 'none' : `${longTasks.length}, longest ${Math.round(Math.max(...longTasks))} ms`,
      goal: 'none over 50 ms',
      pass: longTasks.length === 0,
      detail: `every keystroke of ${QUERIES.length} queries, each from an empty field`,
    });
    const sorts = await sortTimes(largest);
    report({
      name: 'column sort at 50,000 clients: click to sorted rows',
      measured: `median ${Math.round(median(sorts))} ms, slowest ${Math.round(Math.max(...sorts))} ms`,
      goal: 'every one within 300 ms',
      pass: Math.max(...sorts) <= 300,
      detail: `each of the 4 headers pressed twice (first sort of the column, then reversed): ${sorts.map(Math.round).join('/')} ms`,
    });
    for (const page of pages) await page.context.close();
  } finally {
    await browser.close();
    await Promise.all(servers.map((server) => server.stop()));
  }
}
