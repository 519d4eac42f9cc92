/**
 * The mock answers as the server does (issue 27): one list of API cases is sent to the mock's handlers (msw, in Node,
 * through msw's own getResponse: nothing is intercepted) and to the real server (app.inject, on SQLite here and on
 * PostgreSQL in `npm run test:postgres`). Each response is checked against docs/openapi.json, and the two answers to
 * each case must be the same: status, message, and the headers a client reads. A handler that drifts from the server
 * fails here.
 */
import { getResponse } from 'msw';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadMockDb, mockDb, resetMockDb } from '#mocks/db.ts';
import { handlers } from '#mocks/handlers.ts';
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import type { LoginSecondStep, Passkey } from '#contract/passkeys';
import type { AuditEntry, AuditPage } from '#contract/team';
import { instantAt, salonDateTime, WEEKDAYS } from '#contract/book';
import { onlineBookingTexts } from '#contract/online-booking-texts';
import { SoftwareAuthenticator } from '../harness/software-authenticator.ts';
import { createTestApp, STAFF, STAFF_MEMBER } from '#server/testing/test-app.ts';
import { document, nonConformities } from '#server/testing/openapi-conformance.ts';

type Sent = { method: string; path: string; headers?: Record<string, string>; body?: string };

type Account = { username: string; password: string };

/** One side: sends a request and answers as a fetch would; the owner's account it logs in with, and a staff member's. */
type Side = {
  name: string;
  send: (request: Sent) => Promise<Response>;
  account: Account;
  staffAccount: Account;
};

const ORIGIN = 'http://localhost';
/** Both sides' salon: the process's time zone (the server's default; the mock's, its browser's). */
const SALON_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

function mockSide(): Side {
  return {
    name: 'mock',
    account: { username: 'admin', password: 'admin' },
    staffAccount: { username: 'sam', password: 'sam' },
    async send({ method, path, headers, body }) {
      const request = new Request(`${ORIGIN}${path}`, { method, headers, body });
      const response = await getResponse(handlers, request);
      if (!response) throw new Error(`The mock has no handler for ${method} ${path}`);
      return response;
    },
  };
}

async function serverSide(): Promise<Side> {
  const { app } = await createTestApp();
  await app.staffAccounts.add(STAFF_MEMBER.username, STAFF_MEMBER.password, 'staff');
  let cookie: string | undefined;
  return {
    name: 'server',
    account: STAFF,
    staffAccount: STAFF_MEMBER,
    async send({ method, path, headers, body }) {
      const injected = await app.inject({
        method: method as 'GET',
        url: path,
        headers: { ...headers, ...(cookie ? { cookie } : {}) },
        ...(body === undefined ? {} : { payload: body }),
      });
      // The session as a browser keeps it: set by a login, cleared by a logout.
      const setCookie = [injected.headers['set-cookie'] ?? []].flat()[0];
      if (setCookie) cookie = /Max-Age=0/.test(setCookie) ? undefined : setCookie.split(';')[0];
      const responseHeaders = new Headers();
      for (const [name, value] of Object.entries(injected.headers)) {
        for (const one of [value ?? []].flat()) responseHeaders.append(name, String(one));
      }
      const empty = method === 'HEAD' || injected.statusCode === 204 || injected.statusCode === 304;
      return new Response(empty ? null : new Uint8Array(injected.rawPayload), { status: injected.statusCode, headers: responseHeaders });
    },
  };
}

/** The headers a client acts on, as they are compared (ids replaced by their case's names). */
const COMPARED_HEADERS = ['etag', 'location', 'allow', 'www-authenticate', 'retry-after', 'content-disposition'];

/** The reads whose appointments are compared (issue 40: a client's deletion, restore and erasure change them). */
const APPOINTMENT_READS = ['/api/appointments/{appointmentId}', '/api/clients/{clientId}/appointments', '/api/clients/{clientId}/export'];

type AppointmentRead = { id: string; status: string; client?: { id: string } | null };
/** An appointment read's appointments as compared: each one's id, status and client's id (none in an export), as text. */
function appointmentsIn(parsed: unknown): string[] {
  const read = parsed as AppointmentRead | AppointmentRead[] | { appointments: AppointmentRead[] };
  const list = Array.isArray(read) ? read : 'appointments' in read ? read.appointments : [read];
  return list.map(({ id, status, client }) => `${id} ${status} ${client === undefined ? 'exported' : (client?.id ?? null)}`);
}

/** A case's answer as the two sides must agree on it. */
type Answer = { status: number; message?: unknown; body?: unknown; headers: Record<string, string> };

const input = { firstName: 'Nina', lastName: 'Petrova', email: 'nina@example.com', registrationDateTime: '2024-05-01T10:30' };
const json = { 'content-type': 'application/json' };

/**
 * Runs every case on one side; returns each case's answer, and what broke the document. Ids are named by the case that
 * made them, so that the mock's and the server's (which differ) compare.
 */
