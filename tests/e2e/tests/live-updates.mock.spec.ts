/** Live updates in the mock (issue 19): the `events-down` scenario drops the stream; "Reconnecting…", then the catch-up. */
import { expect, test } from '../fixtures.ts';
import { clientRow, logIn } from '../support/app.ts';
import { dropMockEventStream } from '../support/live-updates.ts';

type MockWindow = { salonMock: { off(): unknown } };

/** The first seeded client (mocks/seed.ts). */
const AMELIA = { _id: 'mock-000001', firstName: 'Amelia' };

test('events-down: "Reconnecting…" after 5 s, and what changed meanwhile arrives once it is off', async ({ page, account, colleague }) => {
  await logIn(page, account);
  const row = clientRow(page, AMELIA.firstName);
  await expect(row).toBeVisible();
  await dropMockEventStream(page);
  const reconnecting = page.getByRole('status').filter({ hasText: 'Reconnecting…' });
  await expect(reconnecting).toBeVisible({ timeout: 10_000 });

  await colleague.update(AMELIA._id, { lastName: 'Meanwhile' });
  await expect(row).not.toContainText('Meanwhile');

  await page.evaluate(() => (window as unknown as MockWindow).salonMock.off());
  // The next attempt (at most 3 s away) replays what was missed.
  await expect(row).toContainText('Meanwhile', { timeout: 20_000 });
  await expect(reconnecting).toHaveCount(0);
});
