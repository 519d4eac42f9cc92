/**
 * The book (issue 40) where the real server or the page's markup decides, in the real project only (as
 * accessibility.real.spec.ts and responsive.real.spec.ts): times in the salon's zone (SALON_TIME_ZONE, Europe/London
 * on the tests' server) whatever the browser's; the book's pages on a 375 px phone, with axe; and a colleague's
 * booking shown live on an open calendar. The flows themselves, in both projects: book.spec.ts.
 */
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { waitForApp } from '../support/app.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { bookThroughApi, calendarBlock, newAppointment, setUpBook } from '../support/book.ts';
import { expectSoundLayout, PHONE, saveScreenshot } from '../support/layout.ts';
import { REAL_SALON_TIME_ZONE } from '../support/servers.ts';

test.describe('seen from a browser in New York', () => {
  test.use({ timezoneId: 'America/New_York' });

  test('a salon in London: a member working 09:00–18:00 starts at 09:00, a booking at 10:00 shows 10:00', async ({
    page,
    signIn,
  }, testInfo) => {
    await signIn();
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('America/New_York');
    const book = await setUpBook(page, testInfo);
    expect(book.zone).toBe(REAL_SALON_TIME_ZONE);
    await bookThroughApi(page, book, '10:00');

    await page.goto(`/calendar?date=${book.date}`);
    const day = page.getByRole('region', { name: /^Appointments on / });
    await expect(day.getByRole('rowheader').first()).toHaveText('09:00');
    await expect(day.getByRole('rowheader').last()).toHaveText('17:45');
    await calendarBlock(day, book, '10:00–11:00').click();
    await expect(page.getByRole('heading', { name: 'Appointment', level: 1 })).toBeVisible();
    await expect(page.getByText('10:00–11:00', { exact: true })).toBeVisible();
  });
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: PHONE });

  /** No sideways scroll nor overlapping controls, no axe violation; its screenshot as real/375-<name>.png. */
  async function checkPage(page: Page, testInfo: TestInfo, name: string) {
    await expectSoundLayout(page, `${name} at ${PHONE.width} px`);
    await expectNoAxeViolations(page, testInfo, `${name} at ${PHONE.width} px`);
    await saveScreenshot(page, `${testInfo.project.name}/${PHONE.width}-${name}`);
  }

  test('the day is one member’s list, chosen with “Staff member”; the book’s pages fit and pass axe', async ({
    page,
    signIn,
  }, testInfo) => {
    // Five axe runs: past the 30 s default beside another worker, as accessibility.real.spec.ts's longest.
    test.slow();
    await signIn();
    const book = await setUpBook(page, testInfo);
    const appointment = await bookThroughApi(page, book, '10:00');

    await page.goto(`/calendar?date=${book.date}`);
    await waitForApp(page);
    await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();
    await page.getByLabel('Staff member').selectOption(book.member);
    const list = page.getByRole('list', { name: `Appointments of ${book.member}` });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(calendarBlock(list, book, '10:00–11:00')).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await checkPage(page, testInfo, 'calendar');

    await page.getByRole('link', { name: 'New appointment' }).click();
    await expect(page.getByRole('heading', { name: 'New appointment', level: 1 })).toBeVisible();
    await checkPage(page, testInfo, 'calendar-new');

    await page.goto(`/calendar/appointments/${appointment.id}`);
    await expect(page.getByRole('heading', { name: 'Appointment', level: 1 })).toBeVisible();
    await checkPage(page, testInfo, 'appointment');

    await page.goto('/services');
    await expect(page.getByRole('rowheader', { name: book.service.name, exact: true })).toBeVisible();
    await checkPage(page, testInfo, 'services');

    // At a desk the day is a table: a column per member, a row per quarter hour.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/calendar?date=${book.date}`);
    await expect(page.getByRole('columnheader', { name: book.member, exact: true })).toBeVisible();
    await expectNoAxeViolations(page, testInfo, 'calendar at 1280 px');
  });
});

test('a colleague’s booking appears on an open calendar within a second or two, without a reload', async ({
  page,
  signIn,
  colleagueApi,
}, testInfo) => {
  await signIn();
  const book = await setUpBook(page, testInfo);
  const streaming = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events' && response.ok());
  await page.goto(`/calendar?date=${book.date}`);
  await streaming;
  await expect(page.getByRole('columnheader', { name: book.member, exact: true })).toBeVisible();
  const loads: string[] = [];
  page.on('load', () => loads.push(page.url()));

  await colleagueApi?.bookAppointment(newAppointment(book, '10:00'));
  await expect(calendarBlock(page, book, '10:00–11:00')).toBeVisible({ timeout: 3_000 });
  expect(loads, 'page loads').toEqual([]);
});
