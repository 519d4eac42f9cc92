/** What a person does in the app, in a few words: log in, expect an alert, add a client. */
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import type { Account } from './accounts.ts';

export type ClientInput = {
  firstName: string;
  lastName: string;
  email: string;
  /** As the API takes it: a datetime-local value or a full ISO date-time. */
  registrationDateTime: string;
};

export type Client = ClientInput & { _id: string };

const LOGIN_FLAG_KEY = 'isLoggedIn';
const LOGIN_KEY = 'salonLogin';

/**
 * Runs `action` and expects exactly one window.alert with `message`, which is accepted as a
 * person would (the product's messages are real alerts). The listener accepts at once, so an
 * alert raised during a click never blocks it.
 */
export async function expectAlert(page: Page, message: string, action: () => Promise<unknown>, timeout?: number): Promise<void> {
  const dialogs: Array<{ type: string; message: string }> = [];
  const onDialog = (dialog: import('@playwright/test').Dialog) => {
    dialogs.push({ type: dialog.type(), message: dialog.message() });
    dialog.accept().catch(() => {
      // The page may already be gone; the message is recorded either way.
    });
  };
  page.on('dialog', onDialog);
  try {
    await action();
    await expect
      .poll(() => dialogs, { message: `an alert saying '${message}'`, ...(timeout ? { timeout } : {}) })
      .toEqual([{ type: 'alert', message }]);
  } finally {
    page.off('dialog', onDialog);
  }
}

/** The login flag as the SPA stores it: 'true' or null. */
export function loginFlag(page: Page): Promise<string | null> {
  return page.evaluate((key) => window.localStorage.getItem(key), LOGIN_FLAG_KEY);
}

/**
 * Waits until the SPA has rendered (in the mock project, after msw's worker started). Longer than an expect's
 * 5 s: a first load in a fresh context also registers the mock's service worker, which took over 5 s once in CI
 * with both workers busy.
 */
export async function waitForApp(page: Page): Promise<void> {
  await expect(page.getByRole('link', { name: 'HOME' })).toBeVisible({ timeout: 15_000 });
}

export function mainNav(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main' });
}

/** Logs in through the form: the success alert, then the client list. */
export async function logIn(page: Page, account: Account): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password').fill(account.password);
  // The real server's password check (scrypt, N=2^17) took over 5 s on CI's busy 2-core machine: 15 s here.
  await expectAlert(page, 'Login successful!', () => page.getByRole('button', { name: 'Log in' }).click(), 15_000);
  await expect(page).toHaveURL('/clients');
  await expect(page.getByRole('heading', { name: 'Clients', level: 1 })).toBeVisible();
}

/** A client no other test uses, so tests sharing one real database never see each other's rows. */
export function uniqueClient(testInfo: TestInfo, overrides: Partial<ClientInput> = {}): ClientInput {
  const tag = `${testInfo.testId.slice(0, 6)}${testInfo.repeatEachIndex}${Date.now().toString(36).slice(-4)}`;
  return {
    firstName: `Test${tag}`,
    lastName: 'Example',
    email: `test.${tag}@example.com`,
    registrationDateTime: '2024-05-01T10:30',
    ...overrides,
  };
}

/**
 * Opens a one-time sign-in link (issue 28) and sets the password there, as a new member does: "Welcome, {username}",
 * then logged in on the client list.
 */
