/**
 * The book (issue 40) as its tests find it: a client, a service and a member of staff with working hours of their own,
 * set up through the API from inside the page (the real server's session, or msw's worker in the mock), and a day a
 * week ahead in the salon's time. A member of the test's own: in the `real` project the tests of a worker share one
 * database, and no booking of one test stands in another's way.
 */
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import {
  addDays,
  instantAt,
  salonDate,
  salonDateTime,
  WEEKDAYS,
  type Appointment,
  type NewAppointment,
  type Salon,
  type Service,
  type WorkingHours,
} from '#contract/book';
import { createClientThroughApi, uniqueClient, uniqueUsername, type Client } from './app.ts';

/** What a test books with: `date` is a week after today in the salon's time zone, `zone`. */
export type BookSetup = { client: Client; service: Service; member: string; date: string; zone: string };

/** `method path` from inside the page, with a JSON body; the answer's status and JSON body. */
async function callApi(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  return page.evaluate(
    async (request) => {
      const response = await fetch(request.path, {
        method: request.method,
        headers: request.body === undefined ? {} : { 'Content-Type': 'application/json' },
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
      });
      const text = await response.text();
      return { status: response.status, json: text === '' ? null : (JSON.parse(text) as unknown) };
    },
    { method, path, body },
  );
}

async function expectStatus(page: Page, status: number, method: string, path: string, body?: unknown): Promise<unknown> {
  const answer = await callApi(page, method, path, body);
  expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.json)}`).toBe(status);
  return answer.json;
}

/** Every day of the week from `from` to `to`. */
export const everyDay = (from: string, to: string): WorkingHours =>
  Object.fromEntries(WEEKDAYS.map((weekday) => [weekday, { from, to }])) as WorkingHours;

/** Adds a member of staff (as the owner's "Create sign-in link" does) with `hours`; needs an owner's signed-in page. */
export async function addMemberWithHours(page: Page, testInfo: TestInfo, hours: WorkingHours): Promise<string> {
  const member = uniqueUsername(testInfo, 'book');
  await expectStatus(page, 201, 'POST', '/api/staff', { username: member, role: 'staff' });
  await expectStatus(page, 200, 'PUT', `/api/staff/${member}/hours`, hours);
  return member;
}

/**
 * A client, a 60-minute service and a member working 09:00–18:00 every day (or `hours`), all the test's own; and the
 * day a week from now in the salon's time zone. Needs an owner's signed-in page (the `signIn` fixture's).
 */
export async function setUpBook(page: Page, testInfo: TestInfo, hours = everyDay('09:00', '18:00')): Promise<BookSetup> {
  const client = await createClientThroughApi(page, uniqueClient(testInfo));
  const member = await addMemberWithHours(page, testInfo, hours);
  const service = (await expectStatus(page, 201, 'POST', '/api/services', {
    name: `Cut for ${member}`,
    durationMinutes: 60,
    price: null,
  })) as Service;
  const { timeZone: zone } = (await expectStatus(page, 200, 'GET', '/api/salon')) as Salon;
  return { client, service, member, date: addDays(salonDate(Date.now(), zone), 7), zone };
}

/** The instant at `time` on the setup's day, as the API and the booking form's "Time" write it. */
export const startAt = ({ date, zone }: BookSetup, time: string): string => salonDateTime(instantAt(date, time, zone), zone);

/** What the setup's booking at `time` asks: its client, service and member. */
export const newAppointment = (book: BookSetup, time: string): NewAppointment => ({
  clientId: book.client._id,
  serviceId: book.service.id,
  staff: book.member,
  start: startAt(book, time),
});

/** Books the setup's client, service and member at `time` through the API, as a colleague's form would. */
export async function bookThroughApi(page: Page, book: BookSetup, time: string): Promise<Appointment> {
  return (await expectStatus(page, 201, 'POST', '/api/appointments', newAppointment(book, time))) as Appointment;
}

/** A block of the calendar in `scope`, its link named by its time, client and service ("10:00–11:00, Ann Hart, Haircut"). */
export function calendarBlock(scope: Page | Locator, { client, service }: BookSetup, time: string): Locator {
  return scope.getByRole('link', { name: `${time}, ${client.firstName} ${client.lastName}, ${service.name}`, exact: true });
}
