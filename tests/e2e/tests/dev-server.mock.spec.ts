import { expect, test } from '../fixtures.ts';
import { logIn } from '../support/app.ts';
import { startDevServer } from '../support/servers.ts';

/**
 * The rest of the mock project runs the bundled SPA with msw (`npm run build:mock`); this is what a developer
 * runs: `npm run dev`, Vite compiling each module on request, msw's worker served by the dev server.
 */
test('npm run dev: msw answers in the page, from login to the seeded client list', async ({ browser, account }) => {
  // Vite compiles every module the first time a page asks for it, and may pre-bundle a dependency and reload.
  test.setTimeout(120_000);
  const dev = await startDevServer();
  const context = await browser.newContext({ baseURL: dev.url });
  try {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const workerScript = await page.request.get('/mockServiceWorker.js');
    expect(workerScript.headers()['content-type']).toContain('javascript');

    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible({ timeout: 60_000 });
    await logIn(page, account);
    await expect(page.getByRole('button', { name: 'Edit' }).first()).toBeVisible({ timeout: 30_000 });
    expect(errors).toEqual([]);
  } finally {
    await context.close();
    await dev.stop();
  }
});
