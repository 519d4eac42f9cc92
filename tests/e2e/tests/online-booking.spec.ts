/**
 * A visitor books on the landing page (issue 41), in both projects: the three steps of "Book an appointment" with the
 * mouse, and by keyboard alone on a 375 px phone. What the real server or the markup decides (a second visitor, the
 * staff's live calendar, axe, the cancel link): online-booking.real.spec.ts.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { tabTo } from '../support/keyboard.ts';
import { expectSoundLayoutOnPhone, PHONE } from '../support/layout.ts';
import {
  bookedText,
  chooseFirstFreeTime,
  fillVisitorDetails,
  heldNote,
  offeredToVisitors,
  openBookingSection,
  visitorAddress,
  visitorFor,
} from '../support/online-booking.ts';

test('a visitor chooses a service, a day and a time, gives their details and books', async ({
  page,
  browser,
  baseURL,
  account,
  staffApi,
}, testInfo) => {
  const offered = await offeredToVisitors(browser, baseURL as string, testInfo, account, staffApi);
  await page.setExtraHTTPHeaders(visitorAddress());
  const section = await openBookingSection(page);
  const chosen = await chooseFirstFreeTime(section, offered);

  const visitor = await fillVisitorDetails(section, testInfo);
  await section.getByRole('textbox', { name: 'Phone' }).fill('+351 912 345 678');
  await expect(section.getByRole('checkbox', { name: 'Email me about offers' })).not.toBeChecked();
  await section.getByRole('button', { name: 'Book' }).click();

  await expect(section.getByRole('status')).toHaveText(bookedText(offered.service, chosen, visitor.email));
  await expect(section.getByRole('button', { name: 'Book' })).toHaveCount(0);
});

/** What has the keyboard: its tag, name and value. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLInputElement | null;
    return element ? `<${element.tagName.toLowerCase()} name=${element.name} value=${element.value}>` : 'none';
  });

/** Presses `key` on the focused control until `reached` holds (arrows through radios and a select's options). */
async function pressUntil(page: Page, key: string, reached: () => Promise<boolean>, what: string): Promise<void> {
  const visited: string[] = [];
  for (let presses = 0; presses < 60; presses += 1) {
    if (await reached()) return;
    await page.keyboard.press(key);
    visited.push(await focused(page));
  }
  throw new Error(`${key} did not reach ${what}; the keyboard was on:\n${visited.join('\n')}`);
}

/** The option a select shows, by its label. */
const shown = (select: Locator) => select.evaluate((element: HTMLSelectElement) => element.selectedOptions[0]?.textContent ?? '');

test.describe('on a 375 px phone', () => {
  test.use({ viewport: PHONE });

  test('by keyboard alone: the page fits, each step is reached with Tab, chosen with the arrows, and Enter books', async ({
    page,
    browser,
    baseURL,
    account,
    staffApi,
  }, testInfo) => {
    const offered = await offeredToVisitors(browser, baseURL as string, testInfo, account, staffApi);
    await page.setExtraHTTPHeaders(visitorAddress());
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'HOME' })).toBeVisible({ timeout: 15_000 });
    // End scrolls to the foot of the page: the section's form loads as it comes into view.
    await page.keyboard.press('End');
    const section = page.getByRole('region', { name: 'Book an appointment' });
    const serviceRadio = section.getByRole('radio', { name: offered.service, exact: true });
    await expect(serviceRadio).toBeVisible({ timeout: 10_000 });

    // Tab reaches the first service, Space chooses it; the arrows choose ours (the real server's worker has other tests'
    // services, or none: Space alone then).
    await tabTo(page, section.getByRole('radio').first());
    await page.keyboard.press('Space');
    await pressUntil(page, 'ArrowDown', () => serviceRadio.isChecked(), offered.service);

    await page.keyboard.press('Tab');
    const staff = section.getByRole('combobox', { name: 'Staff member' });
    await expect(staff).toBeFocused();
    const member = offered.member ?? 'Anyone';
    await pressUntil(page, 'ArrowDown', async () => (await shown(staff)) === member, member);

    await page.keyboard.press('Tab');
    const day = section.getByRole('combobox', { name: 'Day' });
    await expect(day).toBeFocused();
    await expect(day.locator('option:not([disabled]):not([value=""])').first()).toBeAttached();
    // The first free day (the arrows pass over the days without a free time).
    await page.keyboard.press('ArrowDown');
    const dayName = await shown(day);
    expect(dayName).toMatch(/^\w+day, \d{1,2} \w+$/);

    await page.keyboard.press('Tab');
    const time = section.getByRole('combobox', { name: 'Time' });
    await expect(time).toBeFocused();
    await expect(time.locator('option:not([value=""])').first()).toBeAttached();
    await page.keyboard.press('ArrowDown');
    const timeName = await shown(time);
    expect(timeName).toMatch(/^\d\d:\d\d$/);
    await expect(heldNote(section)).toBeVisible();

    const visitor = visitorFor(testInfo);
    for (const [name, value] of [
      ['First name', visitor.firstName],
      ['Last name', visitor.lastName],
      ['Email', visitor.email],
    ] as const) {
      await page.keyboard.press('Tab');
      await expect(section.getByRole('textbox', { name })).toBeFocused();
      await page.keyboard.type(value);
    }
    await page.keyboard.press('Tab');
    await expect(section.getByRole('textbox', { name: 'Phone' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(section.getByRole('checkbox', { name: 'Email me about offers' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(section.getByRole('button', { name: 'Book' })).toBeFocused();
    // From the page's top: the header stays on screen over what is scrolled under it.
    await expectSoundLayoutOnPhone(page, 'online-booking');
    await page.keyboard.press('Enter');

    const booked = section.getByRole('status');
    await expect(booked).toHaveText(bookedText(offered.service, { day: dayName, time: timeName }, visitor.email));
    // "Book" is gone with the form: the keyboard goes on from what was booked.
    await expect(booked).toBeFocused();
    await expectSoundLayoutOnPhone(page, 'online-booking-booked');
  });
});
