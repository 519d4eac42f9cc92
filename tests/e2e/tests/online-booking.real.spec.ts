/**
 * Online booking on the landing page (issue 41) where the real server or the page's markup decides, in the real
 * project only: a time one visitor holds is gone for another (the server tells them apart by address; in the mock each
 * browser has a store of its own), the booking on a member of staff's open calendar at once, axe on the section at
 * 375 px and 1280 px, and the email's cancel link (read from the server's outbox). The three steps themselves, in both projects: online-booking.spec.ts.
 */
import { expect, test } from '../fixtures.ts';
import { waitForApp } from '../support/app.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { expectSoundLayoutOnPhone, PHONE } from '../support/layout.ts';
import {
  anotherVisitor,
  bookedText,
  cancelLinkInOutbox,
  chooseFirstFreeTime,
  fillVisitorDetails,
  offeredToVisitors,
  openBookingSection,
  visitorAddress,
  type Offered,
} from '../support/online-booking.ts';

/** "10:00" and an hour later, "11:00": the test's service takes 60 minutes (support/book.ts). */
const anHourLater = (time: string) => `${String(Number(time.slice(0, 2)) + 1).padStart(2, '0')}${time.slice(2)}`;

test('a time one visitor holds is gone for another; booked, it shows on the staff’s open calendar at once', async ({
  page,
  browser,
  baseURL,
  account,
  staffApi,
  signIn,
}, testInfo) => {
  const offered: Offered = await offeredToVisitors(browser, baseURL as string, testInfo, account, staffApi);
  const first = await anotherVisitor(browser, baseURL as string);
  const second = await anotherVisitor(browser, baseURL as string);
  try {
    const ours = await openBookingSection(first.page);
    const chosen = await chooseFirstFreeTime(ours, offered);

    // The second visitor, on the same day with the same member: the held hour's starts are gone, the next free one is not.
    const theirs = await openBookingSection(second.page);
    await theirs.getByRole('radio', { name: offered.service, exact: true }).check();
    await theirs.getByRole('combobox', { name: 'Staff member' }).selectOption({ label: offered.member ?? '' });
    await theirs.getByRole('combobox', { name: 'Day' }).selectOption({ label: chosen.day });
    const theirTimes = theirs.getByRole('combobox', { name: 'Time' });
    await expect(theirTimes.getByRole('option', { name: anHourLater(chosen.time), exact: true })).toBeAttached();
    await expect(theirTimes.getByRole('option', { name: chosen.time, exact: true })).toHaveCount(0);

    // A member of staff has the day's calendar open, its live updates streaming.
    await signIn();
    const streaming = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events' && response.ok());
    await page.goto(`/calendar?date=${chosen.date}`);
    await streaming;
    await expect(page.getByRole('columnheader', { name: offered.member ?? '', exact: true })).toBeVisible();
    const loads: string[] = [];
    page.on('load', () => loads.push(page.url()));

    const visitor = await fillVisitorDetails(ours, testInfo);
    await ours.getByRole('button', { name: 'Book' }).click();
    await expect(ours.getByRole('status')).toHaveText(bookedText(offered.service, chosen, visitor.email));

    const block = page.getByRole('link', {
      name: new RegExp(
        `^${chosen.time}–${anHourLater(chosen.time)}, ${visitor.firstName} ${visitor.lastName}, ${offered.service}, Booked online$`,
      ),
    });
    await expect(block).toBeVisible({ timeout: 3_000 });
    expect(loads, 'page loads').toEqual([]);
  } finally {
    await first.close();
    await second.close();
  }
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: PHONE });

  test('the section passes axe and fits: its errors, a held time, the confirmation; and at 1280 px', async ({
    page,
    browser,
    baseURL,
    account,
    staffApi,
  }, testInfo) => {
    // Four axe runs: past the 30 s default beside another worker, as book.real.spec.ts's.
    test.slow();
    const offered = await offeredToVisitors(browser, baseURL as string, testInfo, account, staffApi);
    await page.setExtraHTTPHeaders(visitorAddress());
    const section = await openBookingSection(page);

    await section.getByRole('button', { name: 'Book' }).click();
    await expect(section.getByText('Choose a service.')).toBeVisible();
    await expectNoAxeViolations(page, testInfo, `the booking section's errors at ${PHONE.width} px`);

    const chosen = await chooseFirstFreeTime(section, offered);
    const visitor = await fillVisitorDetails(section, testInfo);
    await expectNoAxeViolations(page, testInfo, `the booking section with a held time at ${PHONE.width} px`);
    await expectSoundLayoutOnPhone(page, 'online-booking-held');

    await page.setViewportSize({ width: 1280, height: 800 });
    await expectNoAxeViolations(page, testInfo, 'the booking section with a held time at 1280 px');
    await page.setViewportSize(PHONE);

    await section.getByRole('button', { name: 'Book' }).click();
    await expect(section.getByRole('status')).toHaveText(bookedText(offered.service, chosen, visitor.email));
    await expectNoAxeViolations(page, testInfo, `the booking's confirmation at ${PHONE.width} px`);
  });
});

