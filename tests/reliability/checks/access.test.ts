/**
 * Access: every /api route from the app's own route table refuses a missing, garbage, expired,
 * tampered or logged-out session with 401, in process (where the clock can be moved) and on the
 * real server; cross-site state changes are refused on every state-changing route; brute force
 * on one account is throttled whatever X-Forwarded-For says; malformed HTTP and slow headers are
 * refused like any other response; and the real server's HTML and JS responses feed the header check.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessOf } from '#contract/access';
import { buildApp, type App } from '#server/app.ts';
import { DEFAULT_CONNECTION_TIMEOUTS } from '#server/http/timeouts.ts';
import { inProcessConfig } from '#server/testing/in-process-config.ts';
import { MALFORMED_REQUESTS, RAW_ERROR_HEADERS, SLOW_HEADERS, rawExchange, type RawResponse } from '#server/testing/raw-http.ts';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/server';
import { PROJECT_ROOT as ROOT } from '../../harness/build.ts';
import { SoftwareAuthenticator } from '../../harness/software-authenticator.ts';
import { ADMIN } from '../../harness/real-server.ts';
import { clientBody, countBy, countStatuses, formatInt, printFigure, reliabilityContext } from '../lib/context.ts';
import { HttpClient, jsonHeaders, logIn, sessionCookieOf, type HttpRequest, type HttpResponse } from '../lib/http.ts';
import { inspectLive } from '../lib/sqlite.ts';
import { startLoggedIn, type RealServerUse } from './shared.ts';

const context = reliabilityContext();

type Route = { method: string; url: string };
type Send = (request: HttpRequest) => Promise<HttpResponse>;
/** A kind of credentials, made when it is sent (some need a fresh session or a moved clock). */
type Variant = [kind: string, credentials: () => Promise<Record<string, string>>];

/** Every route of the app, from Fastify's own route table (printRoutes), not from a hand-written list. */
function routeTable(app: App): Route[] {
  const routes: Route[] = [];
  const paths: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.+?)(?: \(([^)]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const path = (depth > 0 ? (paths[depth - 1] ?? '') : '') + (match[2] ?? '');
    paths.length = depth;
    paths[depth] = path;
    for (const method of match[3]?.split(',').map((value) => value.trim()) ?? []) routes.push({ method, url: path });
  }
  return routes;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const isUnknownRoute = (route: Route) => route.url.includes('no-such-route') || route.url.endsWith('/extra');

/** The member of staff the staff routes act on (made by the control requests). */
const MEMBER = 'access-member';

/** A merge for the undo's control request, and the body of a merge of another pair (made by the control requests). */
let mergeFixture: { mergeId: string; body: string } | undefined;

/** A passkey answer for the add's control request, and a passkey for the removal's (made by the control requests). */
let passkeyFixture: { addBody: string; removeId: string } | undefined;

/**
 * The book's (issue 40), made by the control requests in a salon on UTC: a service, a time off of the account's and of
 * MEMBER's for the removals, and appointments of the admin, each for the route that changes it (moved, cancelled,
 * restored after a cancellation), on days no control booking takes.
 */
let bookFixture:
  | {
      serviceId: string;
      ownTimeOff: string;
      memberTimeOff: string;
      appointment: { read: string; move: string; cancel: string; restore: string };
    }
  | undefined;
const BOOK_DAY = '2031-01-07';
const WHOLE_DAYS = Object.fromEntries(
  ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => [day, { from: '00:00', to: '23:45' }]),
);
/** A start on BOOK_DAY (UTC), `index` hours after midnight: a free hour for each control booking. */
const bookStart = (index: number, day = BOOK_DAY) => `${day}T${String(index % 23).padStart(2, '0')}:00:00+00:00`;
const serviceBody = (index: number) => JSON.stringify({ name: `Access service ${index}`, durationMinutes: 30, price: null });

/**
 * A body `path` accepts: a client under /api/clients, an import of one row, the shapes of the staff and account
 * routes, ADMIN for /login.
 */
/** The client the control bookings are for (made by the control requests). */
let bookClientId = 'no-such-client';

function bodyFor(method: string, path: string, index: number): string {
  if (!path.startsWith('/api')) return JSON.stringify(ADMIN);
  if (path === '/api/imports') {
    const row = JSON.parse(clientBody(`access-import-${index}`, index)) as unknown;
    return JSON.stringify({ fileName: `access-${index}.csv`, existing: 'skip', rows: [row] });
  }
  if (path === '/api/merges') return mergeFixture?.body ?? '{}';
  if (path === '/api/account/passkeys') return passkeyFixture?.addBody ?? '{}';
  if (path === '/api/account/passkey-setting') return JSON.stringify({ askAfterPassword: false });
  if (path === '/api/staff') return JSON.stringify({ username: `access-${index}`, role: 'staff' });
  if (path.startsWith('/api/staff/') && method === 'PATCH') return JSON.stringify({ role: 'staff' });
  // The same password again: a valid change that leaves ADMIN able to log in for the checks that follow.
  if (path === '/api/account/password') return JSON.stringify({ currentPassword: ADMIN.password, newPassword: ADMIN.password });
  if (path.startsWith('/api/services')) return serviceBody(index);
  if (path.endsWith('/hours')) return JSON.stringify(WHOLE_DAYS);
  if (path.endsWith('/time-off')) return JSON.stringify({ first: '2032-02-01', last: '2032-02-02' });
  if (path === '/api/appointments') {
    return JSON.stringify({
      clientId: bookClientId,
      serviceId: bookFixture?.serviceId,
      staff: ADMIN.username,
      start: bookStart(index, '2031-01-08'),
    });
  }
  if (path.startsWith('/api/appointments/') && method === 'PUT')
    return JSON.stringify({ staff: ADMIN.username, start: bookStart(index, '2031-01-09') });
  return clientBody(`access-${index}`, index);
}