export async function setPasswordThroughLink(page: Page, link: string, account: Account): Promise<void> {
  await page.goto(link);
  await expect(page.getByRole('heading', { name: `Welcome, ${account.username}`, level: 1 })).toBeVisible();
  await page.getByLabel('New password').fill(account.password);
  await page.getByLabel('Repeat password').fill(account.password);
  await page.getByRole('button', { name: 'Set password' }).click();
  // The password's hash (scrypt) on a busy machine: as long as a login's.
  await expect(page).toHaveURL('/clients', { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Clients', level: 1 })).toBeVisible();
}

/**
 * A username no other test has taken (3 to 32 characters, lower case): the `real` project's tests share one database
 * per worker, and an account once added stays.
 */
export function uniqueUsername(testInfo: TestInfo, prefix: string): string {
  return `${prefix}-${testInfo.repeatEachIndex}${testInfo.retry}${Date.now().toString(36)}`;
}

/**
 * Adds a client through the API from inside the page, so that the call carries the session
 * cookie (real server) or gets its response from msw's worker (mock). Needs a logged-in page.
 */
export async function createClientThroughApi(page: Page, input: ClientInput): Promise<Client> {
  return page.evaluate(async (body) => {
    const created = await fetch('/api/clients', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!created.ok) throw new Error(`POST /api/clients responded ${created.status}: ${await created.text()}`);
    const list = await fetch('/api/clients');
    if (!list.ok) throw new Error(`GET /api/clients responded ${list.status}`);
    const clients = (await list.json()) as Client[];
    const client = clients.find((candidate) => candidate.email === body.email);
    if (!client) throw new Error(`The new client ${body.email} is not in the list`);
    return client;
  }, input);
}

/** Deletes a client through the API from inside the page (it goes to "Recently deleted"). Needs a logged-in page. */
export async function deleteClientThroughApi(page: Page, clientId: string): Promise<void> {
  await page.evaluate(async (id) => {
    const deleted = await fetch(`/api/clients/${encodeURIComponent(id)}`, { method: 'DELETE' });
    if (!deleted.ok) throw new Error(`DELETE /api/clients/${id} responded ${deleted.status}: ${await deleted.text()}`);
  }, clientId);
}

/** Types a client into the register or edit form's four fields, as a person would. */
export async function fillClientForm(page: Page, client: ClientInput): Promise<void> {
  await page.getByLabel('First name').fill(client.firstName);
  await page.getByLabel('Last name').fill(client.lastName);
  await page.getByLabel('Email', { exact: true }).fill(client.email);
  await page.getByLabel('Registration date and time').fill(client.registrationDateTime);
}

/** The list's row of the client whose first name is `firstName`. */
export function clientRow(page: Page, firstName: string): Locator {
  return page.getByRole('row').filter({ has: page.getByRole('cell', { name: firstName, exact: true }) });
}

/** Opens a client's edit page from the list, with its Edit button. */
export async function openEditPageFromList(page: Page, firstName: string): Promise<void> {
  await clientRow(page, firstName).getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: 'Edit a client' })).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue(firstName);
}

/**
 * Logs in without the form, for tests about something else: the login call from inside the
 * page (the real server sets its cookie, msw marks its mock session), then the flag the SPA
 * would have stored. The next page load sees both.
 */
export async function logInThroughApi(page: Page, account: Account): Promise<void> {
  await page.goto('/');
  await waitForApp(page);
  const { status, sessionExpires } = await page.evaluate(async (credentials) => {
    const response = await fetch('/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(credentials),
    });
    return { status: response.status, sessionExpires: response.headers.get('Session-Expires') };
  }, account);
  expect(status, 'POST /login').toBe(200);
  expect(sessionExpires, 'POST /login: Session-Expires').not.toBeNull();
  await setLoginFlag(page, account.username, Date.parse(sessionExpires ?? ''));
}

/** The login flag, as the login form leaves it (src/lib/login-flag.ts): the flag, and who logged in, when, and until when. */
async function setLoginFlag(page: Page, username: string, endsAt: number): Promise<void> {
  await page.evaluate(
    ({ flagKey, loginKey, username, endsAt }) => {
      window.localStorage.setItem(loginKey, JSON.stringify({ account: username, at: Date.now(), endsAt }));
      window.localStorage.setItem(flagKey, 'true');
    },
    { flagKey: LOGIN_FLAG_KEY, loginKey: LOGIN_KEY, username, endsAt },
  );
}

/** A path of the app's origin that the test answers itself with an empty page (`signInWithSession`). */
const BLANK_PAGE = '/e2e-blank-page';

/**
 * Signs the page in with a session the worker already has (the real project's StaffApi): its cookie, then the flag the
 * SPA would have stored. No login, so no password hash (scrypt, 0.6–0.9 s of a busy CPU per login): for tests
 * whose subject is not the login nor a session of their own (docs/decisions/027-ci-time.md, second round). The flag is
 * set on an empty page of the app's origin that the test answers itself, not on the SPA at /: a page load of the
 * app fewer per test (third round). The page stays there, on the origin: ready for calls from it
 * (createClientThroughApi) and for the test's first page.goto, which loads the app signed in.
 */
export async function signInWithSession(
  page: Page,
  username: string,
  session: { cookies: Parameters<import('@playwright/test').BrowserContext['addCookies']>[0]; endsAt: number },
): Promise<void> {
  await page.context().addCookies(session.cookies);
  await page.route(BLANK_PAGE, (route) =>
    route.fulfill({ contentType: 'text/html; charset=utf-8', body: '<!doctype html><title>Signing in</title>' }),
  );
  try {
    await page.goto(BLANK_PAGE);
    await setLoginFlag(page, username, session.endsAt);
  } finally {
    await page.unroute(BLANK_PAGE);
  }
}
