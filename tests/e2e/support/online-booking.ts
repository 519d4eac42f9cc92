/**
 * Online booking on the landing page (issue 41) as its tests go through it: what a visitor may book (the test's own
 * service and member on the real server, whose tests of a worker share one database; the mock's seeded ones, each test
 * having a freshly seeded store), a visitor of their own connection, and the section's three steps.
 */
import { DatabaseSync } from 'node:sqlite';
import { expect, type Browser, type Locator, type Page, type TestInfo } from '@playwright/test';
import type { Account } from './accounts.ts';
import type { StaffApi } from './api.ts';
import { signInWithSession, waitForApp } from './app.ts';
import { setUpBook } from './book.ts';

/** What the visitor chooses in steps 1 and 2: a service by name, a member (null: "Anyone"), and the day if not the first free one. */
export type Offered = { service: string; member: string | null; date?: string };

/**
 * The test's own service and member, set up by the owner in a context of their own (the visitor's is signed out), on
 * the real server; the mock's seeded "Haircut and styling" with sam (working Tuesday to Saturday).
 */
export async function offeredToVisitors(
  browser: Browser,
  baseURL: string,
  testInfo: TestInfo,
  account: Account,
  staffApi: StaffApi | undefined,
): Promise<Offered> {
  if (!staffApi) return { service: 'Haircut and styling', member: 'sam' };
  const context = await browser.newContext({ baseURL });
  try {
    const owner = await context.newPage();
    await signInWithSession(owner, account.username, await staffApi.session());
    // A week ahead: the member's whole day is free, whatever the time of day the test runs.
    const { service, member, date } = await setUpBook(owner, testInfo);
    return { service: service.name, member, date };
  } finally {
    await context.close();
  }
}

/**
 * A connection of its own, as a reverse proxy names it (X-Forwarded-For, trusted from the loopback: TRUST_PROXY on the
 * tests' server, support/servers.ts): the server tells visitors apart, and counts their holds and bookings, by address.
 */
export const visitorAddress = (): { 'X-Forwarded-For': string } => {
  const [a, b] = crypto.randomUUID().split('-');
  return { 'X-Forwarded-For': `2001:db8:${a?.slice(0, 4)}:${b}::1` };
};

/** A second visitor: a browser context of their own, with an address of their own. */
export async function anotherVisitor(browser: Browser, baseURL: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: visitorAddress(), reducedMotion: 'reduce' });
  return { page: await context.newPage(), close: () => context.close() };
}

/** The landing page scrolled down to "Book an appointment", its services loaded. */
export async function openBookingSection(page: Page): Promise<Locator> {
  await page.goto('/');
  await waitForApp(page);
  const section = page.getByRole('region', { name: 'Book an appointment' });
  await section.getByRole('heading', { name: 'Book an appointment', level: 2 }).scrollIntoViewIfNeeded();
  await expect(section.getByRole('radio').first()).toBeVisible({ timeout: 10_000 });
  return section;
}

/** A select's options that may be chosen: past the placeholder, not disabled. */
const FREE = 'option:not([disabled]):not([value=""])';

/** The label of the first option of `select` that may be chosen, once there is one. */
async function firstChoice(select: Locator): Promise<string> {
  const option = select.locator(FREE).first();
  await expect(option).toBeAttached();
  return (await option.textContent()) ?? '';
}

/** What was chosen in step 2, as the options name it ("Tuesday, 1 December", "10:00"), and the day's date. */
export type Chosen = { day: string; time: string; date: string };

/**
 * Steps 1 and 2 with the mouse: the service, the member, the day (else the first free one, or the last with `last`:
 * weeks away, so that it may be cancelled online) and its first free time; held.
 */
export async function chooseFirstFreeTime(section: Locator, { service, member, date }: Offered, last = false): Promise<Chosen> {
  await section.getByRole('radio', { name: service, exact: true }).check();
  if (member !== null) await section.getByRole('combobox', { name: 'Staff member' }).selectOption({ label: member });
  const dayChoice = section.getByRole('combobox', { name: 'Day' });
  const first = await firstChoice(dayChoice);
  if (date !== undefined) await dayChoice.selectOption(date);
  else if (last) await dayChoice.selectOption((await dayChoice.locator(FREE).last().getAttribute('value')) ?? '');
  else await dayChoice.selectOption({ label: first });
  const day = await dayChoice.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent ?? '');
  const timeChoice = section.getByRole('combobox', { name: 'Time' });
  const time = await firstChoice(timeChoice);
  await timeChoice.selectOption({ label: time });
  await expect(heldNote(section)).toBeVisible();
  return { day, time, date: await dayChoice.inputValue() };
}

/** "We are holding this time for you until 10:25." */
export const heldNote = (section: Locator) => section.getByText(/^We are holding this time for you until \d\d:\d\d\.$/);

/** The visitor: a name and an email of the test's own. */
export function visitorFor(testInfo: TestInfo) {
  const tag = `${testInfo.testId.slice(0, 6)}${testInfo.retry}${Date.now().toString(36)}`;
  return { firstName: 'Ana', lastName: `Visitor${tag}`, email: `ana.${tag}@example.com` };
}

/** Step 3: the visitor's name and email (the test's own); returns them. */
export async function fillVisitorDetails(section: Locator, testInfo: TestInfo) {
  const visitor = visitorFor(testInfo);
  await section.getByRole('textbox', { name: 'First name' }).fill(visitor.firstName);
  await section.getByRole('textbox', { name: 'Last name' }).fill(visitor.lastName);
  await section.getByRole('textbox', { name: 'Email' }).fill(visitor.email);
  return visitor;
}

/** The confirmation, word for word (the issue's). */
export const bookedText = (service: string, { day, time }: Pick<Chosen, 'day' | 'time'>, email: string) =>
  `Booked: ${service} on ${day} at ${time}. We have sent the details to ${email}.`;

/**
 * The path of the cancel link (`/?cancel={token}`) in the confirmation email the real server wrote to `email`: read from
 * its outbox, in its database file (the tests' server has no SMTP_URL, so its emails stay there, docs/operations.md).
 */
export function cancelLinkInOutbox(databaseFile: string, email: string): string {
  const db = new DatabaseSync(databaseFile, { readOnly: true, timeout: 5000 });
  try {
    const row = db.prepare('SELECT subject, text FROM outbox WHERE recipient = ?').get(email) as
      { subject: string; text: string } | undefined;
    expect(row?.subject, `the email to ${email} in the outbox`).toBe('Your appointment at Your Beauty Salon');
    const link = /https?:\/\/\S+(\/\?cancel=[\w-]+)/.exec(row?.text ?? '')?.[1];
    expect(link, `a cancel link in the email to ${email}`).toBeDefined();
    return link ?? '';
  } finally {
    db.close();
  }
}