/**
 * A request to `route` that would succeed with a valid session: a real client id (and `sessionId` for My account's
 * sessions, `importId` for an import's), a valid body, the site's own origin.
 */
function requestFor(
  route: Route,
  origin: string,
  clientId: string,
  index: number,
  sessionId = 'no-such-session',
  importId = 'no-such-import',
): HttpRequest & { headers: Record<string, string> } {
  const path = route.url
    .replace(':username', MEMBER)
    .replace(':importId', importId)
    .replace(':mergeId', mergeFixture?.mergeId ?? 'no-such-merge')
    .replace(/^\/api\/account\/passkeys\/:id$/, `/api/account/passkeys/${passkeyFixture?.removeId ?? 'no-such-passkey'}`)
    .replace(':id', sessionId)
    .replace(':serviceId', bookFixture?.serviceId ?? 'no-such-service')
    .replace(/^\/api\/account\/time-off\/:timeOffId$/, `/api/account/time-off/${bookFixture?.ownTimeOff ?? 'none'}`)
    .replace(':timeOffId', bookFixture?.memberTimeOff ?? 'none')
    .replace(':appointmentId', appointmentFor(route))
    .replace(/:[A-Za-z]+/g, clientId)
    // A client's merges are asked for by a query.
    .replace(/^\/api\/merges$/, route.method === 'GET' || route.method === 'HEAD' ? `/api/merges?clientId=${clientId}` : '/api/merges')
    // The book's reads take their day (and the free times their service and member) by a query.
    .replace(
      /^\/api\/appointments$/,
      route.method === 'GET' || route.method === 'HEAD' ? `/api/appointments?from=${BOOK_DAY}&to=${BOOK_DAY}` : '/api/appointments',
    )
    .replace(/^\/api\/availability$/, `/api/availability?service=${bookFixture?.serviceId ?? ''}&staff=${ADMIN.username}&date=${BOOK_DAY}`);
  const headers: Record<string, string> = {};
  let body: string | undefined;
  if (route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH') {
    headers['content-type'] = 'application/json';
    body = bodyFor(route.method, path, index);
  }
  if (STATE_CHANGING.has(route.method)) headers.origin = origin;
  return { method: route.method, path, headers, body };
}

/** The appointment a route acts on: each change has its own, so that one does not undo another's control. */
function appointmentFor(route: Route): string {
  const appointment = bookFixture?.appointment;
  if (!appointment) return 'no-such-appointment';
  if (route.url.endsWith('/restore')) return appointment.restore;
  if (route.method === 'PUT') return appointment.move;
  if (route.method === 'DELETE') return appointment.cancel;
  return appointment.read;
}

/** What the database keeps instead of the token (SHA-256, base64url): presenting it must not work either. */
const storedHashOf = (token: string) => createHash('sha256').update(token).digest('base64url');
const tokenOf = (cookie: string) => cookie.split('=')[1] ?? '';

function tamperedVariants(token: string): Array<[string, Record<string, string>]> {
  const flip = (value: string, at: number) => value.slice(0, at) + (value[at] === 'A' ? 'B' : 'A') + value.slice(at + 1);
  return [
    ['last character changed', { cookie: `salon_session=${flip(token, token.length - 1)}` }],
    ['first character changed', { cookie: `salon_session=${flip(token, 0)}` }],
    ['one character longer', { cookie: `salon_session=${token}A` }],
    ['one character shorter', { cookie: `salon_session=${token.slice(0, -1)}` }],
    ['case changed', { cookie: `salon_session=${token.toUpperCase() === token ? token.toLowerCase() : token.toUpperCase()}` }],
    ['the hash stored in the database', { cookie: `salon_session=${storedHashOf(token)}` }],
    ['under another cookie name', { cookie: `session=${token}` }],
    ['as a bearer token', { authorization: `Bearer ${token}` }],
    ['percent-encoded', { cookie: `salon_session=${[...token].map((char) => `%${char.charCodeAt(0).toString(16)}`).join('')}` }],
  ];
}

const fixed = (kind: string, headers: Record<string, string>): Variant => [kind, () => Promise.resolve(headers)];

