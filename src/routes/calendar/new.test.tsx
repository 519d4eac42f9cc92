import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bookAsColleague, chooseSlot, DAY, setUpBook, startAt } from '../../testing/booking.ts';
import { goOffline } from '../../testing/offline.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { recordJsonBodies, recordRequests } from '../../testing/request-log.ts';

async function openBookingForm(path = `/calendar/new?date=${DAY}`) {
  await setUpBook();
  const view = await renderApp(path, { loggedIn: true });
  expect(await screen.findByRole('heading', { name: 'New appointment' })).toBeInTheDocument();
  return view;
}

async function chooseNina(user: Awaited<ReturnType<typeof renderApp>>['user']) {
  await user.type(screen.getByRole('combobox', { name: 'Client' }), 'nin');
  await user.click(screen.getByRole('option', { name: /Nina Petrova/ }));
}

describe('/calendar/new', () => {
  it('books the chosen client, service, member and free time, then shows the calendar at that day', async () => {
    const bodies = recordJsonBodies('POST');
    const { user, router } = await openBookingForm();
    expect(screen.getByLabelText('Date')).toHaveValue(DAY);
    await chooseNina(user);
    await chooseSlot(user, '10:00');

    await user.click(screen.getByRole('button', { name: 'Book' }));

    expect(await screen.findByText('Appointment booked.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/calendar'));
    expect(router.state.location.search).toEqual({ date: DAY });
    // The calendar shows it: a link to its page named by its time, client and service.
    expect(await screen.findByRole('link', { name: /10:00–11:00.*Nina Petrova.*Haircut and styling/ })).toBeInTheDocument();
    expect(bodies).toEqual([{ clientId: 'c-nina', serviceId: expect.any(String), staff: 'sam', start: startAt('10:00') }]);
  });

  it('a time taken meanwhile: the server’s words, and every choice kept', async () => {
    const { user } = await openBookingForm();
    await chooseNina(user);
    await chooseSlot(user, '10:00');
    await bookAsColleague({ time: '10:30' });

    await user.click(screen.getByRole('button', { name: 'Book' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('sam already has an appointment at that time.');
    expect(screen.getByRole('combobox', { name: 'Client' })).toHaveValue('Nina Petrova');
    expect(screen.getByRole('combobox', { name: 'Service' })).toHaveDisplayValue('Haircut and styling');
    expect(screen.getByRole('combobox', { name: 'Staff member' })).toHaveDisplayValue('sam');
    expect(screen.getByLabelText('Date')).toHaveValue(DAY);
    expect(screen.getByRole('combobox', { name: 'Time' })).toHaveDisplayValue('10:00');
  });

  it('the client is chosen by keyboard: Down moves through the list, Enter chooses', async () => {
    const { user } = await openBookingForm();
    const client = screen.getByRole('combobox', { name: 'Client' });
    await user.type(client, 'example');
    expect(client).toHaveAttribute('aria-expanded', 'true');
    const options = within(screen.getByRole('listbox', { name: 'Clients' })).getAllByRole('option');
    // The list's order: the oldest registration first.
    expect(options.map((option) => option.textContent)).toEqual(['Omar Haddad omar@example.com', 'Nina Petrova nina@example.com']);

    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: /Nina Petrova/ })).toHaveAttribute('aria-selected', 'true');
    expect(client).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: /Nina Petrova/ }).id);
    await user.keyboard('{Enter}');

    expect(client).toHaveValue('Nina Petrova');
    expect(client).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('option', { name: /Omar Haddad/ })).not.toBeInTheDocument();
  });

  it('nothing chosen: each field says what it needs and nothing is sent', async () => {
    const requests = recordRequests();
    const { user } = await openBookingForm();
    await user.click(screen.getByRole('button', { name: 'Book' }));

    expect(await screen.findByText('Choose a client from the list.')).toBeInTheDocument();
    expect(screen.getByText('Choose a service.')).toBeInTheDocument();
    expect(screen.getByText('Choose a staff member.')).toBeInTheDocument();
    expect(screen.getByText('Choose a time.')).toBeInTheDocument();
    expect(requests.filter((request) => request.startsWith('POST'))).toEqual([]);
  });

  it('offline, Book says that booking needs the connection and sends nothing', async () => {
    const { user } = await openBookingForm();
    await chooseNina(user);
    await chooseSlot(user, '10:00');
    const requests = recordRequests();
    goOffline();

    await user.click(screen.getByRole('button', { name: 'Book' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Booking needs the connection.');
    expect(requests.filter((request) => request.startsWith('POST'))).toEqual([]);
  });

  it('opened offline with nothing of it in the offline copy, says that booking needs the connection', async () => {
    await setUpBook();
    const { user } = await renderApp('/clients/edit/c-nina', { loggedIn: true });
    const newAppointment = await screen.findByRole('link', { name: 'New appointment' });
    goOffline();
    await user.click(newAppointment);

    expect(await screen.findByText('Booking needs the connection.', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'New appointment' })).not.toBeInTheDocument();
  });
});