test('the email’s cancel link: the question, cancelled, the time free again for another visitor; then used up', async ({
  page,
  browser,
  baseURL,
  account,
  staffApi,
  realServer,
}, testInfo) => {
  // The test's member a week ahead (support/online-booking.ts): more than SALON_CANCEL_HOURS away.
  const offered = await offeredToVisitors(browser, baseURL as string, testInfo, account, staffApi);
  await page.setExtraHTTPHeaders(visitorAddress());
  const section = await openBookingSection(page);
  const chosen = await chooseFirstFreeTime(section, offered);
  const visitor = await fillVisitorDetails(section, testInfo);
  await section.getByRole('button', { name: 'Book' }).click();
  await expect(section.getByRole('status')).toHaveText(bookedText(offered.service, chosen, visitor.email));

  const link = cancelLinkInOutbox(realServer.databaseFile, visitor.email);
  await page.goto(link);
  await waitForApp(page);
  const question = page.getByRole('region', { name: 'Your appointment' });
  await expect(question.getByText(`Cancel your appointment on ${chosen.day} at ${chosen.time}?`, { exact: true })).toBeVisible();
  await question.getByRole('button', { name: 'Cancel appointment' }).click();
  await expect(question.getByRole('status')).toHaveText('Your appointment is cancelled.');
  await expect(question.getByRole('status')).toBeFocused();

  // Another visitor may have the time again.
  const other = await anotherVisitor(browser, baseURL as string);
  try {
    const theirs = await openBookingSection(other.page);
    await theirs.getByRole('radio', { name: offered.service, exact: true }).check();
    await theirs.getByRole('combobox', { name: 'Staff member' }).selectOption({ label: offered.member ?? '' });
    await theirs.getByRole('combobox', { name: 'Day' }).selectOption({ label: chosen.day });
    await expect(theirs.getByRole('combobox', { name: 'Time' }).getByRole('option', { name: chosen.time, exact: true })).toBeAttached();
  } finally {
    await other.close();
  }

  await page.goto(link);
  await expect(question.getByRole('status')).toHaveText('This link is no longer valid.');
  await expect(question.getByRole('button', { name: 'Cancel appointment' })).toHaveCount(0);
});

test('a cancel link the server never gave says so, and offers nothing to cancel', async ({ page }) => {
  await page.goto('/?cancel=not-a-token-the-server-gave');
  await waitForApp(page);
  const question = page.getByRole('region', { name: 'Your appointment' });
  await expect(question.getByRole('status')).toHaveText('This link is no longer valid.');
  await expect(question.getByRole('button', { name: 'Cancel appointment' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Your Beauty Salon' })).toBeVisible();
});