/** No cookie, garbage, `expired` (in process only), `tampered` and a logged-out session. */
function sessionVariants(loggedOut: string, tampered: Variant[], expired: Variant[] = []): Variant[] {
  const unknownToken = () => randomBytes(32).toString('base64url');
  const garbage: Array<[string, string]> = [
    ['a word', 'salon_session=garbage'],
    ['a well-formed unknown token', `salon_session=${unknownToken()}`],
    ['empty', 'salon_session='],
    ['5,000 characters', `salon_session=${'A'.repeat(5000)}`],
    ['a NUL', 'salon_session=%00'],
    ['SQL', "salon_session=' OR '1'='1"],
    ['two cookies, both unknown', `salon_session=${unknownToken()}; salon_session=x`],
  ];
  return [
    fixed('no cookie', {}),
    ...garbage.map(([kind, cookie]) => fixed(`garbage (${kind})`, { cookie })),
    ...expired,
    ...tampered,
    fixed('a logged-out session', { cookie: loggedOut }),
  ];
}

/** What the matrix of refused requests gave: every response's status, and the requests that were not refused cleanly. */
type MatrixResult = {
  requests: number;
  statuses: number[];
  /** `<request>: <status> <body>` of each response other than 401. */
  notRefused: string[];
  /** Responses whose body holds a client's id or email. */
  leakedData: string[];
  /** Responses that set a cookie (other than the clearing one). */
  cookiesSet: string[];
  clientsChanged: boolean;
};

/** Sends every variant to every route and records what is not a clean 401 (the caller expects none). */
async function refuseAll(
  send: Send,
  routes: Route[],
  origin: string,
  clientId: string,
  databaseFile: string,
  variants: Variant[],
): Promise<MatrixResult> {
  const result: MatrixResult = { requests: 0, statuses: [], notRefused: [], leakedData: [], cookiesSet: [], clientsChanged: false };
  const before = clientsSnapshot(databaseFile);
  const clientData = inspectLive(databaseFile).clients.flatMap((row) => [row.id, row.email]);
  for (const [index, route] of routes.entries()) {
    for (const [kind, credentials] of variants) {
      const request = requestFor(route, origin, clientId, index);
      const response = await send({ ...request, headers: { ...request.headers, ...(await credentials()) } });
      const what = `${route.method} ${route.url} with ${kind}`;
      result.requests += 1;
      result.statuses.push(response.status);
      const leaked = clientData.filter((value) => response.body.includes(value));
      if (response.status !== 401) result.notRefused.push(`${what}: ${response.status} ${response.body.slice(0, 80)}`);
      if (leaked.length > 0) result.leakedData.push(`${what}: ${leaked[0]}`);
      const cookie = String(response.headers['set-cookie'] ?? '');
      if (cookie && !/Max-Age=0/.test(cookie)) result.cookiesSet.push(`${what}: ${cookie.slice(0, 60)}`);
    }
  }
  result.clientsChanged = clientsSnapshot(databaseFile) !== before;
  return result;
}

/** Every request refused with 401, no client data in a body, no cookie set, the clients table unchanged. */
function expectAllRefused(result: MatrixResult, where: string): void {
  expect.soft(result.notRefused.slice(0, 8), `${where}: responses other than 401 (${result.notRefused.length})`).toEqual([]);
  expect.soft(result.leakedData.slice(0, 8), `${where}: bodies holding client data (${result.leakedData.length})`).toEqual([]);
  expect.soft(result.cookiesSet.slice(0, 8), `${where}: cookies set (${result.cookiesSet.length})`).toEqual([]);
  expect.soft(result.clientsChanged, `${where}: the clients table changed`).toBe(false);
}

/** The clients table, whole, to compare before and after. */
const clientsSnapshot = (databaseFile: string) => JSON.stringify(inspectLive(databaseFile).clients);

/** The app in process on its own database, with a clock the checks move, and the admin's account. */
async function startInProcess() {
  const dir = join(context.workDir, 'access');
  mkdirSync(dir, { recursive: true });
  const databaseFile = join(dir, 'salon.db');
  let now = Date.parse('2025-03-01T09:00:00.000Z');
  const app = await buildApp(
    inProcessConfig(databaseFile, {
      loginThrottle: { maxFailuresPerAccount: 1000, maxFailuresPerAddress: 10_000, windowMinutes: 15 },
      clock: () => now,
      salon: { timeZone: 'UTC', currency: 'EUR' },
    }),
  );
  await app.ready();
  await app.staffAccounts.add(ADMIN.username, ADMIN.password, 'owner');
  const origin = 'http://localhost';
  const send: Send = (request) => context.audit.inject(app, 'access (in process)', request);
  const login = async () =>
    sessionCookieOf(await send({ method: 'POST', path: '/login', headers: jsonHeaders(origin), body: JSON.stringify(ADMIN) }));
  const advanceClock = (ms: number) => {
    now += ms;
  };
  return { app, databaseFile, origin, send, login, advanceClock };
}

type InProcess = Awaited<ReturnType<typeof startInProcess>>;

