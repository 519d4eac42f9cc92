import { expect, test } from '../fixtures.ts';
import {
  clientRow,
  expectAlert,
  fillClientForm,
  logInThroughApi,
  mainNav,
  openEditPageFromList,
  uniqueClient,
  waitForApp,
} from '../support/app.ts';
import {
  deleteSecondOfflineThenOpenFirst,
  editNeverOpenedClientOffline,
  offlineCopy,
  openedByAddressOneAfterTheOther,
} from '../support/offline.ts';

/** The mock backend steered from the address, the way a tester reproduces a bug report. */

/** What mocks/browser.ts puts on `window` (the page's types are not the tests'). */
type MockConsole = {
  salonMock: {
    scenario(...names: string[]): string[];
    delay(ms: number): string[];
    off(): string[];
    log(): { method: string; path: string; status: number | string; ms: number }[];
  };
};

const badge = (page: import('@playwright/test').Page) => page.getByRole('button', { name: /^Mock scenario: / });

test.beforeEach(async ({ page, account }) => {
  await logInThroughApi(page, account);
});

test('list-fails: the list load fails, is only logged, and the badge says so across reloads until off', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await page.goto('/clients?mock-scenario=list-fails');
  await waitForApp(page);
  await expect(badge(page)).toHaveText('Mock scenario: list-fails');
  await expect(page).toHaveURL('/clients');
  await expect(page.getByRole('heading', { name: 'Clients', level: 1 })).toBeVisible();
  // Logged once the read has failed three times: it is retried twice, 1 s and 2 s apart (TanStack Query's delays),
  // which leaves the default 5 s little room on a loaded machine.
  await expect.poll(() => errors.some((text) => text.includes('Could not load the client list')), { timeout: 15_000 }).toBe(true);
  await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);

  await page.reload();
  await expect(badge(page)).toHaveText('Mock scenario: list-fails');

  await page.goto('/clients?mock-scenario=off');
  await expect(badge(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit' }).first()).toBeVisible();
});

