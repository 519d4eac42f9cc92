/** What a role shows (issue 28): the owner's controls on a page, read once the page knows the role. */
import { expect, type Page } from '@playwright/test';

const OWNER_CONTROLS = ['Export CSV', 'Export data', 'Erase permanently'];

/**
 * Opens `path` afresh (a full page load, so the app asks GET /api/me) and waits for the role and for `ready`; returns
 * the owner's buttons on screen, by name.
 */
export async function ownerControlsOn(page: Page, path: string, ready: (page: Page) => Promise<void>): Promise<string[]> {
  const me = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/me');
  await page.goto(path);
  expect((await me).status(), 'GET /api/me').toBe(200);
  await ready(page);
  const shown: string[] = [];
  for (const name of OWNER_CONTROLS) if ((await page.getByRole('button', { name }).count()) > 0) shown.push(name);
  return shown;
}
