/**
 * The calendar's day view at a busy salon's size (issue 40), in Chromium, against the production server on SQLite:
 * the book of ../harness/seed-book.ts (10 members, 2,000 appointments in the week), the Tuesday opened at
 * /calendar?date=… by a signed-in member (the login flag and the login the sign-in form stores, so that the offline
 * copy is kept as for anyone signed in), 1280 × 720, the HTTP cache disabled (so its data is downloaded each time).
 *
 * First paint after its data: from the arrival of the day's data (the end of the first responses to
 * GET /api/appointments for the day and GET /api/schedules, from the page's Resource Timing: the day is fetched again
 * later, when the live updates connect) to the frame after the grid is on screen with its 10 columns and every
 * appointment of the day as a block (a MutationObserver, then the frame after it: list.ts's method for the client
 * list's first rows). ROUNDS rounds after one to warm up, each in a fresh browser context; the median and the p95.
 * Goal: median < 200 ms.
 *
 * With `--against DIR` (run.ts) the other build's server reads the same database and the two builds' openings take
 * turns, one each, so that the machine's load weighs on both alike.
 *
 * `CALENDAR_PROFILE=FILE` adds one more round, not counted, with a Chromium CPU profile (CDP's Profiler, 100 µs
 * sampling) of the whole opening, written to FILE (read it with `npx tsx tests/bench/cpu-profile.ts FILE`).
 */
import { writeFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { apiPaths } from '#contract/paths';
import type { Build } from '../harness/build.ts';
import { launchChromium } from '../harness/chromium.ts';
import { ADMIN } from '../harness/real-server.ts';
import { BOOK, bookDays, dayPlan, seedBook } from '../harness/seed-book.ts';
import { median, percentile, report, reportNotMeasured } from './lib/report.ts';
import { scratchDirectory, startServer, type RunningServer } from './lib/server.ts';
import { join } from 'node:path';

const ROUNDS = 20;
const GOAL_MS = 200;
/** The week's Tuesday: all 10 members work. */
const DAY = 1;

declare global {
  interface Window {
    /** performance.now() at the frame after the grid showed every column and block. */
    __gridPaintedAt?: number;
  }
}

/** Runs in the page before its scripts: notes the frame after the grid has `columns` members and `blocks` blocks. */
function watchForGrid([columns, blocks]: [number, number]): void {
  const observer = new MutationObserver(() => {
    const heads = document.querySelectorAll('.calendar-table thead th').length;
    if (heads < columns + 1 || document.querySelectorAll('.calendar-table .calendar-block').length < blocks) return;
    observer.disconnect();
    // The frame that shows it: after its rendering step, not before.
    requestAnimationFrame(() => setTimeout(() => (window.__gridPaintedAt = performance.now()), 0));
  });
  observer.observe(document, { childList: true, subtree: true });
}

/** One opening of the day in a fresh context: ms from the last of its data's arrival to the grid's frame. */
async function paintAfterData(browser: Browser, origin: string, date: string, blocks: number, profile?: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  try {
    const login = await context.request.post(`${origin}/login`, { data: ADMIN });
    if (login.status() !== 200) throw new Error(`Login failed: ${login.status()}`);
    // What lib/login-flag.ts's setLoggedIn stores on signing in.
    const signedIn = { account: ADMIN.username, at: Date.now(), endsAt: Date.now() + 3_600_000 };
    await context.addInitScript((stored) => {
      window.localStorage.setItem('salonLogin', stored);
      window.localStorage.setItem('isLoggedIn', 'true');
    }, JSON.stringify(signedIn));
    await context.addInitScript(watchForGrid, [BOOK.members.length, blocks] as [number, number]);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (profile !== undefined) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
    }
    await page.goto(`${origin}/calendar?date=${date}`, { waitUntil: 'commit' });
    await page.waitForFunction(() => window.__gridPaintedAt !== undefined, null, { timeout: 60_000, polling: 50 });
    if (profile !== undefined) writeFileSync(profile, JSON.stringify((await cdp.send('Profiler.stop')).profile));
    const dayData = [`${apiPaths.appointments}?${new URLSearchParams({ from: date, to: date })}`, apiPaths.schedules];
    const { paintedAt, dataAt } = await page.evaluate((paths) => {
      const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      // The first response of each: the live updates fetch the day again once they connect.
      const ends = paths.map((path) => entries.find((entry) => entry.name.endsWith(path))?.responseEnd ?? NaN);
      return { paintedAt: window.__gridPaintedAt as number, dataAt: Math.max(...ends) };
    }, dayData);
    if (Number.isNaN(dataAt)) throw new Error(`The page's Resource Timing has no entry for one of ${dayData.join(', ')}`);
    return paintedAt - dataAt;
  } finally {
    await context.close();
  }
}

const spread = (times: readonly number[]) =>
  `median ${Math.round(median(times))} ms, p95 ${Math.round(percentile(times, 0.95))} ms (${times.map(Math.round).join('/')} ms)`;

/**
 * The figure for `build`; with `against` (another checkout's build, run.ts's `--against DIR`), that build's openings
 * in turn with this one's, on the same database, and its figures printed beside.
 */
export async function runCalendarBench(build: Build, against?: { build: Build; dir: string }): Promise<void> {
  const name = `Calendar day view, first paint after its data, ${BOOK.members.length} columns`;
  const date = bookDays()[DAY] as string;
  const blocks = BOOK.members.reduce((sum, _, member) => sum + dayPlan(member, DAY).length, 0);
  console.info(`\nThe calendar's day view in Chromium, ${date}, ${blocks} appointments in ${BOOK.members.length} columns…`);
  const file = join(scratchDirectory(), 'salon.db');
  await seedBook({ kind: 'sqlite', file });
  const builds = [build, ...(against ? [against.build] : [])];
  const servers: RunningServer[] = [];
  try {
    for (const [index, measured] of builds.entries()) {
      servers.push(await startServer(measured, file, { SALON_TIME_ZONE: BOOK.zone }, `${file}.${index}.log`));
    }
    const browser = await launchChromium();
    const times: number[][] = servers.map(() => []);
    for (let round = 0; round <= ROUNDS; round += 1) {
      // Each build goes first in every other round.
      const order = round % 2 === 0 ? servers.keys() : [...servers.keys()].reverse();
      for (const index of order) {
        const ms = await paintAfterData(browser, (servers[index] as RunningServer).origin, date, blocks);
        // The first round warms the servers and the browser up.
        if (round > 0) times[index]?.push(ms);
      }
    }
    const profile = process.env.CALENDAR_PROFILE;
    if (profile !== undefined) await paintAfterData(browser, (servers[0] as RunningServer).origin, date, blocks, profile);
    await browser.close();
    const [ours = [], theirs] = times;
    if (against && theirs) console.info(`       ${against.dir}: ${spread(theirs)}; this build: ${spread(ours)}`);
    report({
      name,
      measured: spread(ours),
      goal: `median < ${GOAL_MS} ms`,
      pass: median(ours) < GOAL_MS,
      detail: `${ROUNDS} fresh openings of /calendar?date=${date} (${blocks} blocks)${against ? `, in turn with ${against.dir}'s` : ''}: the end of the day's appointments and schedules responses to the frame after the grid shows them all`,
    });
  } catch (error) {
    reportNotMeasured(name, `median < ${GOAL_MS} ms`, error instanceof Error ? error.message : String(error));
  } finally {
    for (const server of servers) await server.stop();
  }
}