test('mock-delay shows the loading state', async ({ page }) => {
  await page.goto('/clients?mock-delay=1500');
  await expect(page.getByText('Loading clients…')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit' }).first()).toBeVisible({ timeout: 10_000 });
  await expect(badge(page)).toHaveText('Mock scenario: every call after 1500 ms');
});

test('session-ended: the live stream’s 401 takes the open page to the login page, which says why', async ({ page }) => {
  await page.goto('/clients/register?mock-scenario=session-ended');
  await expect(page).toHaveURL(/\/login\?/);
  await expect(page.getByText('Your session has ended. Please log in again.')).toBeVisible();
});

test('the panel turns presets on and off and lists the calls', async ({ page }) => {
  await page.goto('/clients');
  await expect(page.getByRole('button', { name: 'Edit' }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Mock backend' }).click();
  const panel = page.getByRole('region', { name: 'Mock backend' });
  await expect(panel.getByRole('row', { name: /GET \/api\/clients 200/ }).first()).toBeVisible();
  await panel.getByLabel('update-fails').check();
  await expect(badge(page)).toHaveText('Mock scenario: update-fails');
  await panel.getByRole('button', { name: 'Turn all off' }).click();
  await expect(badge(page)).toHaveCount(0);
  await expect(panel.getByLabel('update-fails')).not.toBeChecked();
});

test('login-fails: the login form alerts', async ({ page }) => {
  await page.goto('/login?mock-scenario=login-fails');
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill('admin');
  await expectAlert(page, 'Invalid username or password', () => page.getByRole('button', { name: 'Log in' }).click());
});

for (const { scenario, path, action, logged } of [
  { scenario: 'client-fails', path: '/clients/edit/mock-000001', action: undefined, logged: 'Could not load the client' },
  { scenario: 'update-fails', path: '/clients/edit/mock-000001', action: 'Update', logged: 'Internal server error' },
  { scenario: 'register-fails', path: '/clients/register', action: 'Register', logged: 'Internal server error' },
  { scenario: 'delete-fails', path: '/clients/edit/mock-000001', action: 'Delete', logged: 'Internal server error' },
] as const) {
  test(`${scenario}: only logged to the console, nothing shown`, async ({ page }, testInfo) => {
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await page.goto(`${path}?mock-scenario=${scenario}`);
    await waitForApp(page);
    if (action === 'Register') await fillClientForm(page, uniqueClient(testInfo));
    if (action === 'Update' || action === 'Delete') await expect(page.getByLabel('First name')).not.toHaveValue('');
    if (action) await page.getByRole('button', { name: action, exact: true }).click();
    if (action === 'Delete') await page.getByRole('button', { name: 'Yes', exact: true }).click();
    await expect.poll(() => errors.some((text) => text.includes(logged)), { timeout: 15_000 }).toBe(true);
    await expect(page.getByText(/successfully/)).toHaveCount(0);
    await expect(page.getByText(/Internal server error|failed/i)).toHaveCount(0);
    await expect(page).toHaveURL(path);
  });
}

test('the console: salonMock.scenario, delay, log and off', async ({ page }) => {
  await page.goto('/clients');
  await expect(page.getByRole('button', { name: 'Edit' }).first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as MockConsole).salonMock.scenario('update-fails', 'slow'))).toEqual([
    'update-fails',
    'slow',
  ]);
  await expect(badge(page)).toHaveText('Mock scenario: update-fails, slow');
  expect(await page.evaluate(() => (window as unknown as MockConsole).salonMock.delay(300))).toEqual([
    'update-fails',
    'slow',
    'every call after 300 ms',
  ]);
  const log = await page.evaluate(() => (window as unknown as MockConsole).salonMock.log());
  expect(log).toContainEqual(expect.objectContaining({ method: 'GET', path: '/api/clients', status: 200 }));
  expect(await page.evaluate(() => (window as unknown as MockConsole).salonMock.off())).toEqual([]);
  await expect(badge(page)).toHaveCount(0);
});

test('offline: the app is told it is offline, keeps the list and says as of when; a change waits, through a reload, until off', async ({
  page,
}) => {
  await page.goto('/clients');
  await waitForApp(page);
  // The list's first row, once it is a client's (until then it is the table's "Loading clients…").
  await expect(page.getByRole('button', { name: 'Edit' }).first()).toBeVisible();
  const firstName = (await page.getByRole('row').nth(1).getByRole('cell').first().textContent()) ?? '';
  // Opened once before the connection goes: its page is kept on this device.
  await openEditPageFromList(page, firstName);
  await mainNav(page).getByRole('link', { name: 'Clients' }).click();
  await expect(page.getByRole('button', { name: 'Edit' }).first()).toBeVisible();

  await page.evaluate(() => (window as unknown as MockConsole).salonMock.scenario('offline'));
  await expect(page.getByText(/^You are offline\. Showing clients as of \d\d:\d\d\.$/)).toBeVisible();
  await openEditPageFromList(page, firstName);
  await page.getByLabel('Last name').fill('Offline');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Saved on this device. It will be sent when the connection returns.')).toBeVisible();
  await expect(page.getByText('1 change waiting to be saved.')).toBeVisible();

  // A reload while the scenario is on: the page opens offline, from the offline copy, with the change still waiting.
  await page.goto('/clients');
  await waitForApp(page);
  await expect(page.getByText(/^You are offline\. Showing clients as of \d\d:\d\d\.$/)).toBeVisible();
  await expect(clientRow(page, firstName).getByText('Waiting to save')).toBeVisible();
  await expect(clientRow(page, firstName).getByRole('cell', { name: 'Offline' })).toBeVisible();

  await page.evaluate(() => (window as unknown as MockConsole).salonMock.off());
  await expect(page.getByText(/You are offline/)).toBeHidden();
  await expect(page.getByText('All changes saved.')).toBeVisible();
  await expect(clientRow(page, firstName).getByText('Waiting to save')).toBeHidden();
});

test('offline after pages loaded by their addresses (issues 26, 38): the list shows, the clients open, opened or not', async ({
  page,
}, testInfo) => {
  const first = uniqueClient(testInfo, { firstName: 'First' });
  const second = uniqueClient(testInfo, { firstName: 'Second', email: `second.${first.email}` });
  const third = uniqueClient(testInfo, { firstName: 'Third', email: `third.${first.email}` });
  await page.goto('/clients');
  await waitForApp(page);
  for (const client of [first, second, third]) {
    await page.getByRole('link', { name: 'Register a new client' }).click();
    await fillClientForm(page, client);
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText('Client registered successfully!')).toBeVisible();
    await page.getByRole('link', { name: 'View clients list' }).click();
    await expect(clientRow(page, client.firstName)).toBeVisible();
  }
  const stored = await page.evaluate(
    async (emails) => {
      const clients = (await (await fetch('/api/clients')).json()) as Array<{ _id: string; email: string; firstName: string }>;
      return emails.map((email) => clients.find((client) => client.email === email) ?? { _id: '', firstName: '' });
    },
    [first.email, second.email, third.email],
  );
  // The list reloaded, and at once the clients' pages by their addresses: the list is in the copy all the same.
  await page.goto('/clients');
  await waitForApp(page);
  await expect(clientRow(page, 'Third')).toBeVisible();
  // Each page in the copy before the next: in this project, on CI's busy machine, the write as First's page is left
  // was lost in 2 of 2 fresh-clone trials (a page under msw's service worker), never here; the real project and
  // Vitest check that write (offline.real.spec.ts, offline-copy.test.tsx).
  await openedByAddressOneAfterTheOther(page, stored.slice(0, 2), { atOnce: false });
  await expect.poll(() => offlineCopy(page), { message: 'the copy holds the list' }).toContain(third.email);

  await page.evaluate(() => (window as unknown as MockConsole).salonMock.scenario('offline'));
  await deleteSecondOfflineThenOpenFirst(page);
  await editNeverOpenedClientOffline(page, 'Third', 'Offline');

  await page.evaluate(() => (window as unknown as MockConsole).salonMock.off());
  await expect(page.getByText('All changes saved.')).toBeVisible();
  await mainNav(page).getByRole('link', { name: 'Clients' }).click();
  await expect(clientRow(page, 'Third').getByRole('cell', { name: 'Offline' })).toBeVisible();
  await expect(clientRow(page, 'Second')).toHaveCount(0);
});
