/** "Booked online" (issue 41): an appointment a visitor booked on the landing page, on its block and on its page. */
import { screen, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { bookAsColleague, DAY } from '../../testing/booking.ts';
import { bookOnline, bookingWeek } from '../../testing/online-booking.ts';
import { renderApp } from '../../testing/render-app.tsx';

const ONLINE = '10:00–11:00, Nina Petrova, Haircut and styling, Booked online';
const AT_THE_DESK = '14:00–15:00, Nina Petrova, Haircut and styling';

/** A visitor's booking at 10:00 and a desk's at 14:00, both with sam on DAY. */
async function bookBoth() {
  await bookingWeek();
  await bookOnline({ time: '10:00' });
  return bookAsColleague({ time: '14:00' });
}

describe('an appointment booked online', () => {
  it('says "Booked online" on its block in the day at a desk, as a line of its own and in the link’s name', async () => {
    await bookBoth();
    await renderApp(`/calendar?date=${DAY}`, { loggedIn: true });
    const table = await screen.findByRole('table', { name: 'Appointments on Tuesday 1 June 2027' });
    const online = within(table).getByRole('link', { name: ONLINE });
    expect(online.textContent).toBe('10:00–11:00\nNina Petrova\nHaircut and styling\nBooked online');
    expect(within(table).getByRole('link', { name: AT_THE_DESK }).textContent).toBe('14:00–15:00\nNina Petrova\nHaircut and styling');
  });

  it('says so in the day on a phone', async () => {
    // A 375 px screen: jsdom has no matchMedia of its own.
    const narrow = (query: string) => ({ matches: query.includes('max-width'), addEventListener: () => {}, removeEventListener: () => {} });
    vi.stubGlobal('matchMedia', narrow);
    onTestFinished(() => void vi.unstubAllGlobals());
    await bookBoth();
    const { user } = await renderApp(`/calendar?date=${DAY}`, { loggedIn: true });
    await user.selectOptions(await screen.findByLabelText('Staff member'), 'sam');
    const sams = screen.getByRole('list', { name: 'Appointments of sam' });
    expect(
      within(sams)
        .getAllByRole('link')
        .map((link) => link.getAttribute('aria-label')),
    ).toEqual([ONLINE, AT_THE_DESK]);
  });

  it('says so on its page, which its block opens', async () => {
    await bookBoth();
    const { user } = await renderApp(`/calendar?date=${DAY}`, { loggedIn: true });
    await user.click(await screen.findByRole('link', { name: ONLINE }));
    expect(await screen.findByRole('heading', { name: 'Appointment' })).toBeInTheDocument();
    expect(screen.getByText('Booked online')).toBeInTheDocument();
  });

  it('is the only one: an appointment booked at the desk says nothing of it', async () => {
    const atTheDesk = await bookBoth();
    await renderApp(`/calendar/appointments/${atTheDesk.id}`, { loggedIn: true });
    expect(await screen.findByRole('heading', { name: 'Appointment' })).toBeInTheDocument();
    expect(screen.getByText('14:00–15:00')).toBeInTheDocument();
    expect(screen.queryByText('Booked online')).not.toBeInTheDocument();
  });
});
