/**
 * The salon's book (issue 40) as staff use it, in both projects: the services, working hours, booking from the
 * calendar, an appointment's page (move, cancel, undo) and a double booking refused. Each test has a member of staff,
 * a service and a client of its own (support/book.ts). The time zones, a phone, axe and live updates, which the page's
 * markup or the real server decide: book.real.spec.ts.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { mainNav, waitForApp } from '../support/app.ts';
import { addMemberWithHours, bookThroughApi, calendarBlock, everyDay, setUpBook, startAt, type BookSetup } from '../support/book.ts';
import { staffPage } from '../support/roles.ts';

/** Chooses the setup's client (typing part of the name), service, member and day on "New appointment", then `time`. */
async function fillBookingForm(page: Page, { client, service, member, date }: BookSetup, time: string) {
  await expect(page.getByRole('heading', { name: 'New appointment', level: 1 })).toBeVisible();
  // Part of the name: the tag that makes it the test's own.
  await page.getByRole('combobox', { name: 'Client' }).fill(client.firstName.slice(4));
  await page.getByRole('option', { name: new RegExp(client.firstName) }).click();
  await page.getByLabel('Service', { exact: true }).selectOption({ label: service.name });
  await page.getByLabel('Staff member', { exact: true }).selectOption({ label: member });
  await page.getByLabel('Date', { exact: true }).fill(date);
  const times = page.getByLabel('Time', { exact: true });
  await expect(times.getByRole('option', { name: time, exact: true })).toBeAttached();
  await times.selectOption({ label: time });
}

test('an owner adds a service; staff opening /services are told it is an owner’s page', async ({
  page,
  browser,
  appServer,
  colleagueAccount,
  colleagueApi,
  signIn,
}, testInfo) => {
  const name = `Brow shaping ${testInfo.testId.slice(0, 6)}${Date.now().toString(36)}`;
  await signIn('/services');
  await expect(page.getByRole('heading', { name: 'Services', level: 1 })).toBeVisible();
  const add = page.getByRole('region', { name: 'Add a service' });
  await add.getByLabel('Service name').fill(name);
  await add.getByLabel('Duration (minutes)').fill('45');
  await add.getByLabel('Price').fill('35.50');
  await add.getByRole('button', { name: 'Add service' }).click();
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
  await expect(row.getByRole('cell', { name: '45 min', exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: '€35.50', exact: true })).toBeVisible();

  const staff = await staffPage(page, browser, appServer.url, colleagueAccount, colleagueApi);
  try {
    await staff.page.goto('/services');
    await waitForApp(staff.page);
    await expect(staff.page.getByText('Only an owner can see this page.')).toBeVisible();
    await expect(staff.page.getByRole('region', { name: 'Add a service' })).toHaveCount(0);
  } finally {
    await staff.close();
  }
});

test('working hours: one’s own on My account, and a colleague’s on the owner’s page of theirs', async ({ page, signIn }, testInfo) => {
  await signIn();
  const member = await addMemberWithHours(page, testInfo, everyDay('09:00', '18:00'));

  await page.goto('/account');
  const own = page.getByRole('region', { name: 'Working hours', exact: true });
  await own.getByLabel('Works on Tuesday').check();
  await own.getByLabel('Tuesday from').fill('10:00');
  await own.getByLabel('Tuesday to').fill('17:30');
  await own.getByRole('button', { name: 'Save hours' }).click();
  await expect(own.getByText('Working hours saved.')).toBeVisible();

  await mainNav(page).getByRole('link', { name: 'Staff' }).click();
  await page.getByRole('link', { name: `Working hours of ${member}` }).click();
  await expect(page.getByRole('heading', { name: `Working hours of ${member}`, level: 1 })).toBeVisible();
  await page.getByLabel('Works on Sunday').uncheck();
  await expect(page.getByLabel('Sunday from')).toBeDisabled();
  await page.getByLabel('Wednesday from').fill('12:00');
  await page.getByRole('button', { name: 'Save hours' }).click();
  await expect(page.getByText('Working hours saved.')).toBeVisible();

  // Saved on the server: the page opened afresh shows them.
  await page.reload();
  await expect(page.getByLabel('Wednesday from')).toHaveValue('12:00');
  await expect(page.getByLabel('Works on Sunday')).not.toBeChecked();
});

test('booking from the calendar, then on its page: move, cancel and undo', async ({ page, signIn }, testInfo) => {
  await signIn();
  const book = await setUpBook(page, testInfo);
  await page.goto('/clients');
  await waitForApp(page);

  await mainNav(page).getByRole('link', { name: 'Calendar' }).click();
  await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'New appointment' }).click();
  await fillBookingForm(page, book, '10:00');
  await page.getByRole('button', { name: 'Book' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Appointment booked.' })).toBeVisible();
  await expect(page).toHaveURL(`/calendar?date=${book.date}`);
  const block = calendarBlock(page, book, '10:00–11:00');
  await expect(block).toContainText(`${book.client.firstName} ${book.client.lastName}`);
  await expect(block).toContainText(book.service.name);

  await block.click();
  await expect(page.getByRole('heading', { name: 'Appointment', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: `${book.client.firstName} ${book.client.lastName}` })).toBeVisible();
  const move = page.getByRole('region', { name: 'Move' });
  await move.getByLabel('Time', { exact: true }).selectOption({ label: '11:30' });
  await move.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Appointment moved.' })).toBeVisible();
  await expect(page.getByText('11:30–12:30', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'History' }).getByText(/^Moved by /)).toBeVisible();

  await page.getByRole('button', { name: 'Cancel appointment' }).click();
  const question = page.getByRole('alertdialog');
  await expect(question).toContainText('Do you really want to cancel this appointment?');
  await question.getByRole('button', { name: 'Yes' }).click();
  const cancelled = page.getByRole('status').filter({ hasText: 'Appointment cancelled.' });
  await expect(cancelled).toBeVisible();
  await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
  await cancelled.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Appointment restored.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel appointment' })).toBeVisible();

  await page.goto(`/calendar?date=${book.date}`);
  await expect(calendarBlock(page, book, '11:30–12:30')).toBeVisible();
});

test('a double booking is refused with the server’s words, the form keeping every choice', async ({ page, signIn }, testInfo) => {
  await signIn();
  const book = await setUpBook(page, testInfo);
  await page.goto(`/calendar/new?date=${book.date}`);
  await fillBookingForm(page, book, '10:00');

  // A colleague books the member at that time while the form is open.
  await bookThroughApi(page, book, '10:00');
  await page.getByRole('button', { name: 'Book' }).click();

  await expect(page.getByRole('alert')).toHaveText(`${book.member} already has an appointment at that time.`);
  await expect(page.getByRole('combobox', { name: 'Client' })).toHaveValue(new RegExp(book.client.firstName));
  await expect(page.getByLabel('Service', { exact: true })).toHaveValue(book.service.id);
  await expect(page.getByLabel('Staff member', { exact: true })).toHaveValue(book.member);
  await expect(page.getByLabel('Date', { exact: true })).toHaveValue(book.date);
  await expect(page.getByLabel('Time', { exact: true })).toHaveValue(startAt(book, '10:00'));
  await expect(page).toHaveURL(/\/calendar\/new/);
});