/** Control: with a valid session every route works (so the 401s below are the session's doing). Returns the ids of 3 clients. */
async function controlRequests({ origin, send, login }: InProcess, routes: Route[]): Promise<string[]> {
  const cookie = await login();
  const ids: string[] = [];
  for (let index = 0; index < 5; index += 1) {
    const body = clientBody(`access-control-${index}`, index);
    const created = await send({ method: 'POST', path: '/api/clients', headers: jsonHeaders(origin, cookie), body });
    ids.push((JSON.parse(created.body) as { _id: string })._id);
  }
  // A deleted client for the restore to bring back.
  await send({ method: 'DELETE', path: `/api/clients/${ids[3] ?? ''}`, headers: { origin, cookie } });
  // DELETE, restore and erase each aim at a spare client, not the one the refused requests aim at.
  const targetOf = (route: Route) =>
    route.method === 'DELETE' ? ids[2] : route.url.endsWith('/restore') ? ids[3] : route.url.endsWith('/erase') ? ids[4] : ids[0];
  // The member of staff the staff routes act on.
  await send({
    method: 'POST',
    path: '/api/staff',
    headers: jsonHeaders(origin, cookie),
    body: JSON.stringify({ username: MEMBER, role: 'staff' }),
  });
  /** Another session of this account, just made, for My account's "Sign out" of one session. */
  const anotherSession = async () => {
    const other = await login();
    const sessions = await send({ method: 'GET', path: '/api/account/sessions', headers: { cookie: other } });
    return (JSON.parse(sessions.body) as Array<{ id: string; current: boolean }>).find((session) => session.current)?.id;
  };
  // An import for its own routes to read and undo.
  const imported = await send({
    method: 'POST',
    path: '/api/imports',
    headers: jsonHeaders(origin, cookie),
    body: bodyFor('POST', '/api/imports', 99),
  });
  const importId = (JSON.parse(imported.body) as { id: string }).id;
  // Two pairs of alike clients: one merged now for the undo's route, the other for the merge's.
  const pair = async (name: string) => {
    const made: string[] = [];
    for (const [year, email] of [
      [2020, `${name}@example.com`],
      [2021, `${name}.again@example.com`],
    ] as const) {
      const body = JSON.stringify({ firstName: name, lastName: 'Twin', email, registrationDateTime: `${year}-01-01T10:00` });
      const created = await send({ method: 'POST', path: '/api/clients', headers: jsonHeaders(origin, cookie), body });
      made.push((JSON.parse(created.body) as { _id: string })._id);
    }
    const fields = { firstName: 'kept', lastName: 'kept', email: 'kept', registrationDateTime: 'kept' };
    return JSON.stringify({ keepId: made[0], otherId: made[1], keepVersion: 1, otherVersion: 1, fields });
  };
  const undone = await send({ method: 'POST', path: '/api/merges', headers: jsonHeaders(origin, cookie), body: await pair('accessundo') });
  mergeFixture = { mergeId: (JSON.parse(undone.body) as { id: string }).id, body: await pair('accessmerge') };
  // Passkeys (issue 30): one kept for the removal's route, and an answer to a fresh challenge for the add's.
  const authenticator = new SoftwareAuthenticator({ origin });
  const registration = async () => {
    const options = await send({ method: 'POST', path: '/api/account/passkeys/options', headers: { origin, cookie } });
    return authenticator.register(JSON.parse(options.body) as PublicKeyCredentialCreationOptionsJSON);
  };
  const kept = await send({
    method: 'POST',
    path: '/api/account/passkeys',
    headers: jsonHeaders(origin, cookie),
    body: JSON.stringify({ name: 'Access removal', response: await registration() }),
  });
  passkeyFixture = {
    removeId: (JSON.parse(kept.body) as { id: string }).id,
    addBody: JSON.stringify({ name: 'Access control', response: await registration() }),
  };
  bookFixture = await bookFixtures(send, jsonHeaders(origin, cookie), ids[0] ?? '');
  for (const [index, route] of routes.filter((route) => !isUnknownRoute(route)).entries()) {
    const sessionId = route.url.includes(':id') ? await anotherSession() : undefined;
    const request = requestFor(route, origin, targetOf(route) ?? '', index, sessionId, importId);
    const response = await send({ ...request, headers: { ...request.headers, cookie } });
    expect.soft(response.status, `control: ${route.method} ${route.url} with a valid session`).toBeLessThan(300);
  }
  return ids;
}

/** The book's fixtures (bookFixture): what its control requests change, read and remove. */
async function bookFixtures(send: Send, headers: Record<string, string>, clientId: string): Promise<NonNullable<typeof bookFixture>> {
  bookClientId = clientId;
  const json = async (method: string, path: string, body: unknown) =>
    JSON.parse((await send({ method, path, headers, body: JSON.stringify(body) })).body) as { id: string };
  const serviceId = (await json('POST', '/api/services', JSON.parse(serviceBody(0)))).id;
  await json('PUT', '/api/account/hours', WHOLE_DAYS);
  await json('PUT', `/api/staff/${MEMBER}/hours`, WHOLE_DAYS);
  const timeOff = { first: '2032-01-01', last: '2032-01-02' };
  const ownTimeOff = (await json('POST', '/api/account/time-off', timeOff)).id;
  const memberTimeOff = (await json('POST', `/api/staff/${MEMBER}/time-off`, timeOff)).id;
  const book = async (hour: number) =>
    (await json('POST', '/api/appointments', { clientId, serviceId, staff: ADMIN.username, start: bookStart(hour) })).id;
  const [read, move, cancel, restore] = [await book(1), await book(2), await book(3), await book(4)];
  await send({
    method: 'DELETE',
    path: `/api/appointments/${restore}`,
    headers: { cookie: headers.cookie ?? '', origin: headers.origin ?? '' },
  });
  return { serviceId, ownTimeOff, memberTimeOff, appointment: { read, move, cancel, restore } };
}