async function runCases(side: Side): Promise<{ answers: Array<[string, Answer]>; problems: string[] }> {
  const answers: Array<[string, Answer]> = [];
  const problems: string[] = [];
  // Ids and the list's tags differ between the two: each is named by the case that met it first.
  const names = new Map<string, string>();
  const named = (text: string) => [...names].reduce((out, [id, name]) => out.replaceAll(id, name), text);

  async function call(
    label: string,
    method: string,
    template: string,
    options: Omit<Sent, 'method' | 'path'> & { id?: string; params?: Record<string, string> } = {},
  ) {
    // A path's one parameter is `id`; one with two names each (a member's time off).
    const path = template.replace(/\{(\w+)\}/g, (_, name: string) => options.params?.[name] ?? options.id ?? '');
    const response = await side.send({ method, path, headers: options.headers, body: options.body });
    // HEAD and the methods a path does not have (405) are no operations of the document: compared only.
    if (document.paths[template]?.[method.toLowerCase()]) {
      problems.push(...(await nonConformities(method, template, response.clone())).map((problem) => `${label}: ${problem}`));
    }
    const text = await response.text();
    const parsed = text && response.headers.get('content-type')?.startsWith('application/json') ? (JSON.parse(text) as unknown) : text;
    const headers = Object.fromEntries(
      COMPARED_HEADERS.flatMap((name) => {
        const value = response.headers.get(name);
        return value === null ? [] : [[name, value]];
      }),
    );
    const id = (parsed as { _id?: unknown } | undefined)?._id;
    if (method === 'POST' && response.status === 201 && typeof id === 'string' && !names.has(id)) names.set(id, `{${label}}`);
    // An import's id (issue 29), as a client's.
    const importId = ['/api/imports', '/api/appointments'].includes(template) ? (parsed as { id?: unknown } | undefined)?.id : undefined;
    if (method === 'POST' && response.status === 201 && typeof importId === 'string' && !names.has(importId)) {
      names.set(importId, `{${label}}`);
    }
    // The list's tag from reading it: a registration's ETag on the same path is the client's ("v1"), which named as a
    // list tag matched inside a later client's random id in 1 run of 16.
    const listTag = method === 'GET' && template === '/api/clients' ? headers.etag?.slice(1, -1) : undefined;
    if (listTag && !names.has(listTag)) names.set(listTag, `list tag of ${label}`);
    const message = typeof parsed === 'object' && parsed !== null && 'message' in parsed ? parsed.message : undefined;
    // GET /api/me's role (the usernames differ: the mock's demo accounts, the server's test accounts).
    const role = template === '/api/me' && typeof parsed === 'object' && parsed !== null && 'role' in parsed ? parsed.role : undefined;
    // Named, then sorted: two at one time are in the order of their random ids, which differ between the sides.
    const appointments =
      method === 'GET' && response.status === 200 && APPOINTMENT_READS.includes(template)
        ? appointmentsIn(parsed).map(named).sort()
        : undefined;
    answers.push([
      label,
      {
        status: response.status,
        ...(message === undefined ? {} : { message }),
        ...(role === undefined ? {} : { body: { role } }),
        ...(appointments === undefined ? {} : { body: appointments }),
        headers,
      },
    ]);
    return { response, parsed };
  }
  const session = () => call('log in', 'POST', '/login', { headers: json, body: JSON.stringify(side.account) });
  const withBody = (body: unknown, headers: Record<string, string> = {}) => ({
    headers: { ...json, ...headers },
    body: JSON.stringify(body),
  });

  // Without a session: 401 with the challenge, everywhere; a wrong password likewise.
  await call('list, no session', 'GET', '/api/clients');
  await call('register, no session', 'POST', '/api/clients', withBody(input));
  await call('read, no session', 'GET', '/api/clients/{clientId}', { id: 'someone' });
  await call('update, no session', 'PUT', '/api/clients/{clientId}', { id: 'someone', ...withBody(input) });
  await call('delete, no session', 'DELETE', '/api/clients/{clientId}', { id: 'someone' });
  await call('the salon, no session', 'GET', '/api/salon');
  await call('services, no session', 'GET', '/api/services');
  await call('Recently deleted, no session', 'GET', '/api/deleted-clients');
  await call('who am I, no session', 'GET', '/api/me');
  await call('export the list, no session', 'GET', '/api/clients-export');
  await call('imports, no session', 'GET', '/api/imports');
  await call('wrong password', 'POST', '/login', withBody({ username: side.account.username, password: 'not it' }));
  await session();

  // Registering: 201 with ETag and Location; 400 for a bad body, bad JSON, a bad Idempotency-Key; 422 for a key reused.
  const created = await call('register', 'POST', '/api/clients', withBody(input));
  const id = (created.parsed as { _id: string })._id;
  await call('register, invalid email', 'POST', '/api/clients', withBody({ ...input, email: 'not an email' }));
  await call('register, a field missing', 'POST', '/api/clients', withBody({ ...input, firstName: undefined }));
  await call('register, not JSON', 'POST', '/api/clients', { headers: json, body: '{"firstName":' });
  await call('register, malformed Idempotency-Key', 'POST', '/api/clients', withBody(input, { 'idempotency-key': ' ' }));
  await call('register with a key', 'POST', '/api/clients', withBody(input, { 'idempotency-key': 'k-1' }));
  await call('register with the key again', 'POST', '/api/clients', withBody(input, { 'idempotency-key': 'k-1' }));
  await call('the key reused for another', 'POST', '/api/clients', withBody({ ...input, lastName: 'Other' }, { 'idempotency-key': 'k-1' }));

  // Reading: ETag; 304 for If-None-Match naming it; 412 for an If-Match naming another; 404, 400; the list and its HEAD.
  const client = '/api/clients/{clientId}';
  await call('read', 'GET', client, { id });
  await call('read, If-None-Match: its tag', 'GET', client, { id, headers: { 'if-none-match': '"v1"' } });
  await call('read, If-None-Match: another tag', 'GET', client, { id, headers: { 'if-none-match': '"v7"' } });
  await call('read, If-Match: another tag', 'GET', client, { id, headers: { 'if-match': '"v7"' } });
  await call('read, If-Match: malformed', 'GET', client, { id, headers: { 'if-match': 'v1' } });
  await call('read, unknown', 'GET', client, { id: 'nobody' });
  await call('read, malformed id', 'GET', client, { id: 'not%20an%20id' });
  const list = await call('list', 'GET', '/api/clients');
  const listTag = list.response.headers.get('etag') ?? '';
  await call('list, If-None-Match: its tag', 'GET', '/api/clients', { headers: { 'if-none-match': listTag } });
  await call('list, If-Match: another tag', 'GET', '/api/clients', { headers: { 'if-match': '"another"' } });
  await call('list HEAD', 'HEAD', '/api/clients');
  await call('event stream HEAD', 'HEAD', '/api/events');
  await call('event stream, malformed Last-Event-ID', 'GET', '/api/events', { headers: { 'last-event-id': 'abc' } });

  // Updating: 200 with the next ETag; 412 for a stale If-Match, for If-None-Match * or its tag; 400; 404.
  await call('update, If-Match: its tag', 'PUT', client, { id, ...withBody({ ...input, lastName: 'Renamed' }, { 'if-match': '"v1"' }) });
  await call('update, If-Match: stale', 'PUT', client, { id, ...withBody(input, { 'if-match': '"v1"' }) });
  await call('update, If-None-Match: *', 'PUT', client, { id, ...withBody(input, { 'if-none-match': '*' }) });
  await call('update, If-None-Match: its tag', 'PUT', client, { id, ...withBody(input, { 'if-none-match': '"v2"' }) });
  await call('update, invalid', 'PUT', client, { id, ...withBody({ ...input, email: '' }) });
  await call('update, unknown', 'PUT', client, { id: 'nobody', ...withBody(input) });

  // History and export; who is logged in (an owner) and the whole list for "Export CSV" (issue 28).
  await call('history', 'GET', '/api/clients/{clientId}/history', { id });
  await call('history, unknown', 'GET', '/api/clients/{clientId}/history', { id: 'nobody' });
  await call('export', 'GET', '/api/clients/{clientId}/export', { id });
  await call('export, unknown', 'GET', '/api/clients/{clientId}/export', { id: 'nobody' });
  await call('who am I, an owner', 'GET', '/api/me');
  await call('export the list', 'GET', '/api/clients-export');

  // The book (issue 40): booking (201; 409 taken, not working; 400), the day, the free times, moving (200, 412, 409),
  // cancelling, the Undo (409 once the time was taken, then 200), the history, a client's appointments. The owner's
  // username differs between the sides: named as the ids are.
  names.set(side.account.username, '{owner}');
  const everyDay = Object.fromEntries(WEEKDAYS.map((weekday) => [weekday, { from: '09:00', to: '18:00' }]));
  const toBook = await call('add Cut, to book', 'POST', '/api/services', withBody({ name: 'Cut', durationMinutes: 60, price: null }));
  const serviceToBook = (toBook.parsed as { id: string }).id;
  names.set(serviceToBook, '{add Cut, to book}');
  await call('a week to book in', 'PUT', '/api/account/hours', withBody(everyDay));
  // A Tuesday far from the mock's seeded week.
  const at = (time: string) => salonDateTime(instantAt('2030-01-01', time, SALON_ZONE), SALON_ZONE);
  const appointment = '/api/appointments/{appointmentId}';
  const booking = (time: string, change: object = {}) =>
    withBody({ clientId: id, serviceId: serviceToBook, staff: side.account.username, start: at(time), ...change });
  const booked = await call('book', 'POST', '/api/appointments', booking('10:00'));
  const appointmentId = (booked.parsed as { id: string }).id;
  await call('book, taken', 'POST', '/api/appointments', booking('10:30'));
  await call('book, not working', 'POST', '/api/appointments', booking('08:00'));
  await call('book, unknown client', 'POST', '/api/appointments', booking('12:00', { clientId: 'nobody' }));
  await call('book, unknown treatment', 'POST', '/api/appointments', booking('12:00', { serviceId: 'nothing' }));
  await call('the day', 'GET', `/api/appointments?from=2030-01-01&to=2030-01-01`);
  await call('free times', 'GET', `/api/availability?service=${serviceToBook}&staff=${side.account.username}&date=2030-01-01`);
  await call('an appointment', 'GET', appointment, { id: appointmentId });
  await call('an appointment, unknown', 'GET', appointment, { id: 'nothing' });
  await call('move', 'PUT', appointment, {
    id: appointmentId,
    ...withBody({ staff: side.account.username, start: at('12:00') }, { 'if-match': '"v1"' }),
  });
  await call('move, stale', 'PUT', appointment, {
    id: appointmentId,
    ...withBody({ staff: side.account.username, start: at('13:00') }, { 'if-match': '"v1"' }),
  });
  const other = await call('book another', 'POST', '/api/appointments', booking('14:00'));
  const otherAppointment = (other.parsed as { id: string }).id;
  await call('move onto it', 'PUT', appointment, { id: appointmentId, ...withBody({ staff: side.account.username, start: at('14:30') }) });
  await call('cancel, stale', 'DELETE', appointment, { id: appointmentId, headers: { 'if-match': '"v1"' } });
  await call('cancel', 'DELETE', appointment, { id: appointmentId, headers: { 'if-match': '"v2"' } });
  await call('move the other into its time', 'PUT', appointment, {
    id: otherAppointment,
    ...withBody({ staff: side.account.username, start: at('12:00') }),
  });
  await call('undo the cancellation, taken', 'POST', '/api/appointments/{appointmentId}/restore', { id: appointmentId });
  await call('cancel the other', 'DELETE', appointment, { id: otherAppointment });
  await call('undo the cancellation', 'POST', '/api/appointments/{appointmentId}/restore', { id: appointmentId });
  await call('appointment history', 'GET', '/api/appointments/{appointmentId}/history', { id: appointmentId });
  await call("a client's appointments", 'GET', '/api/clients/{clientId}/appointments', { id });
  await call('export with appointments', 'GET', '/api/clients/{clientId}/export', { id });

  // Online booking on the landing page (issue 41): the offer, the days and times (404, 400), a hold (201; 409 when no
  // one works then; 404; 400), booking it (201; 409 once used; 400; the hidden field filled: 201), a release, a cancel
  // link unknown (404), a client's details (200, 404). The days are each side's own (the server's test clock).
  await call('online: booking offer', 'GET', '/api/booking');
  const bookingDays = await call(
    'online: booking days',
    'GET',
    `/api/booking/days?service=${serviceToBook}&staff=${side.account.username}`,
  );
  const lastDay = (bookingDays.parsed as { days: Array<{ date: string }> }).days.at(-1)?.date ?? '';
  await call('online: booking days, unknown treatment', 'GET', '/api/booking/days?service=nothing');
  const bookingTimes = await call('online: booking times', 'GET', `/api/booking/times?service=${serviceToBook}&date=${lastDay}`);
  const [firstFree = '', , , , secondFree = ''] = (bookingTimes.parsed as { starts: string[] }).starts;
  await call('online: booking times, bad date', 'GET', `/api/booking/times?service=${serviceToBook}&date=someday`);
  const holding = (start: string, change: object = {}) =>
    withBody({ serviceId: serviceToBook, staff: side.account.username, start, ...change });
  const held = await call('online: hold', 'POST', '/api/booking/holds', holding(firstFree));
  await call('online: hold, nobody works then', 'POST', '/api/booking/holds', holding(firstFree.replace(/T\d\d:\d\d/, 'T03:00')));
  await call('online: hold, unknown treatment', 'POST', '/api/booking/holds', holding(firstFree, { serviceId: 'nothing' }));
  await call('online: hold, bad body', 'POST', '/api/booking/holds', holding('noon'));
  const visitor = { firstName: 'Ana', lastName: 'Silva', email: 'ana@example.com', offers: true, website: '' };
  const holdToken = (held.parsed as { token: string }).token;
  await call('online: book online', 'POST', '/api/booking/appointments', withBody({ ...visitor, holdToken }));
  // Its id (the answer names none) and day, named for the audit trail's entry.
  const bookedDay = await call('online: the day booked online', 'GET', `/api/appointments?from=${lastDay}&to=${lastDay}`);
  names.set((bookedDay.parsed as Array<{ id: string }>)[0]?.id ?? 'none', '{online: book online}');
  names.set(lastDay, '{the last day to book}');
  await call('online: book online, the hold used', 'POST', '/api/booking/appointments', withBody({ ...visitor, holdToken }));
  await call('online: book online, bad body', 'POST', '/api/booking/appointments', withBody({ ...visitor, holdToken, email: 'nope' }));
  const another = await call('online: hold another', 'POST', '/api/booking/holds', holding(secondFree));
  const anotherToken = (another.parsed as { token: string }).token;
  await call(
    'online: book online, hidden field',
    'POST',
    '/api/booking/appointments',
    withBody({ ...visitor, holdToken: anotherToken, website: 'x' }),
  );
  await call('online: release a hold', 'DELETE', '/api/booking/holds/{holdToken}', { id: anotherToken });
  await call('online: a cancel link, unknown', 'GET', '/api/booking/cancellations/{cancelToken}', { id: 'unknown' });
  await call('online: cancel by link, unknown', 'POST', '/api/booking/cancellations/{cancelToken}', { id: 'unknown' });
  await call('online: client details', 'GET', '/api/clients/{clientId}/details', { id });
  await call('online: client details, unknown', 'GET', '/api/clients/{clientId}/details', { id: 'nobody' });

  // Importing (issue 29): 201 with Location, each row's verdict (a new one written, a bad one skipped); 400 for a
  // request out of the contract; the list, one import, its undo once (409 after), 404 for one unknown, 405.
  const rows = [
    { ...input, firstName: 'Iris', email: 'iris@example.com' },
    { ...input, email: 'not an email' },
  ];
  const imported = await call('import', 'POST', '/api/imports', withBody({ fileName: 'clients.csv', existing: 'skip', rows }));
  const importId = (imported.parsed as { id: string }).id;
  // An Idempotency-Key as on registrations: the same key answers the first import again (its Location), 422 with
  // another file, 400 when malformed.
  const keyed = (key: string, fileName = 'keyed.csv') =>
    withBody({ fileName, existing: 'skip', rows: [{ ...input, firstName: 'Kay', email: 'kay@example.com' }] }, { 'idempotency-key': key });
  await call('import with a key', 'POST', '/api/imports', keyed('imp-1'));
  await call('import with the key again', 'POST', '/api/imports', keyed('imp-1'));
  await call('the import key reused for another file', 'POST', '/api/imports', keyed('imp-1', 'other.csv'));
  await call('import, malformed Idempotency-Key', 'POST', '/api/imports', keyed(' '));
  await call('import, no rows', 'POST', '/api/imports', withBody({ fileName: 'clients.csv', existing: 'skip', rows: [] }));
  await call('import, unknown choice', 'POST', '/api/imports', withBody({ fileName: 'clients.csv', existing: 'merge', rows }));
  await call('imports', 'GET', '/api/imports');
  await call('an import', 'GET', '/api/imports/{importId}', { id: importId });
  await call('an import, unknown', 'GET', '/api/imports/{importId}', { id: 'nothing' });
  await call('undo an import', 'POST', '/api/imports/{importId}/undo', { id: importId });
  await call('undo an import again', 'POST', '/api/imports/{importId}/undo', { id: importId });
  await call('undo an import, unknown', 'POST', '/api/imports/{importId}/undo', { id: 'nothing' });
  await call('PATCH the imports', 'PATCH', '/api/imports', withBody({}));

  // Deleting, Recently deleted, restoring, erasing.
  await call('delete, If-None-Match: its tag', 'DELETE', client, { id, headers: { 'if-none-match': '"v2"' } });
  await call('delete, If-Match: stale', 'DELETE', client, { id, headers: { 'if-match': '"v1"' } });
  await call('delete', 'DELETE', client, { id });
  await call('delete again', 'DELETE', client, { id });
  await call('read, deleted', 'GET', client, { id });
  // Its upcoming appointment cancelled with it, and booked again by the restore (issue 40).
  await call('appointments of the deleted client', 'GET', '/api/clients/{clientId}/appointments', { id });
  await call('restore', 'POST', '/api/clients/{clientId}/restore', { id });
  await call('restore again', 'POST', '/api/clients/{clientId}/restore', { id });
  await call('appointments of the restored client', 'GET', '/api/clients/{clientId}/appointments', { id });
  await call('erase', 'POST', '/api/clients/{clientId}/erase', { id });
  await call('erase again', 'POST', '/api/clients/{clientId}/erase', { id });
  await call('the erased client’s appointment', 'GET', appointment, { id: appointmentId });
  await call('register with the key of an erased client', 'POST', '/api/clients', withBody(input, { 'idempotency-key': 'k-1' }));

  // The audit trail: what the cases above did, newest first, by whom (the side's owner) and on what; its filters, its
  // export; no method changes it.
  // (The mock starts with its seed clients: the count exported is named, as ids are.)
  const exported = String(((await call('export the list', 'GET', '/api/clients-export')).parsed as unknown[]).length);
  const trailOf = (entries: AuditEntry[]) =>
    entries.map(({ kind, actor, subject, detail }) => [
      kind,
      actor === side.account.username ? '{owner}' : actor,
      subject,
      kind === 'clients-exported' && detail === exported ? '{the list’s length}' : detail,
    ]);
  const trail = async (label: string, path: string, entriesOf: (parsed: unknown) => AuditEntry[]) => {
    const { parsed } = await call(label, 'GET', path);
    const answer = answers.at(-1)?.[1];
    if (answer && answer.status === 200) answer.body = trailOf(entriesOf(parsed));
  };
  const pageEntries = (parsed: unknown) => (parsed as AuditPage).entries;
  await trail('audit trail', '/api/audit', pageEntries);
  await trail('audit trail, by kind', '/api/audit?kind=client-erased', pageEntries);
  await trail('audit trail, by account', `/api/audit?account=${encodeURIComponent(side.account.username)}&kind=sign-in`, pageEntries);
  await trail('audit trail, older than the newest', '/api/audit?before=3', pageEntries);
  await call('audit trail, unknown kind', 'GET', '/api/audit?kind=coffee');
  // The emails waiting to be sent (issue 41): none here.
  await call('the outbox', 'GET', '/api/outbox');
  await call('audit trail, malformed before', 'GET', '/api/audit?before=soon');
  await trail('audit export', '/api/audit-export?kind=clients-exported', (parsed) => parsed as AuditEntry[]);
  await call('PUT the audit trail', 'PUT', '/api/audit', withBody({}));
  await call('DELETE the audit trail', 'DELETE', '/api/audit');
  await call('PATCH the audit export', 'PATCH', '/api/audit-export', withBody({}));

  // The team (issue 28), as the owner: a member added (its name then taken), disabled, and each staff route's refusal.
  const staffMember = '/api/staff/{username}';
  await call('add a staff member', 'POST', '/api/staff', withBody({ username: 'lena', role: 'staff' }));
  await call('add a staff member, taken', 'POST', '/api/staff', withBody({ username: 'Lena', role: 'owner' }));
  await call('disable a staff member', 'PATCH', staffMember, { id: 'lena', ...withBody({ status: 'disabled' }) });
  await call('change a staff member, unknown', 'PATCH', staffMember, { id: 'nobody', ...withBody({ role: 'owner' }) });
  await call('the last owner made staff', 'PATCH', staffMember, { id: side.account.username, ...withBody({ role: 'staff' }) });
  await call('reset a password, unknown', 'POST', `${staffMember}/password-reset`, { id: 'nobody' });
  await call('sign out everywhere, unknown', 'POST', `${staffMember}/sign-out`, { id: 'nobody' });
  await call('a sign-in link, unknown', 'GET', '/welcome-links/{token}', { id: 'x'.repeat(22) });

  // The book's setup (issue 40), as the owner: the salon's settings; a service added, changed, removed (again: 204),
  // refused (400, 404); the schedules; the owner's own hours and time off; a member's (404 for nobody); 405.
  const haircut = { name: 'Haircut and styling', durationMinutes: 60, price: 4500 };
  const week = {
    monday: null,
    tuesday: { from: '09:00', to: '18:00' },
    wednesday: null,
    thursday: null,
    friday: null,
    saturday: null,
    sunday: null,
  };
  const days = { first: '2026-12-24', last: '2026-12-26' };
  const service = '/api/services/{serviceId}';
  await call('the salon', 'GET', '/api/salon');
  const newService = await call('add a service', 'POST', '/api/services', withBody(haircut));
  const serviceId = (newService.parsed as { id: string }).id;
  await call('add a service, invalid', 'POST', '/api/services', withBody({ ...haircut, durationMinutes: 7 }));
  await call('change a service', 'PUT', service, { id: serviceId, ...withBody({ ...haircut, price: null }) });
  await call('change a service, invalid', 'PUT', service, { id: serviceId, ...withBody({ ...haircut, name: '' }) });
  await call('change a service, unknown', 'PUT', service, { id: 'none', ...withBody(haircut) });
  await call('remove a service', 'DELETE', service, { id: serviceId });
  await call('remove a service again', 'DELETE', service, { id: serviceId });
  await call('remove a service, unknown', 'DELETE', service, { id: 'none' });
  await call('services', 'GET', '/api/services');
  await call('schedules', 'GET', '/api/schedules');
  await call('own hours', 'GET', '/api/account/hours');
  await call('set own hours', 'PUT', '/api/account/hours', withBody(week));
  await call('set own hours, invalid', 'PUT', '/api/account/hours', withBody({ ...week, monday: { from: '18:00', to: '09:00' } }));
  const ownTimeOff = await call('add own time off', 'POST', '/api/account/time-off', withBody(days));
  const timeOffId = (ownTimeOff.parsed as { id: string }).id;
  await call('add own time off, backwards', 'POST', '/api/account/time-off', withBody({ first: days.last, last: days.first }));
  await call('remove own time off', 'DELETE', '/api/account/time-off/{timeOffId}', { id: timeOffId });
  await call('remove own time off again', 'DELETE', '/api/account/time-off/{timeOffId}', { id: timeOffId });
  const member = side.staffAccount.username;
  const memberHours = '/api/staff/{username}/hours';
  await call('a member’s hours', 'GET', memberHours, { id: member });
  await call('a member’s hours, unknown', 'GET', memberHours, { id: 'nobody' });
  await call('set a member’s hours', 'PUT', memberHours, { id: member, ...withBody(week) });
  await call('set a member’s hours, unknown', 'PUT', memberHours, { id: 'nobody', ...withBody(week) });
  const memberTimeOff = await call('add a member’s time off', 'POST', '/api/staff/{username}/time-off', { id: member, ...withBody(days) });
  const memberEntry = { username: member, timeOffId: (memberTimeOff.parsed as { id: string }).id };
  const memberTimeOffPath = '/api/staff/{username}/time-off/{timeOffId}';
  await call('remove a member’s time off', 'DELETE', memberTimeOffPath, { params: memberEntry });
  await call('remove a member’s time off again', 'DELETE', memberTimeOffPath, { params: memberEntry });
  await call('PATCH the services', 'PATCH', '/api/services', withBody({}));

  // Another method on a path the API has: 405 with Allow.
  await call('PATCH the list', 'PATCH', '/api/clients', withBody(input));
  await call('PATCH a client', 'PATCH', client, { id: 'someone', ...withBody(input) });
  await call('DELETE the staff list', 'DELETE', '/api/staff');
  await call('PUT a merge', 'PUT', '/api/merges/{mergeId}/undo', { id: 'someone', ...withBody({}) });

  // Logging out ends the session.
  await call('log out', 'POST', '/logout');
  await call('list, logged out', 'GET', '/api/clients');
  await call('audit trail, logged out', 'GET', '/api/audit');

  // Staff (issue 28): everything SPEC.md gives a logged-in user, and 403 "Only an owner can …" for the owner's routes.
  await call('log in as staff', 'POST', '/login', withBody(side.staffAccount));
  await call('who am I, staff', 'GET', '/api/me');
  const staffCreated = await call('register, staff', 'POST', '/api/clients', withBody({ ...input, email: 'sam.s@example.com' }));
  const staffId = (staffCreated.parsed as { _id: string })._id;
  await call('export, staff', 'GET', '/api/clients/{clientId}/export', { id: staffId });
  await call('export the list, staff', 'GET', '/api/clients-export');
  await call('delete, staff', 'DELETE', client, { id: staffId });
  await call('erase, staff', 'POST', '/api/clients/{clientId}/erase', { id: staffId });
  await call('restore, staff', 'POST', '/api/clients/{clientId}/restore', { id: staffId });
  await call('audit trail, staff', 'GET', '/api/audit');
  await call('audit export, staff', 'GET', '/api/audit-export');
  await call('audit trail, staff, unknown kind', 'GET', '/api/audit?kind=coffee');
  await call('the outbox, staff', 'GET', '/api/outbox');
  await call('services, as staff', 'GET', '/api/services');
  await call('add a service, as staff', 'POST', '/api/services', withBody(haircut));
  await call('remove a service, as staff', 'DELETE', service, { id: serviceId });
  await call('own hours, as staff', 'GET', '/api/account/hours');
  await call('set own hours, as staff', 'PUT', '/api/account/hours', withBody(week));
  await call('a member’s hours, as staff', 'GET', memberHours, { id: member });
  await call('add a member’s time off, as staff', 'POST', '/api/staff/{username}/time-off', { id: member, ...withBody(days) });
  await call('imports, staff', 'GET', '/api/imports');
  await call('import, staff', 'POST', '/api/imports', withBody({ fileName: 'clients.csv', existing: 'skip', rows }));
  // The request's form is checked before the role (contract/access.ts): a body out of the contract is a 400 for staff too.
  await call('import out of the contract, staff', 'POST', '/api/imports', withBody({ fileName: 'clients.csv' }));
  await call('add a staff member out of the contract, staff', 'POST', '/api/staff', withBody({ username: 'x' }));
  await call('undo an import, staff', 'POST', '/api/imports/{importId}/undo', { id: importId });
  // Duplicates and merges (issue 29), as staff: the pairs, a merge refused (changed since, the later client kept, not
  // JSON), a merge, a client's merges, its undo, again, and an unknown one.
  const twin = { ...input, firstName: 'Tess', lastName: 'Twin' };
  const first = await call('register a twin', 'POST', '/api/clients', withBody({ ...twin, email: 'tess@example.com' }));
  const second = await call(
    'register the other twin',
    'POST',
    '/api/clients',
    withBody({ ...twin, email: 'tess.twin@example.com', registrationDateTime: '2025-01-01T10:00' }),
  );
  const keepId = (first.parsed as { _id: string })._id;
  const otherId = (second.parsed as { _id: string })._id;
  const choices = { firstName: 'kept', lastName: 'kept', email: 'other', registrationDateTime: 'kept' };
  const merge = { keepId, otherId, keepVersion: 1, otherVersion: 1, fields: choices };
  await call('duplicates', 'GET', '/api/duplicates');
  await call('merge, changed since', 'POST', '/api/merges', withBody({ ...merge, otherVersion: 2 }));
  await call('merge, the later kept', 'POST', '/api/merges', withBody({ ...merge, keepId: otherId, otherId: keepId }));
  await call('merge, not JSON', 'POST', '/api/merges', { headers: json, body: '{"keepId":' });
  const merged = await call('merge', 'POST', '/api/merges', withBody(merge));
  const mergeId = (merged.parsed as { id: string }).id;
  await call('a client’s merges', 'GET', `/api/merges?clientId=${keepId}`);
  await call('undo merge', 'POST', '/api/merges/{mergeId}/undo', { id: mergeId });
  await call('undo merge again', 'POST', '/api/merges/{mergeId}/undo', { id: mergeId });
  await call('undo merge, unknown', 'POST', '/api/merges/{mergeId}/undo', { id: 'nothing-here' });

  // Passkeys (issue 30), as staff, with a software authenticator at the origin both sides are addressed at: the step
  // after the password refused without a passkey; one added (an answer that does not verify refused), listed; the step
  // turned on: the password alone answers 401 with the step's options, a cancelled step's challenge no longer signs
  // in, the step done signs in; a sign-in with no username, its replay refused; removing an unknown one and the one.
  const authenticator = new SoftwareAuthenticator({ origin: ORIGIN });
  const setting = '/api/account/passkey-setting';
  await call('passkey step on, no passkey', 'PUT', setting, withBody({ askAfterPassword: true }));
  const creation = await call('passkey options', 'POST', '/api/account/passkeys/options');
  const creationOptions = creation.parsed as PublicKeyCredentialCreationOptionsJSON;
  // Made for another site: the origin it signed is not this one's.
  const unverified = new SoftwareAuthenticator({ origin: 'http://elsewhere.example' }).register(creationOptions);
  await call('add a passkey, not verified', 'POST', '/api/account/passkeys', withBody({ name: 'Front desk PC', response: unverified }));
  const registration = authenticator.register(
    (await call('passkey options again', 'POST', '/api/account/passkeys/options')).parsed as never,
  );
  const added = await call('add a passkey', 'POST', '/api/account/passkeys', withBody({ name: 'Front desk PC', response: registration }));
  const passkeyId = (added.parsed as Passkey).id;
  await call('add a passkey, no name', 'POST', '/api/account/passkeys', withBody({ name: ' ', response: registration }));
  await call('passkeys', 'GET', '/api/account/passkeys');
  await call('passkey step on', 'PUT', setting, withBody({ askAfterPassword: true }));
  await call('log out before the step', 'POST', '/logout');
  const asked = await call('password, the step asked for', 'POST', '/login', withBody(side.staffAccount));
  const cancelled = (asked.parsed as LoginSecondStep).passkeyOptions as unknown as PublicKeyCredentialRequestOptionsJSON;
  await call('the step cancelled', 'POST', '/login/passkey/cancel', withBody({ challenge: cancelled.challenge }));
  await call('the cancelled step answered', 'POST', '/login/passkey', withBody(authenticator.authenticate(cancelled)));
  const again = await call('password again', 'POST', '/login', withBody(side.staffAccount));
  const step = (again.parsed as LoginSecondStep).passkeyOptions as unknown as PublicKeyCredentialRequestOptionsJSON;
  await call('the step', 'POST', '/login/passkey', withBody(authenticator.authenticate(step)));
  await call('who am I, after the step', 'GET', '/api/me');
  await call('log out after the step', 'POST', '/logout');
  const signInOptions = await call('passkey sign-in options', 'POST', '/login/passkey/options');
  const assertion = authenticator.authenticate(signInOptions.parsed as PublicKeyCredentialRequestOptionsJSON);
  await call('passkey sign-in', 'POST', '/login/passkey', withBody(assertion));
  await call('passkey sign-in replayed', 'POST', '/login/passkey', withBody(assertion));
  await call('remove a passkey, unknown', 'DELETE', '/api/account/passkeys/{id}', { id: 'nothing-here' });
  await call('remove the passkey', 'DELETE', '/api/account/passkeys/{id}', { id: passkeyId });
  await call('passkeys, none left', 'GET', '/api/account/passkeys');
  await call('log out, staff', 'POST', '/logout');
  return { answers: answers.map(([label, answer]) => [label, JSON.parse(named(JSON.stringify(answer))) as Answer]), problems };
}

