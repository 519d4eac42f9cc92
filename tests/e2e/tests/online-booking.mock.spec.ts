/**
 * The email's cancel link (issue 41) in the mock, end to end: the mock keeps the emails it "sent" in its panel
 * ("Emails", with the cancel link to click), as a visitor's inbox. On the real server: online-booking.real.spec.ts,
 * the link read from the server's outbox.
 */
import { expect, test } from '../fixtures.ts';
import {
  bookedText,
  chooseFirstFreeTime,
  fillVisitorDetails,
  offeredToVisitors,
  openBookingSection,
  type Chosen,
} from '../support/online-booking.ts';

test('a visitor books, follows the email’s cancel link, cancels, and the time is free again; the link is then used', async ({
  page,
  browser,
  baseURL,
  account,
  staffApi,
}, testInfo) => {
  const offered = await offeredToVisitors(browser, baseURL as string, testInfo, account, staffApi);
  const section = await openBookingSection(page);
  // The last free day: weeks away, so that it may still be cancelled online.
  const chosen: Chosen = await chooseFirstFreeTime(section, offered, true);
  const visitor = await fillVisitorDetails(section, testInfo);
  await section.getByRole('button', { name: 'Book' }).click();
  await expect(section.getByRole('status')).toHaveText(bookedText(offered.service, chosen, visitor.email));

  await page.getByRole('button', { name: 'Mock backend' }).click();
  const emails = page.getByRole('region', { name: 'Mock backend' }).getByRole('region', { name: 'Emails' });
  const email = emails.getByRole('listitem').filter({ hasText: `To ${visitor.email}` });
  await expect(email.getByText('Your appointment at Your Beauty Salon', { exact: true })).toBeVisible();
  await email.getByRole('link', { name: 'Cancel your appointment' }).click();

  const question = page.getByRole('region', { name: 'Your appointment' });
  await expect(question.getByText(`Cancel your appointment on ${chosen.day} at ${chosen.time}?`, { exact: true })).toBeVisible();
  const link = page.url();
  expect(new URL(link).searchParams.get('cancel')).toMatch(/^[\w-]{43}$/);
  await question.getByRole('button', { name: 'Cancel appointment' }).click();
  await expect(question.getByRole('status')).toHaveText('Your appointment is cancelled.');

  // The time is free again.
  const again = await openBookingSection(page);
  await again.getByRole('radio', { name: offered.service, exact: true }).check();
  if (offered.member !== null) await again.getByRole('combobox', { name: 'Staff member' }).selectOption({ label: offered.member });
  await again.getByRole('combobox', { name: 'Day' }).selectOption({ label: chosen.day });
  await expect(again.getByRole('combobox', { name: 'Time' }).getByRole('option', { name: chosen.time, exact: true })).toBeAttached();

  // The link is used up.
  await page.goto(link);
  await expect(question.getByRole('status')).toHaveText('This link is no longer valid.');
  await expect(question.getByRole('button', { name: 'Cancel appointment' })).toHaveCount(0);
});
