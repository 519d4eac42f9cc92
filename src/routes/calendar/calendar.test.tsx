import { act, screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { bookTexts } from '#contract/book-texts';
import { salonDate, salonTime } from '#contract/book';
import { server } from '#mocks/node.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { appointmentOn, LONDON, workingEveryDay } from '../../testing/sample-book.ts';
import { serveBook } from '../../testing/serve-book.ts';

const DAY = '2026-12-01';
/** A salon far from the test's own zone (UTC+14): its days and hours are not the browser's. */
const KIRITIMATI = 'Pacific/Kiritimati';

const nina = (id: string, staff: string, from: string, to: string, date = DAY) => appointmentOn(LONDON, { id, staff, date, from, to });
const calendarTable = () => screen.findByRole('table', { name: 'Appointments on Tuesday 1 December 2026' });

describe('/calendar', () => {
  it('has a column per member working that day, their username at its head, and a row every 15 minutes', async () => {
    await serveBook({ hours: { admin: workingEveryDay('admin', '10:00', '12:00').hours } });
    await renderApp(`/calendar?date=${DAY}`, { loggedIn: true });
    const table = await calendarTable();
    expect(screen.getByRole('heading', { level: 1, name: 'Calendar' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Tuesday 1 December 2026' })).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Time', 'admin', 'sam']);
    const times = within(table)
      .getAllByRole('rowheader')
      .map((header) => header.textContent);
    expect(times).toHaveLength(36);
    expect([times[0], times[1], times.at(-1)]).toEqual(['09:00', '09:15', '17:45']);
  });

  it('has no column for a member on time off that day', async () => {
    await serveBook({ timeOff: { admin: { first: DAY, last: '2026-12-03' } } });
    await renderApp(`/calendar?date=${DAY}`, { loggedIn: true });
    expect(
      within(await calendarTable())
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Time', 'sam']);
  });

  it('shows each booked appointment as a link to its page named by its time, client and service', async () => {
    await serveBook({
      appointments: [
        nina('a1', 'sam', '10:00', '11:00'),
        { ...nina('a2', 'admin', '10:30', '11:15'), client: null, service: { id: 's2', name: 'Hair colour' } },
        { ...nina('a3', 'sam', '14:00', '15:00'), status: 'cancelled' },
      ],
    });
    await renderApp(`/calendar?date=${DAY}`, { loggedIn: true });
    const table = await calendarTable();
    const name = '10:00–11:00, Nina Petrova, Haircut and styling';
    const block = within(table).getByRole('link', { name });
    expect(block).toHaveAttribute('href', '/calendar/appointments/a1');
    // A line each: the time, the client, the service.
    expect(block.textContent).toBe('10:00–11:00\nNina Petrova\nHaircut and styling');
    // Its cell spans the four quarter hours from 10:00.
    expect(within(table).getByRole('cell', { name })).toHaveAttribute('rowspan', '4');
    expect(within(table).getByRole('link', { name: '10:30–11:15, Erased client, Hair colour' })).toBeInTheDocument();
    expect(within(table).getAllByRole('link')).toHaveLength(2);
  });

  it('moves by day in the address: Next day, Previous day, the Date field and Today', async () => {
    await serveBook({ appointments: [nina('a1', 'sam', '10:00', '11:00', '2026-12-02')] });
    const { user, router } = await renderApp(`/calendar?date=${DAY}`, { loggedIn: true });
    await calendarTable();

    await user.click(screen.getByRole('link', { name: 'Next day' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ date: '2026-12-02' }));
    expect(await screen.findByRole('link', { name: /^10:00–11:00, Nina Petrova/ })).toBeInTheDocument();
    expect(screen.getByLabelText('Date')).toHaveValue('2026-12-02');

    await user.click(screen.getByRole('link', { name: 'Previous day' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ date: DAY }));
    expect(screen.queryByRole('link', { name: /Nina Petrova/ })).not.toBeInTheDocument();

    await user.clear(screen.getByLabelText('Date'));
    await user.type(screen.getByLabelText('Date'), '2026-12-24');
    await waitFor(() => expect(router.state.location.search).toEqual({ date: '2026-12-24' }));

    await user.click(screen.getByRole('link', { name: 'Today' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ date: salonDate(Date.now(), LONDON) }));
  });

  it('shows the salon’s day and hours in its own time zone, whatever the browser’s', async () => {
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).not.toBe(KIRITIMATI);
    // Noon in UTC is already 02:00 on the next day in the salon.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-12-01T12:00:00Z') });
    const appointment = appointmentOn(KIRITIMATI, { id: 'a1', staff: 'sam', date: '2026-12-02', from: '09:00', to: '10:00' });
    await serveBook({ zone: KIRITIMATI, appointments: [appointment] });
    await renderApp('/calendar', { loggedIn: true });

    const table = await screen.findByRole('table', { name: 'Appointments on Wednesday 2 December 2026' });
    expect(screen.getByLabelText('Date')).toHaveValue('2026-12-02');
    expect(within(table).getAllByRole('rowheader')[0]).toHaveTextContent('09:00');
    expect(within(table).getByRole('link', { name: '09:00–10:00, Nina Petrova, Haircut and styling' })).toBeInTheDocument();
  });

  it('on a phone, shows one member at a time, chosen with "Staff member", the day as a list in time order', async () => {
    // A 375 px screen: jsdom has no matchMedia of its own.
    const narrow = (query: string) => ({ matches: query.includes('max-width'), addEventListener: () => {}, removeEventListener: () => {} });
    vi.stubGlobal('matchMedia', narrow);
    onTestFinished(() => void vi.unstubAllGlobals());
    await serveBook({
      appointments: [nina('a2', 'sam', '13:00', '14:00'), nina('a1', 'sam', '09:00', '10:00'), nina('a3', 'admin', '10:00', '11:00')],
    });
    const { user } = await renderApp(`/calendar?date=${DAY}`, { loggedIn: true });

    const admins = await screen.findByRole('list', { name: 'Appointments of admin' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(admins).getByRole('link')).toHaveAttribute('href', '/calendar/appointments/a3');

    await user.selectOptions(screen.getByLabelText('Staff member'), 'sam');
    const sams = screen.getByRole('list', { name: 'Appointments of sam' });
    expect(
      within(sams)
        .getAllByRole('link')
        .map((link) => link.getAttribute('aria-label')),
    ).toEqual(['09:00–10:00, Nina Petrova, Haircut and styling', '13:00–14:00, Nina Petrova, Haircut and styling']);
  });

  it('says so on a day nobody works', async () => {
    await serveBook({ timeOff: { admin: { first: DAY, last: DAY }, sam: { first: '2026-11-28', last: DAY } } });
    await renderApp(`/calendar?date=${DAY}`, { loggedIn: true });
    expect(await screen.findByText('Nobody works on this day.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says so when the day cannot be loaded', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    await serveBook({});
    server.use(http.get('*/api/appointments', () => HttpResponse.json({ message: 'Internal server error' }, { status: 500 })));
    await renderApp(`/calendar?date=${DAY}`, { loggedIn: true });
    expect(await screen.findByRole('alert')).toHaveTextContent('The calendar could not be loaded.');
    expect(consoleError).toHaveBeenCalled();
  });

  it('links "New appointment" to that day; "Services" for owners only; "Calendar" in the navigation bar', async () => {
    await serveBook({});
    const { user, router } = await renderApp('/clients', { loggedIn: true, account: 'sam' });
    await user.click(await screen.findByRole('link', { name: 'Calendar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/calendar'));
    await screen.findByRole('table');
    expect(screen.getByRole('link', { name: 'New appointment' })).toHaveAttribute(
      'href',
      `/calendar/new?date=${salonDate(Date.now(), LONDON)}`,
    );
    expect(screen.queryByRole('link', { name: 'Services' })).not.toBeInTheDocument();
  });

  it('shows owners the "Services" link', async () => {
    await serveBook({});
    await renderApp(`/calendar?date=${DAY}`, { loggedIn: true, account: 'admin' });
    expect(await screen.findByRole('link', { name: 'Services' })).toHaveAttribute('href', '/services');
  });

  it('offline, says "You are offline. Showing the calendar as of {HH:MM}." and opens the coming days loaded with it', async () => {
    const today = salonDate(Date.now(), LONDON);
    const inSixDays = salonDate(Date.now() + 6 * 24 * 60 * 60 * 1000, LONDON);
    const asked = await serveBook({
      hours: { sam: workingEveryDay('sam').hours },
      appointments: [nina('a1', 'sam', '10:00', '11:00', inSixDays)],
    });
    const { user } = await renderApp('/calendar', { loggedIn: true });
    await screen.findByRole('table');
    // Today's and the next six days' appointments, each asked for once.
    await waitFor(() => expect(new Set(asked).size).toBe(7));
    expect(asked[0]).toBe(today);

    server.use(http.all('*', () => HttpResponse.error()));
    act(() => onlineManager.setOnline(false));
    const note = await screen.findByText(/^You are offline\. Showing the calendar as of \d\d:\d\d\.$/);
    expect(note).toHaveTextContent(bookTexts.offline(salonTime(Date.now(), LONDON)));
    expect(screen.queryByText(/Showing clients/)).not.toBeInTheDocument();

    await user.clear(screen.getByLabelText('Date'));
    await user.type(screen.getByLabelText('Date'), inSixDays);
    expect(await screen.findByRole('link', { name: '10:00–11:00, Nina Petrova, Haircut and styling' })).toBeInTheDocument();
  });
});