/** Sessions that have expired by the time they are sent: idle for 31 minutes; in use for 12 hours. */
function expiredVariants({ send, login, advanceClock }: InProcess): Variant[] {
  return [
    [
      'an idle-expired session (31 min)',
      async () => {
        const expiring = await login();
        advanceClock(31 * 60_000);
        return { cookie: expiring };
      },
    ],
    [
      'an absolutely-expired session (12 h of activity)',
      async () => {
        const expiring = await login();
        for (let step = 0; step < 29; step += 1) {
          advanceClock(25 * 60_000);
          await send({ method: 'GET', path: '/api/clients', headers: { cookie: expiring } });
        }
        return { cookie: expiring };
      },
    ],
  ];
}

/**
 * In process, where the clock can be moved: the route table; a control request with a valid
 * session on each route; then every kind of missing or wrong session on each route.
 */
async function inProcessSessions(): Promise<{ allRoutes: Route[]; routes: Route[]; result: MatrixResult }> {
  const inProcess = await startInProcess();
  const { app, databaseFile, origin, send, login } = inProcess;
  try {
    const allRoutes = routeTable(app);
    // Under /api, every route but the public ones (the salon's time zone and currency) needs a session.
    const routes = allRoutes.filter(
      (route) => (route.url === '/api' || route.url.startsWith('/api/')) && accessOf(route.method, route.url) !== 'public',
    );
    // Unknown /api paths are behind the session check too.
    routes.push({ method: 'GET', url: '/api/no-such-route' }, { method: 'POST', url: '/api/clients/:clientId/extra' });
    const ids = await controlRequests(inProcess, routes);

    const token = tokenOf(await login());
    const stored = await app.db.selectFrom('sessions').select('token_hash').execute();
    const keepsTheHash = stored.some((row) => row.token_hash === storedHashOf(token));
    expect.soft(keepsTheHash, 'the database keeps the SHA-256 of the token (else "the hash stored" tests nothing)').toBe(true);
    const loggedOut = await login();
    await send({ method: 'POST', path: '/logout', headers: { cookie: loggedOut, origin } });
    // Each tampering starts from a session that is live at that moment (the expiry variants move the clock).
    const tampered = tamperedVariants(token).map(([kind], index): Variant => [
      `tampered (${kind})`,
      async () => tamperedVariants(tokenOf(await login()))[index]?.[1] ?? {},
    ]);
    const variants = sessionVariants(loggedOut, tampered, expiredVariants(inProcess));
    const result = await refuseAll(send, routes, origin, ids[0] ?? '', databaseFile, variants);
    const works = await send({ method: 'GET', path: '/api/clients', headers: { cookie: await login() } });
    expect.soft(works.status, 'an untampered fresh session').toBe(200);
    return { allRoutes, routes, result };
  } finally {
    await app.close();
  }
}

/** Against the real server: every kind of missing or wrong session but the expired ones, on each route. */
async function overHttpSessions(client: HttpClient, databaseFile: string, routes: Route[], clientId: string): Promise<MatrixResult> {
  const origin = client.origin;
  const live = await logIn(client, ADMIN.username, ADMIN.password);
  const loggedOut = await logIn(client, ADMIN.username, ADMIN.password);
  const logout = await client.request({ method: 'POST', path: '/logout', headers: { cookie: loggedOut, origin } });
  expect.soft(logout.status, 'logout').toBe(204);
  const tampered = tamperedVariants(tokenOf(live)).map(([kind, headers]) => fixed(`tampered (${kind})`, headers));
  const send: Send = (request) => client.request(request);
  const result = await refuseAll(send, routes, origin, clientId, databaseFile, sessionVariants(loggedOut, tampered));
  const still = await client.request({ method: 'GET', path: '/api/clients', headers: { cookie: live } });
  expect.soft(still.status, 'the untampered session afterwards').toBe(200);
  return result;
}

