import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockDb } from '#mocks/db.ts';
import { appointmentRows, bookAsColleague, DAY, setUpBook } from '../../testing/booking.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { omar } from '../../testing/sample-clients.ts';

describe('a client’s appointments after their deletion and its Undo', () => {
  it('shows what the server did: one whose time was taken meanwhile stays "Cancelled"', async () => {
    await setUpBook();
    mockDb.startSession();
    await bookAsColleague({ time: '15:00' });
    await bookAsColleague({ time: '10:00' });
    const { user, router } = await renderApp('/clients/edit/c-nina', { loggedIn: true });
    await screen.findByLabelText('First name');
    expect(await appointmentRows()).toEqual([
      [DAY, '10:00–11:00', 'Haircut and styling', 'sam', ''],
      [DAY, '15:00–16:00', 'Haircut and styling', 'sam', ''],
    ]);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/clients'));
    // Nina's 15:00 was cancelled with her: a colleague gives it to Omar before the Undo.
    await bookAsColleague({ time: '15:00', clientId: omar._id });
    expect(await screen.findByText('Client deleted: Nina Petrova.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Client restored: Nina Petrova.')).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'Nina' })).toBeInTheDocument();

    await act(() => router.navigate({ to: '/clients/edit/$clientId', params: { clientId: 'c-nina' } }));
    expect(await screen.findByLabelText('First name')).toHaveValue('Nina');
    expect(await appointmentRows()).toEqual([
      [DAY, '10:00–11:00', 'Haircut and styling', 'sam', ''],
      [DAY, '15:00–16:00', 'Haircut and styling', 'sam', 'Cancelled'],
    ]);
  });
});
