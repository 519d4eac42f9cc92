/** The booking form's and an appointment page's tests: the mock's book as a colleague's browser would change it. */
import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import { Appointment, instantAt, salonDateTime, ServiceList } from '#contract/book';
import { mockDb } from '#mocks/db.ts';
import { apiPaths } from '#contract/paths';
import { apiRequest } from '../lib/api-client.ts';
import type { renderApp } from './render-app.tsx';
import { nina, omar } from './sample-clients.ts';

type User = Awaited<ReturnType<typeof renderApp>>['user'];

/** The tests' salon: London, whatever the machine's zone. A Tuesday, when the seeded admin and sam work 09:00–18:00. */
const ZONE = 'Europe/London';
export const DAY = '2027-06-01';

/** The salon's zone pinned, and Nina and Omar as the clients. */
export async function setUpBook(): Promise<void> {
  mockDb.setSalon({ timeZone: ZONE });
  await mockDb.setClients([nina, omar]);
}

/** `time` on DAY as the API writes it ("2027-06-01T10:00:00+01:00"). */
export const startAt = (time: string, date = DAY) => salonDateTime(instantAt(date, time, ZONE), ZONE);

/** The id of the mock's service named `name`. */
export async function serviceId(name: string): Promise<string> {
  const services = await apiRequest(apiPaths.services, { schema: ServiceList });
  const service = services.find((offered) => offered.name === name);
  if (!service) throw new Error(`No service ${name} in the mock`);
  return service.id;
}

/** Books through the mock's API, as a colleague at another desk (the mock's session must be open). */
export async function bookAsColleague({
  time,
  staff = 'sam',
  clientId = nina._id,
  service = 'Haircut and styling',
  date = DAY,
}: {
  time: string;
  staff?: string;
  clientId?: string;
  service?: string;
  date?: string;
}): Promise<Appointment> {
  const body = { clientId, serviceId: await serviceId(service), staff, start: startAt(time, date) };
  return apiRequest(apiPaths.appointments, { method: 'POST', body, schema: Appointment });
}

/** Chooses Haircut and styling with sam on DAY at `time`, the client already chosen. */
export async function chooseSlot(user: User, time = '10:00') {
  await user.selectOptions(await screen.findByRole('combobox', { name: 'Service' }), 'Haircut and styling');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Staff member' }), 'sam');
  const timeField = screen.getByRole('combobox', { name: 'Time' });
  await within(timeField).findByRole('option', { name: time });
  await user.selectOptions(timeField, time);
}

/** The rows of the client's "Appointments" table, each as its cells' texts. */
export async function appointmentRows() {
  const section = await screen.findByRole('region', { name: 'Appointments' });
  await waitFor(() => expect(within(section).queryByText('Loading…')).not.toBeInTheDocument());
  return within(section)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
}