describe('the mock and the server', () => {
  beforeAll(() => loadMockDb());
  beforeEach(async () => {
    resetMockDb();
    // As the server's test database starts: no clients (the counts the audit trail records then agree).
    await mockDb.setClients([]);
    mockDb.endSession();
  });

  // Two runs of 53 cases and an app: about 1 s alone, over 5 s (the default limit) on a busy machine.
  it('answer every case alike, each as docs/openapi.json says', { timeout: 30_000 }, async () => {
    const server = await runCases(await serverSide());
    const mock = await runCases(mockSide());
    expect(server.problems, 'the server against the document').toEqual([]);
    expect(mock.problems, 'the mock against the document').toEqual([]);
    // Case by case, so that a difference names its case.
    expect(mock.answers).toEqual(server.answers);
    // What the appointments' cases are meant to meet (issue 40).
    const appointments = Object.fromEntries(
      server.answers
        .filter(([label]) =>
          /^(book|the day|free times|an appointment|move|cancel|undo the cancellation|appointment history|a client's)/.test(label),
        )
        .map(([label, { status, message }]) => [label, message ?? status]),
    );
    expect(appointments).toEqual({
      book: 201,
      'book, taken': '{owner} already has an appointment at that time.',
      'book, not working': '{owner} does not work at that time.',
      'book, unknown client': 'Client not found',
      'book, unknown treatment': 'Service not found',
      'the day': 200,
      'free times': 200,
      'an appointment': 200,
      'an appointment, unknown': 'Appointment not found',
      move: 200,
      'move, stale': 'The appointment was changed since you read it',
      'book another': 201,
      'move onto it': '{owner} already has an appointment at that time.',
      'cancel, stale': 'The appointment was changed since you read it',
      cancel: 200,
      'move the other into its time': 200,
      'undo the cancellation, taken': '{owner} already has an appointment at that time.',
      'cancel the other': 200,
      'undo the cancellation': 200,
      'appointment history': 200,
      "a client's appointments": 200,
    });
    // A client's deletion cancels their upcoming appointment, the restore books it back, the erasure leaves it nameless.
    const bodyOf = (label: string) => server.answers.find(([name]) => name === label)?.[1].body;
    expect(bodyOf('appointments of the deleted client')).toEqual(['{book another} cancelled {register}', '{book} cancelled {register}']);
    expect(bodyOf('appointments of the restored client')).toEqual(['{book another} cancelled {register}', '{book} booked {register}']);
    expect(bodyOf('the erased client’s appointment')).toEqual(['{book} booked null']);
    expect(bodyOf('export with appointments')).toEqual(['{book another} cancelled exported', '{book} booked exported']);
    // What the roles' cases are meant to meet (issue 28), so that both sides agreeing on something else fails too.
    const roles = Object.fromEntries(
      server.answers
        .filter(([label]) => /who am I|export the list|import|, staff$/.test(label))
        .map(([label, { status, message, body }]) => [label, message ?? body ?? status]),
    );
    expect(roles).toEqual({
      'who am I, no session': 'Log in to continue',
      'export the list, no session': 'Log in to continue',
      'imports, no session': 'Log in to continue',
      'who am I, an owner': { role: 'owner' },
      'export the list': 200,
      import: 201,
      'import with a key': 201,
      'import with the key again': 201,
      'the import key reused for another file': 'This Idempotency-Key was sent before with another import',
      'import, malformed Idempotency-Key': 'Idempotency-Key must be a string of 1 to 255 visible characters',
      'import, no rows': 'The file has no rows',
      'import, unknown choice': expect.any(String),
      imports: 200,
      'an import': 200,
      'an import, unknown': 'No import with this id in the last 30 days.',
      'undo an import': 200,
      'undo an import again': 'This import was already taken back.',
      'undo an import, unknown': 'No import with this id in the last 30 days.',
      'PATCH the imports': expect.any(String),
      'imports, staff': 'Only an owner can import clients.',
      'import, staff': 'Only an owner can import clients.',
      'import out of the contract, staff': expect.not.stringMatching(/^Only an owner/),
      'add a staff member out of the contract, staff': expect.not.stringMatching(/^Only an owner/),
      'undo an import, staff': 'Only an owner can import clients.',
      'who am I, after the step': { role: 'staff' },
      'who am I, staff': { role: 'staff' },
      'register, staff': 201,
      'export, staff': 'Only an owner can export a client’s data.',
      'export the list, staff': 'Only an owner can export clients.',
      'delete, staff': 204,
      'erase, staff': 'Only an owner can erase a client.',
      'restore, staff': 200,
      'audit trail, staff': 'Only an owner can see the audit trail.',
      'audit export, staff': 'Only an owner can see the audit trail.',
      'the outbox, staff': 'Only an owner can see the outbox.',
      'log out, staff': 204,
    });
    // And what the book's setup is meant to meet (issue 40).
    const book = Object.fromEntries(
      server.answers
        .filter(([label]) => /salon|service|schedules|hours|time off/.test(label))
        .map(([label, { status, message }]) => [label, message ?? status]),
    );
    expect(book).toEqual({
      'the salon, no session': 200,
      'services, no session': 'Log in to continue',
      'the salon': 200,
      'add a service': 201,
      'add a service, invalid': expect.stringContaining('Use 5 to 480 minutes, in steps of 5.'),
      'change a service': 200,
      'change a service, invalid': expect.stringContaining('Enter the service name.'),
      'change a service, unknown': 'No service has that id.',
      'remove a service': 204,
      'remove a service again': 204,
      'remove a service, unknown': 'No service has that id.',
      services: 200,
      schedules: 200,
      'own hours': 200,
      'set own hours': 200,
      'set own hours, invalid': expect.stringContaining('The end must be after the start.'),
      'add own time off': 201,
      'add own time off, backwards': expect.stringContaining('The last day must not be before the first day.'),
      'remove own time off': 204,
      'remove own time off again': 'This account has no such time off.',
      'a member’s hours': 200,
      'a member’s hours, unknown': 'No staff account has that username.',
      'set a member’s hours': 200,
      'set a member’s hours, unknown': 'No staff account has that username.',
      'add a member’s time off': 201,
      'remove a member’s time off': 204,
      'remove a member’s time off again': 'This account has no such time off.',
      'PATCH the services': 'Method not allowed',
      'services, as staff': 200,
      'add a service, as staff': 'Only an owner can manage services.',
      'remove a service, as staff': 'Only an owner can manage services.',
      'own hours, as staff': 200,
      'set own hours, as staff': 200,
      'a member’s hours, as staff': 'Only an owner can set a colleague’s working hours.',
      'add a member’s time off, as staff': 'Only an owner can set a colleague’s working hours.',
    });
    // And what the online booking's cases are meant to meet (issue 41).
    const online = Object.fromEntries(
      server.answers
        .filter(([label]) => label.startsWith('online: '))
        .map(([label, { status, message }]) => [label.slice(8), message ?? status]),
    );
    expect(online).toEqual({
      'booking offer': 200,
      'booking days': 200,
      'booking days, unknown treatment': 'Service not found',
      'booking times': 200,
      'booking times, bad date': expect.any(String),
      hold: 201,
      'hold, nobody works then': onlineBookingTexts.taken,
      'hold, unknown treatment': 'Service not found',
      'hold, bad body': expect.any(String),
      'book online': 201,
      'the day booked online': 200,
      'book online, the hold used': onlineBookingTexts.taken,
      'book online, bad body': 'Email must be a valid email address',
      'hold another': 201,
      'book online, hidden field': 201,
      'release a hold': 204,
      'a cancel link, unknown': onlineBookingTexts.linkInvalid,
      'cancel by link, unknown': onlineBookingTexts.linkInvalid,
      'client details': 200,
      'client details, unknown': 'Client not found',
    });
    // And what the passkeys' cases are meant to meet (issue 30).
    const passkeys = Object.fromEntries(
      server.answers
        .filter(([label]) => /passkey|step|password again/.test(label))
        .map(([label, { status, message }]) => [label, message ?? status]),
    );
    expect(passkeys).toEqual({
      'passkey step on, no passkey': 'Add a passkey first.',
      'passkey options': 200,
      'add a passkey, not verified': 'The passkey could not be added. Try again.',
      'passkey options again': 200,
      'add a passkey': 201,
      'add a passkey, no name': 'Give the passkey a name.',
      passkeys: 200,
      'passkey step on': 204,
      'log out before the step': 204,
      'password, the step asked for': 'Confirm with your passkey',
      'the step cancelled': 204,
      'the cancelled step answered': 'Invalid username or password',
      'password again': 'Confirm with your passkey',
      'the step': 200,
      'who am I, after the step': 200,
      'log out after the step': 204,
      'passkey sign-in options': 200,
      'passkey sign-in': 200,
      'passkey sign-in replayed': 'Invalid username or password',
      'remove a passkey, unknown': 'This account has no such passkey.',
      'remove the passkey': 204,
      'passkeys, none left': 200,
    });
  });
});
