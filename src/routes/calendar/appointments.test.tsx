import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Appointment } from '#contract/book';
import { apiPaths } from '#contract/paths';
import { mockDb } from '#mocks/db.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { bookAsColleague, DAY, setUpBook, startAt } from '../../testing/booking.ts';
import { goOffline } from '../../testing/offline.ts';
import { renderApp } from '../../testing/render-app.tsx';

async function openAppointment() {
  await setUpBook();
  mockDb.startSession();
  const appointment = await bookAsColleague({ time: '10:00' });
  const view = await renderApp(`/calendar/appointments/${appointment.id}`, { loggedIn: true });
  expect(await screen.findByRole('heading', { name: 'Appointment' })).toBeInTheDocument();
  return { ...view, appointment };
}

/** A colleague moves the appointment to 12:00 while the page, opened before, is being moved to 14:00. */
async function moveMeanwhile() {
  const { user, appointment } = await openAppointment();
  const move = { staff: 'sam', start: startAt('12:00') };
  await apiRequest(apiPaths.appointment(appointment.id), { method: 'PUT', body: move, ifMatch: appointment.version, schema: Appointment });
  const time = screen.getByRole('combobox', { name: 'Time' });
  await within(time).findByRole('option', { name: '14:00' });
  await user.selectOptions(time, '14:00');
  return { user, time };
}

describe('/calendar/appointments/$appointmentId', () => {
  it('opens in the app from its block on the calendar, by a click and by Enter', async () => {
    await setUpBook();
    mockDb.startSession();
    const appointment = await bookAsColleague({ time: '10:00' });
    const { user, router } = await renderApp(`/calendar?date=${DAY}`, { loggedIn: true });
    const block = () => screen.findByRole('link', { name: '10:00–11:00, Nina Petrova, Haircut and styling' });
    await user.click(await block());
    expect(await screen.findByRole('heading', { name: 'Appointment' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/calendar/appointments/${appointment.id}`);

    router.history.back();
    (await block()).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Appointment' })).toBeInTheDocument();
  });

  it('shows the client (a link to their page), service, member, day and time in the salon’s time zone', async () => {
    await openAppointment();
    expect(screen.getByRole('link', { name: 'Nina Petrova' })).toHaveAttribute('href', '/clients/edit/c-nina');
    expect(screen.getByText('Haircut and styling')).toBeInTheDocument();
    expect(screen.getByText('sam', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText(DAY)).toBeInTheDocument();
    expect(screen.getByText('10:00–11:00')).toBeInTheDocument();
  });

  it('Move: another free time, Save → "Appointment moved." and the page shows the new time', async () => {
    const { user } = await openAppointment();
    const time = screen.getByRole('combobox', { name: 'Time' });
    expect(time).toHaveDisplayValue('10:00');
    await within(time).findByRole('option', { name: '14:00' });
    await user.selectOptions(time, '14:00');

    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Appointment moved.')).toBeInTheDocument();
    expect(await screen.findByText('14:00–15:00')).toBeInTheDocument();
    const history = within(screen.getByRole('region', { name: 'History' }));
    expect(await history.findByText(/^Moved by admin on /)).toBeInTheDocument();
    expect(history.getByText(`${DAY} 10:00–11:00 with sam → ${DAY} 14:00–15:00 with sam`)).toBeInTheDocument();
    expect(history.getByText(/^Booked by /)).toBeInTheDocument();
  });

  it('Cancel appointment asks first; Yes cancels with Undo, which books it again', async () => {
    const { user } = await openAppointment();
    await user.click(screen.getByRole('button', { name: 'Cancel appointment' }));
    expect(screen.getByRole('alertdialog', { name: 'Do you really want to cancel this appointment?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'No' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cancel appointment' }));
    await user.click(screen.getByRole('button', { name: 'Yes' }));

    expect(await screen.findByText('Appointment cancelled.')).toBeInTheDocument();
    expect(screen.getByText('Cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel appointment' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Undo' }));

    expect(await screen.findByText('Appointment restored.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Cancelled')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Cancel appointment' })).toBeInTheDocument();
  });

  it('a colleague’s move meanwhile: the page shows both, and "Keep my changes" saves mine over theirs', async () => {
    const { user, time } = await moveMeanwhile();

    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('This appointment was changed by admin while you were moving it.');
    // Theirs on the page and beside the field; mine still in the form.
    expect(screen.getByText('12:00–13:00')).toBeInTheDocument();
    expect(screen.getByText(`Their value: ${DAY} 12:00`)).toBeInTheDocument();
    expect(time).toHaveDisplayValue('14:00');

    await user.click(screen.getByRole('button', { name: 'Keep my changes' }));

    expect(await screen.findByText('Appointment moved.')).toBeInTheDocument();
    expect(await screen.findByText('14:00–15:00')).toBeInTheDocument();
    expect(screen.queryByText(/Their value/)).not.toBeInTheDocument();
  });

  it('"Use their version" takes the colleague’s time into the form', async () => {
    const { user, time } = await moveMeanwhile();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await user.click(await screen.findByRole('button', { name: 'Use their version' }));

    expect(time).toHaveDisplayValue('12:00');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offline, Save and Yes say that booking needs the connection, and nothing changes', async () => {
    const { user } = await openAppointment();
    goOffline();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Booking needs the connection.');

    await user.click(screen.getByRole('button', { name: 'Cancel appointment' }));
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.getAllByText('Booking needs the connection.')).toHaveLength(2));
    expect(screen.queryByText('Cancelled')).not.toBeInTheDocument();
  });
});
