/**
 * The calendar, live (issue 40): a colleague's booking, move and cancellation, and their renaming of a client, reach
 * an open calendar without a reload, through the mock's GET /api/events (`appointment` and `change` events); a burst of them asks for the day once; an appointment's
 * page shows a colleague's move too, and a Move chosen before it still meets the 412.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { colleague } from '#mocks/colleague.ts';
import { mockDb } from '#mocks/db.ts';
import { BURST_MS } from '../../features/live-updates/book-refetch.ts';
import { DAY, serviceId, setUpBook, startAt } from '../../testing/booking.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { recordRequests } from '../../testing/request-log.ts';
import { nina, omar } from '../../testing/sample-clients.ts';

/** The calendar of DAY (a Tuesday: admin and sam work 09:00–18:00) once its stream is live and its first loads done. */
async function openCalendar() {
  await setUpBook();
  mockDb.startSession('admin');
  const requests = recordRequests();
  const view = await renderApp(`/calendar?date=${DAY}`, { loggedIn: true, liveUpdates: true });
  const table = await screen.findByRole('table', { name: 'Appointments on Tuesday 1 June 2027' });
  await waitFor(() => expect(requests).toContain('GET /api/events'));
  // The stream's `ready` asks for the day again, a moment later (a burst's gathering): past it, only the colleague's
  // events make the day asked for.
  await act(() => new Promise((resolve) => setTimeout(resolve, 2 * BURST_MS)));
  await waitFor(() => expect(view.queryClient.isFetching()).toBe(0));
  return { ...view, table, haircut: await serviceId('Haircut and styling') };
}

const dayRequests = (requests: string[]) => requests.filter((request) => request.startsWith('GET /api/appointments'));

describe('the calendar, live', () => {
  it('shows a colleague’s booking, then their move, then their cancellation, without a reload', async () => {
    const { table, haircut } = await openCalendar();
    const booked = await colleague.book({ clientId: nina._id, serviceId: haircut, staff: 'sam', start: startAt('10:00') });
    const at10 = await within(table).findByRole('link', { name: '10:00–11:00, Nina Petrova, Haircut and styling' });
    expect(at10).toHaveAttribute('href', `/calendar/appointments/${booked.id}`);

    await colleague.move(booked.id, { staff: 'admin', start: startAt('14:00') });
    expect(await within(table).findByRole('link', { name: '14:00–15:00, Nina Petrova, Haircut and styling' })).toBeInTheDocument();
    expect(within(table).queryByRole('link', { name: /^10:00–11:00/ })).not.toBeInTheDocument();

    await colleague.cancel(booked.id);
    await waitFor(() => expect(within(table).queryByRole('link', { name: /^14:00–15:00/ })).not.toBeInTheDocument());
  });

  it('shows a colleague’s renaming of a client on their blocks, without a reload', async () => {
    const { table, haircut } = await openCalendar();
    await colleague.book({ clientId: nina._id, serviceId: haircut, staff: 'sam', start: startAt('10:00') });
    await within(table).findByRole('link', { name: '10:00–11:00, Nina Petrova, Haircut and styling' });

    await colleague.update(nina._id, { lastName: 'Ivanova' });
    expect(await within(table).findByRole('link', { name: '10:00–11:00, Nina Ivanova, Haircut and styling' })).toBeInTheDocument();
  });

  it('asks for the day once for a burst of bookings', async () => {
    const { table, haircut, queryClient } = await openCalendar();
    const requests = recordRequests();
    const times = ['09:00', '10:00', '11:00', '12:00', '13:00'];
    for (const time of times) await colleague.book({ clientId: omar._id, serviceId: haircut, staff: 'admin', start: startAt(time) });
    await within(table).findByRole('link', { name: '13:00–14:00, Omar Haddad, Haircut and styling' });
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(within(table).getAllByRole('link', { name: /Omar Haddad/ })).toHaveLength(times.length);
    expect(dayRequests(requests)).toHaveLength(1);
  });

  it('shows a colleague’s move on the appointment’s page, and a Move chosen before it meets the 412 with both', async () => {
    await setUpBook();
    mockDb.startSession('admin');
    const booked = await colleague.book({
      clientId: nina._id,
      serviceId: await serviceId('Haircut and styling'),
      staff: 'sam',
      start: startAt('10:00'),
    });
    const requests = recordRequests();
    const { user } = await renderApp(`/calendar/appointments/${booked.id}`, { loggedIn: true, liveUpdates: true });
    expect(await screen.findByText('10:00–11:00')).toBeInTheDocument();
    await waitFor(() => expect(requests).toContain('GET /api/events'));
    const time = screen.getByRole('combobox', { name: 'Time' });
    await within(time).findByRole('option', { name: '14:00' });
    await user.selectOptions(time, '14:00');

    await colleague.move(booked.id, { staff: 'sam', start: startAt('12:00') });
    expect(await screen.findByText('12:00–13:00')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('This appointment was changed by colleague while you were moving it.');
    expect(screen.getByText(`Their value: ${DAY} 12:00`)).toBeInTheDocument();
    expect(time).toHaveDisplayValue('14:00');
  });
});