/** Kinds of cross-site or simple request (`port`: the server's); without a body of its own, a kind sends the route's valid JSON body. */
function crossSiteKinds(port: number): Array<[kind: string, headers: Record<string, string>, body?: string]> {
  const json = { 'content-type': 'application/json' };
  return [
    ['Origin: https://evil.example', { ...json, origin: 'https://evil.example' }],
    ['Origin: null', { ...json, origin: 'null' }],
    ['Origin: another port', { ...json, origin: `http://127.0.0.1:${port === 65535 ? 1 : port + 1}` }],
    ['Origin: another host name', { ...json, origin: `http://localhost:${port}` }],
    ['Origin: https (other scheme)', { ...json, origin: `https://127.0.0.1:${port}` }],
    ['Sec-Fetch-Site: cross-site', { ...json, 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site', { ...json, 'sec-fetch-site': 'same-site' }],
    ['text/plain (a simple request)', { 'content-type': 'text/plain' }],
    ['text/plain from another origin', { 'content-type': 'text/plain;charset=UTF-8', origin: 'https://evil.example' }],
    [
      'form-encoded',
      { 'content-type': 'application/x-www-form-urlencoded' },
      'firstName=Eve&lastName=Evil&email=eve%40evil.example&registrationDateTime=2024-05-01T10%3A30&username=admin&password=x',
    ],
    [
      'multipart',
      { 'content-type': 'multipart/form-data; boundary=xyz' },
      '--xyz\r\nContent-Disposition: form-data; name="firstName"\r\n\r\nEve\r\n--xyz--\r\n',
    ],
    ['no Content-Type with a body', {}],
  ];
}

/** Every state-changing route with a valid session cookie, from another site or as a simple request: each refused. */
async function crossSite({ client, databaseFile, cookie }: RealServerUse, allRoutes: Route[], clientId: string) {
  const origin = client.origin;
  const routes = allRoutes.filter((route) => STATE_CHANGING.has(route.method));
  const before = clientsSnapshot(databaseFile);
  const sessionsBefore = inspectLive(databaseFile).sessions;
  const variants = crossSiteKinds(Number(new URL(origin).port));
  const statuses: number[] = [];
  const notRefused: string[] = [];
  const cookiesSet: string[] = [];
  for (const [index, route] of routes.entries()) {
    const { path, body: validBody = '{}' } = requestFor(route, origin, clientId, index);
    for (const [kind, headers, body = validBody] of variants) {
      // A logout or DELETE needs no body: the origin checks are also tried without one.
      const bodyless = (route.method === 'DELETE' || route.url === '/logout') && kind.startsWith('Origin') ? [undefined, body] : [body];
      for (const sent of bodyless) {
        const sentHeaders: Record<string, string> = { ...headers, cookie };
        if (sent === undefined) delete sentHeaders['content-type'];
        const response = await client.request({ method: route.method, path, headers: sentHeaders, body: sent });
        statuses.push(response.status);
        if (response.status !== 403 && response.status !== 415)
          notRefused.push(`${route.method} ${route.url} with ${kind}${sent === undefined ? ' (no body)' : ''}: ${response.status}`);
        if (response.headers['set-cookie'] !== undefined) cookiesSet.push(`${route.method} ${route.url} with ${kind}`);
      }
    }
  }
  const clientsChanged = clientsSnapshot(databaseFile) !== before;
  const sessionsAfter = inspectLive(databaseFile).sessions;
  const still = await client.request({ method: 'GET', path: '/api/clients', headers: { cookie } });
  return { routes, kinds: variants.length, statuses, notRefused, cookiesSet, clientsChanged, sessionsBefore, sessionsAfter, still };
}

const randomIp = () => Array.from({ length: 4 }, () => 1 + Math.floor(Math.random() * 254)).join('.');

/** 150 wrong passwords for the admin, most with forged proxy headers; the right one; then 20 other usernames. */
async function bruteForce(client: HttpClient) {
  const attempt = (username: string, password: string, index: number): Promise<HttpResponse> => {
    const forged: Record<string, string> = {};
    if (index % 3 !== 0) forged['x-forwarded-for'] = `${randomIp()}, ${randomIp()}`;
    if (index % 5 === 1) forged['x-real-ip'] = randomIp();
    if (index % 7 === 2) forged.forwarded = `for=${randomIp()}`;
    const body = JSON.stringify({ username, password });
    return client.request({ method: 'POST', path: '/login', headers: { ...jsonHeaders(client.origin), ...forged }, body });
  };
  const responses: HttpResponse[] = [];
  for (let index = 0; index < 150; index += 1) responses.push(await attempt(ADMIN.username, `wrong password ${index}`, index));
  const right = await attempt(ADMIN.username, ADMIN.password, 1);
  // The address limit (20 failures) counts across accounts, whatever X-Forwarded-For says.
  const spread: HttpResponse[] = [];
  for (let index = 0; index < 20; index += 1) spread.push(await attempt(`nobody-${index}`, 'wrong password', index + 1));
  return { responses, right, spread };
}

const medianMs = (values: HttpResponse[]) =>
  values.map((response) => response.ms).sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** A refusal on a raw socket as it was: to compare with `refusedAs(status)`. Audited like any response. */
function rawRefusal(request: string, response: RawResponse) {
  if (response.status !== 0) {
    const [method = '', url = ''] = request.split(' ');
    context.audit.record({
      source: 'access (raw socket)',
      method,
      url,
      status: response.status,
      headers: response.headers,
      body: response.body,
    });
  }
  let bodyKeys = '';
  try {
    bodyKeys = Object.keys(JSON.parse(response.body) as object).join();
  } catch {
    // not JSON
  }
  const wrongHeaders = Object.entries(RAW_ERROR_HEADERS).flatMap(([name, value]) => (response.headers[name] === value ? [] : [name]));
  return { closedByServer: response.closedByServer, status: response.status, wrongHeaders, bodyKeys };
}

/** A refusal as it must be: the connection closed by the server, `status`, the error headers, a JSON { message }. */
const refusedAs = (status: number): ReturnType<typeof rawRefusal> => ({
  closedByServer: true,
  status,
  wrongHeaders: [],
  bodyKeys: 'message',
});

const SLOW_SOCKETS = 50;

/**
 * The headers time-out the real server of these checks has: the production one (DEFAULT_CONNECTION_TIMEOUTS, 10 s) in
 * a full run; with --quick (CI) 3 s through the test-only SALON_TEST_HEADERS_TIMEOUT_MS (docs/server.md, "Time-outs"),
 * so that the check does not wait 10 s. server/config.test.ts checks that the production server has the 10 s.
 */
const HEADERS_MS = context.quick ? 3000 : DEFAULT_CONNECTION_TIMEOUTS.headersMs;

/** Slowloris: sockets that send a header line a second and never end their headers; halfway, one ordinary request. */
async function trickleHeaders(port: number, client: HttpClient, limitMs: number) {
  const trickling = Array.from({ length: SLOW_SOCKETS }, () =>
    rawExchange(port, SLOW_HEADERS.request, { trickle: { chunk: SLOW_HEADERS.chunk, everyMs: 1000 }, giveUpMs: limitMs }),
  );
  // Meanwhile the server responds to everyone else as usual.
  await sleep(Math.min(2000, HEADERS_MS / 2));
  const meanwhile = await client.request({ method: 'GET', path: '/api/clients' });
  return { responses: await Promise.all(trickling), meanwhile };
}

/** The real server's own pages and files, so that HTML and JS responses are among those checked for headers. */
async function staticResponses(client: HttpClient): Promise<void> {
  const script = /src="(\/assets\/[^"]+\.js)"/.exec(readFileSync(join(ROOT, 'dist', 'index.html'), 'utf8'))?.[1];
  expect.soft(script, 'the /assets/*.js script dist/index.html names').toBeDefined();
  const requests: Array<[path: string, status: number, accept?: string]> = [
    ['/', 200, 'text/html'],
    ['/clients', 200, 'text/html,application/xhtml+xml,*/*;q=0.8'],
    ['/login', 200, 'text/html'],
    ['/favicon.svg', 200],
    ['/missing.png', 404],
    ['/assets/missing-123.js', 404],
    ...(script ? [[script, 200] as [string, number]] : []),
  ];
  for (const [path, status, accept] of requests) {
    const response = await client.request({ method: 'GET', path, headers: accept ? { accept } : {} });
    expect.soft(response.status, `GET ${path}`).toBe(status);
  }
}

