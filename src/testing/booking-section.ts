/**
 * The landing page's "Book an appointment" section in tests (issue 41), on the mock's own booking in the week of
 * serve-online-booking.ts: opened, and its steps filled as a visitor would.
 */
import { act, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { onlineBookingTexts } from '#contract/online-booking-texts';
import { renderApp } from './render-app.tsx';
import { scrollAllIntoView } from './intersection-observer.ts';

export type Section = ReturnType<typeof within>;

/** The section's chunk, loaded inside act: on a busy machine its first import outlasted findBy's wait. */
export const loadSection = () => act(async () => void (await import('../features/online-booking/components/online-booking-section.tsx')));

/** The landing page scrolled down to "Book an appointment", its services shown: the section's `region`. */
export async function openSection() {
  await loadSection();
  const { user, unmount } = await renderApp('/');
  scrollAllIntoView();
  const region = screen.getByRole('region', { name: onlineBookingTexts.heading });
  await within(region).findByRole('radio', { name: 'Haircut and styling' });
  return { user, unmount, region };
}

/** Steps 1 and 2: the haircut on Tuesday 1 December at `time`. */
export async function chooseTime(user: UserEvent, section: Section, time = '10:00') {
  await user.click(section.getByRole('radio', { name: 'Haircut and styling' }));
  await user.selectOptions(
    section.getByRole('combobox', { name: 'Day' }),
    await section.findByRole('option', { name: 'Tuesday, 1 December' }),
  );
  await user.selectOptions(section.getByRole('combobox', { name: 'Time' }), await section.findByRole('option', { name: time }));
}

/** Step 3: Ana Silva, ana@example.com. */
export async function fillDetails(user: UserEvent, section: Section) {
  await user.type(section.getByRole('textbox', { name: 'First name' }), 'Ana');
  await user.type(section.getByRole('textbox', { name: 'Last name' }), 'Silva');
  await user.type(section.getByRole('textbox', { name: 'Email' }), 'ana@example.com');
}
