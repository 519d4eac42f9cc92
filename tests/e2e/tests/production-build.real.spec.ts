/**
 * The production build carries nothing of the mock backend: msw's service worker is served
 * by `npm run dev` only (vite.config.ts), and src/main.tsx starts msw in development only.
 * Nor does the landing page load the logged-in nav bar (Sign Out's flow), which has a chunk of its own.
 * The `real` project alone runs this file: it checks the built SPA (dist/) and its server
 * (with msw's worker in the mock project, page.route would not see the chunk's request).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect, test } from '../fixtures.ts';
import { PROJECT_ROOT } from '../../harness/build.ts';
import { logIn, mainNav, waitForApp } from '../support/app.ts';
import { SPA_INDEX } from '../support/servers.ts';

/**
 * Text found in msw's worker ("Mock Service Worker"), its browser client (the worker's URL), its
 * core (the log prefix), and the mock scenarios (their stored key and their badge).
 */
const MSW_MARKERS = ['Mock Service Worker', 'mockServiceWorker', '[MSW]', 'salon-mock-scenario', 'Mock scenario'];

test('GET /mockServiceWorker.js is not the mock worker', async ({ request }) => {
  // Asked as a browser registering a service worker asks; the SPA fallback may respond
  // index.html (text/html), which no browser runs as a worker.
  const response = await request.get('/mockServiceWorker.js', { headers: { Accept: '*/*', 'Service-Worker': 'script' } });
  expect(response.headers()['content-type']).not.toMatch(/javascript/);
  expect(await response.text()).not.toContain('Mock Service Worker');
});

test('no file of the build contains msw or the mock scenarios', () => {
  const files = readdirSync(join(PROJECT_ROOT, dirname(SPA_INDEX)), { recursive: true, withFileTypes: true })
    // The .br and .gz copies are compressed twins of files scanned here.
    .filter((entry) => entry.isFile() && !/\.(br|gz)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
  expect(files.length).toBeGreaterThan(0);
  const withMsw = files.filter((file) => {
    const content = readFileSync(file, 'latin1');
    return MSW_MARKERS.some((marker) => content.includes(marker));
  });
  expect(withMsw).toEqual([]);
});

/** The logged-in navigation bar with Sign Out's flow (src/features/auth/components/staff-nav-bar.tsx). */
const STAFF_NAV_BAR_CHUNK = /\/assets\/staff-nav-bar-[\w-]+\.js$/;

test('a visitor on / does not load the logged-in nav bar', async ({ page }) => {
  const loaded: string[] = [];
  page.on('request', (request) => {
    if (STAFF_NAV_BAR_CHUNK.test(request.url())) loaded.push(request.url());
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  await waitForApp(page);
  expect(loaded).toEqual([]);
});

test('a visitor on / loads no zod: the routes read their addresses without it', async ({ page }) => {
  // zod is about 28 KiB of gzip, a quarter of the landing page's JS budget (docs/performance.md); the audit trail's
  // filter once brought it in through the route definitions every page loads.
  const scripts: Array<Promise<string>> = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script')
      scripts.push(response.text().then((body) => (body.includes('ZodError') ? response.url() : '')));
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  await waitForApp(page);
  expect(scripts.length).toBeGreaterThan(0);
  expect((await Promise.all(scripts)).filter(Boolean)).toEqual([]);
});

test('until the logged-in nav bar has loaded, Sign Out is in place but disabled, and nothing moves when it comes', async ({
  page,
  account,
}) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(STAFF_NAV_BAR_CHUNK, async (route) => {
    await held;
    await route.continue();
  });
  await logIn(page, account);
  const nav = mainNav(page);
  const signOut = nav.getByRole('button', { name: 'Sign Out' });
  await expect(signOut).toBeDisabled();
  await expect(nav.getByRole('link', { name: 'Clients' })).toBeVisible();
  const before = { bar: await nav.boundingBox(), signOut: await signOut.boundingBox() };

  release();
  await expect(signOut).toBeEnabled();
  expect({ bar: await nav.boundingBox(), signOut: await signOut.boundingBox() }).toEqual(before);
});