describe('access', () => {
  let running: RealServerUse;
  /** A client of the real server's the refused requests aim at. */
  let clientId = '';
  /** Every route of the app, from the route table read in process by the first check. */
  let allRoutes: Route[] | undefined;
  beforeAll(async () => {
    running = await startLoggedIn(context, 'access', {
      databaseFile: join(context.workDir, 'access-real', 'salon.db'),
      env: { SALON_TEST_HEADERS_TIMEOUT_MS: String(HEADERS_MS) },
    });
    const { server, client, cookie } = running;
    const body = clientBody('access-target');
    const created = await client.request({ method: 'POST', path: '/api/clients', headers: jsonHeaders(server.origin, cookie), body });
    clientId = (JSON.parse(created.body) as { _id: string })._id;
  });
  afterAll(() => running?.stop());

  it('/api without a valid session', async () => {
    const inProcess = await inProcessSessions();
    allRoutes = inProcess.allRoutes;
    await staticResponses(running.client);
    const overHttp = await overHttpSessions(running.client, running.databaseFile, inProcess.routes, clientId);
    const statuses = [...inProcess.result.statuses, ...overHttp.statuses];
    const apiRoutes = inProcess.routes.filter((route) => !isUnknownRoute(route));
    printFigure(
      `${apiRoutes.length} /api routes from the route table (${apiRoutes.map((route) => `${route.method} ${route.url}`).join(', ')}) + 2 unknown: ` +
        `${formatInt(inProcess.result.requests)} requests in process (missing, 7 garbage, 2 expired, 9 tampered, logged-out) + ${formatInt(overHttp.requests)} to the real server (all but expired): ` +
        `${countBy(statuses)}; no client data in any body; clients table unchanged`,
    );
    expectAllRefused(inProcess.result, 'in process');
    expectAllRefused(overHttp, 'the real server');
  });

  it('cross-site requests', async () => {
    if (!allRoutes) return expect.unreachable('the route table was not read (the first check did not get that far)');
    const run = await crossSite(running, allRoutes, clientId);
    printFigure(
      `${run.routes.length} state-changing routes (${run.routes.map((route) => `${route.method} ${route.url}`).join(', ')}) × ${run.kinds} kinds = ${run.statuses.length} requests with a valid session cookie: ` +
        `${countBy(run.statuses)}; clients and sessions unchanged`,
    );
    expect.soft(run.notRefused.slice(0, 8), `responses other than 403 or 415 (${run.notRefused.length})`).toEqual([]);
    expect.soft(run.cookiesSet.slice(0, 8), `cookies set (${run.cookiesSet.length})`).toEqual([]);
    expect.soft(run.clientsChanged, 'the clients table changed').toBe(false);
    expect.soft(run.sessionsAfter, `sessions, from ${run.sessionsBefore} (a forged login or logout worked?)`).toBe(run.sessionsBefore);
    expect.soft(run.still.status, 'the session after the forged logouts').toBe(200);
  });

  it('brute force on one account', async () => {
    const { responses, right, spread } = await bruteForce(running.client);
    const checked = responses.filter((response) => response.status === 401);
    const throttled = responses.filter((response) => response.status === 429);
    const retryAfter = throttled.map((response) => Number(response.headers['retry-after']));
    const spreadChecked = spread.filter((response) => response.status === 401).length;
    printFigure(
      `150 wrong passwords for "admin" (100 with forged X-Forwarded-For, X-Real-IP or Forwarded): ${checked.length} checked (401, ~${Math.round(medianMs(checked))} ms of scrypt each), ` +
        `${throttled.length} × 429 (Retry-After ${Math.min(...retryAfter)}–${Math.max(...retryAfter)} s, ~${medianMs(throttled).toFixed(1)} ms); right password then: ${right.status}; ` +
        `20 other usernames: ${spreadChecked} checked before the address limit`,
    );
    const unexpected = responses.flatMap((response, index) => {
      const expected = index < 5 ? 401 : 429;
      return response.status === expected ? [] : [`attempt ${index + 1}: ${response.status}, expected ${expected}`];
    });
    expect.soft(unexpected.slice(0, 8), `attempts whose response was not 401 (the first 5) then 429 (${unexpected.length})`).toEqual([]);
    const badRetryAfter = retryAfter.filter((value) => !Number.isInteger(value) || value < 1 || value > 15 * 60);
    expect.soft(badRetryAfter, '429s without a Retry-After of 1 to 900 s').toEqual([]);
    expect.soft(right.status, 'the right password during the lockout (the throttle does not check passwords)').toBe(429);
    expect
      .soft(spreadChecked, '20 other usernames from the same address with forged headers: checked (address limit 20 − 5 already)')
      .toBe(15);
    expect
      .soft(
        spread.slice(15).map((response) => response.status),
        'the other usernames past the address limit',
      )
      .toEqual([429, 429, 429, 429, 429]);
  });

  it('malformed HTTP', async () => {
    const found: Array<{ name: string; status: number; refusal: ReturnType<typeof rawRefusal> }> = [];
    for (const { name, request, status } of MALFORMED_REQUESTS)
      found.push({ name, status, refusal: rawRefusal(request, await rawExchange(running.server.port, request)) });
    const refusedWell = found.filter(({ status, refusal }) => JSON.stringify(refusal) === JSON.stringify(refusedAs(status))).length;
    printFigure(
      `${MALFORMED_REQUESTS.length} malformed requests on raw sockets (${MALFORMED_REQUESTS.map((request) => request.name).join(', ')}): ` +
        `${countBy(found, ({ refusal }) => refusal.status)}; ${refusedWell} with the security headers, a JSON { message } and Connection: close`,
    );
    for (const { name, status, refusal } of found) expect.soft(refusal, name).toEqual(refusedAs(status));
  });

  it('slow headers', async () => {
    const { checkIntervalMs } = DEFAULT_CONNECTION_TIMEOUTS;
    const headersMs = HEADERS_MS;
    const limitMs = headersMs + checkIntervalMs + 2000;
    const { responses, meanwhile } = await trickleHeaders(running.server.port, running.client, limitMs);
    const refusals = responses.map((response) => rawRefusal(SLOW_HEADERS.request, response));
    const closedAfter = responses.filter((response) => response.closedByServer).map((response) => response.closedAfterMs / 1000);
    const range = closedAfter.length > 0 ? `${Math.min(...closedAfter).toFixed(1)}–${Math.max(...closedAfter).toFixed(1)} s` : 'never';
    printFigure(
      `${SLOW_SOCKETS} sockets sending a header line every second: ${closedAfter.length} closed by the server after ${range} ` +
        `(headers time-out ${headersMs / 1000} s, checked every ${checkIntervalMs / 1000} s; limit ${limitMs / 1000} s), ` +
        `${countStatuses(responses)}; another request meanwhile: ${meanwhile.status} in ${meanwhile.ms.toFixed(1)} ms`,
    );
    const expected = JSON.stringify(refusedAs(408));
    const wrong = refusals.filter((refusal) => JSON.stringify(refusal) !== expected);
    expect
      .soft(
        countBy(wrong, (refusal) => JSON.stringify(refusal)),
        `sockets of ${SLOW_SOCKETS} not refused as ${expected}`,
      )
      .toBe('');
    expect.soft(meanwhile.status, 'a request while the sockets trickled').toBe(401);
  });
});
