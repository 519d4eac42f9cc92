import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Appointment } from '#contract/book';
import { apiPaths } from '#contract/paths';
import { mockDb } from '#mocks/db.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { appointmentRows, bookAsColleague, setUpBook } from '../../testing/booking.ts';
import { renderApp } from '../../testing/render-app.tsx';

describe('a client’s Appointments, below the edit form', () => {
  it('lists them upcoming first, then past, with day, time, service, member and "Cancelled" where so', async () => {
    await setUpBook();
    mockDb.startSession();
    // Two past Tuesdays: the newest first.
    await bookAsColleague({ time: '09:00', date: '2026-01-06', staff: 'admin' });
    await bookAsColleague({ time: '09:00', date: '2026-01-13' });
    await bookAsColleague({ time: '10:00', date: '2027-06-02', staff: 'admin', service: 'Hair colour' });
    const cancelled = await bookAsColleague({ time: '15:00', date: '2027-06-01' });
    await apiRequest(apiPaths.appointment(cancelled.id), { method: 'DELETE', schema: Appointment });
    await renderApp('/clients/edit/c-nina', { loggedIn: true });

    expect(await screen.findByRole('heading', { name: 'Edit a client' })).toBeInTheDocument();
    expect(await appointmentRows()).toEqual([
      ['2027-06-01', '15:00–16:00', 'Haircut and styling', 'sam', 'Cancelled'],
      ['2027-06-02', '10:00–12:00', 'Hair colour', 'admin', ''],
      ['2026-01-13', '09:00–10:00', 'Haircut and styling', 'sam', ''],
      ['2026-01-06', '09:00–10:00', 'Haircut and styling', 'admin', ''],
    ]);
    expect(screen.getByRole('link', { name: '15:00–16:00' })).toHaveAttribute('href', `/calendar/appointments/${cancelled.id}`);
  });

  it('none: "No appointments yet.", and "New appointment" opens the form with the client chosen', async () => {
    await setUpBook();
    const { user, router } = await renderApp('/clients/edit/c-nina', { loggedIn: true });
    expect(await screen.findByText('No appointments yet.')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'New appointment' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/calendar/new'));
    expect(router.state.location.search).toEqual({ client: 'c-nina' });
    expect(await screen.findByRole('combobox', { name: 'Client' })).toHaveValue('Nina Petrova');
  });
});
