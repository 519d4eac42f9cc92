/**
 * Turning the page's live updates off (issue 19), so that a test sees what happens when the stream misses a change:
 * the save's and the delete's own checks (issue 18). In the `real` project the page's GET /api/events is refused from
 * the start; in the `mock` project (where the mock's service worker answers, out of Playwright's reach) its
 * `events-down` scenario drops the stream and refuses the next ones.
 */
import type { Page } from '@playwright/test';

type MockWindow = { salonMock: { scenario(name: string): unknown } };

/**
 * In the `real` project, before the page logs in. Refused with an answer (503, try again in an hour), not aborted: a
 * request with no answer at all would tell the app it is offline, and the probe that then asks the server every 3 s
 * would find an ended session before the test's own step does (issue 38's CI trial: 2 of 4 runs).
 */
export async function refuseEventStream(page: Page): Promise<void> {
  await page.route('**/api/events', (route) =>
    route.fulfill({
      status: 503,
      headers: { 'Retry-After': '3600' },
      contentType: 'application/json',
      body: '{"message":"Refused by the test"}',
    }),
  );
}

/** In the `mock` project, once the page has the mock (logged in). */
export async function dropMockEventStream(page: Page): Promise<void> {
  await page.waitForFunction(() => 'salonMock' in window);
  await page.evaluate(() => (window as unknown as MockWindow).salonMock.scenario('events-down'));
}
