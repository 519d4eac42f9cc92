/** The edit page of a client (/clients/edit/$clientId) for its tests: its two clients, and the requests of its form. */
import { mockDb } from '#mocks/db.ts';
import { renderApp } from './render-app.tsx';
import { nina, omar } from './sample-clients.ts';

/**
 * The requests but those of what the page loads below the form on its own: the history (client-changes.test.tsx), the
 * online booking's details (client-details.test.tsx) and the appointments with the salon's time zone (appointments.test.tsx).
 */
export function formRequests(requests: string[]): string[] {
  return requests.filter((request) => !/\/(history|details|appointments)$/.test(request) && request !== 'GET /api/salon');
}

/** Nina (stored with an offset: the form must show it in UTC) and Omar, then the page at `path`. */
export async function openEditPage(path = '/clients/edit/c-nina', options = { loggedIn: true }) {
  await mockDb.setClients([{ ...nina, registrationDateTime: '2024-05-01T12:30:45.000+02:00' }, omar]);
  return renderApp(path, options);
}
