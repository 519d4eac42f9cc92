/**
 * Access: every /api route from the app's own route table refuses a missing, garbage, expired,
 * tampered or logged-out session with 401, in process (where the clock can be moved) and on the
 * real server; cross-site state changes are refused on every state-changing route; brute force
 * on one account is throttled whatever X-Forwarded-For says; malformed HTTP and slow headers are
 * refused like any other answer; and the real server's HTML and JS answers feed the header check.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { inProcessConfig } from '#server/testing/in-process-config.ts';
import { buildApp, type App } from '#server/app.ts';
import { clientBody, countBy, formatInt, type Context, type Group, type Report } from '../lib/context.ts';
import { HttpClient, jsonHeaders, logIn, sessionCookieOf, type HttpRequest, type HttpResponse } from '../lib/http.ts';
import { PROJECT_ROOT as ROOT } from '../../harness/build.ts';
import { ADMIN } from '../../harness/real-server.ts';
import { MALFORMED_REQUESTS, RAW_ERROR_HEADERS, SLOW_HEADERS, rawExchange, type RawResponse } from '#server/testing/raw-http.ts';
import { DEFAULT_CONNECTION_TIMEOUTS } from '#server/http/timeouts.ts';
import type { Recorder } from '../lib/recorder.ts';
import { inspectLive } from '../lib/sqlite.ts';
import { withRealServer } from './shared.ts';

const SESSION_CHECK = 'access: /api without a valid session';
const CSRF_CHECK = 'access: cross-site requests';
const BRUTE_FORCE_CHECK = 'access: brute force on one account';
const MALFORMED_HTTP_CHECK = 'access: malformed HTTP';
const SLOW_HEADERS_CHECK = 'access: slow headers';

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

/** A request to `route` that would succeed with a valid session: a real id, a valid body, the site's own origin. */
function requestFor(route: Route, origin: string, clientId: string, index: number): HttpRequest & { headers: Record<string, string> } {
  const path = route.url.replace(/:[A-Za-z]+/g, clientId);
  const headers: Record<string, string> = {};
  let body: string | undefined;
  if (route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH') {
    headers['content-type'] = 'application/json';
    body = path.startsWith('/api') ? clientBody(`access-${index}`, index) : JSON.stringify(ADMIN);
  }
  if (STATE_CHANGING.has(route.method)) headers.origin = origin;
  return { method: route.method, path, headers, body };
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

type MatrixResult = { requests: number; statuses: number[]; problems: string[] };

/** Sends every variant to every route and expects 401, with nothing of a client in the body and the clients table unchanged. */
async function refuseAll(
  send: Send,
  routes: Route[],
  origin: string,
  clientId: string,
  databaseFile: string,
  variants: Variant[],
): Promise<MatrixResult> {
  const result: MatrixResult = { requests: 0, statuses: [], problems: [] };
  const before = clientsSnapshot(databaseFile);
  const clientData = inspectLive(databaseFile).clients.flatMap((row) => [row.id, row.email]);
  for (const [index, route] of routes.entries()) {
    for (const [kind, credentials] of variants) {
      const request = requestFor(route, origin, clientId, index);
      const answer = await send({ ...request, headers: { ...request.headers, ...(await credentials()) } });
      const what = `${route.method} ${route.url} with ${kind}`;
      result.requests += 1;
      result.statuses.push(answer.status);
      const leaked = clientData.filter((value) => answer.body.includes(value));
      if (answer.status !== 401) result.problems.push(`${what}: ${answer.status} ${answer.body.slice(0, 80)}`);
      if (leaked.length > 0) result.problems.push(`${what}: the body holds client data (${leaked[0]})`);
      const cookie = String(answer.headers['set-cookie'] ?? '');
      if (cookie && !/Max-Age=0/.test(cookie)) result.problems.push(`${what}: set a cookie ${cookie.slice(0, 60)}`);
    }
  }
  if (clientsSnapshot(databaseFile) !== before) result.problems.push(`the clients table changed (${origin})`);
  return result;
}

/** The clients table, whole, to compare before and after. */
const clientsSnapshot = (databaseFile: string) => JSON.stringify(inspectLive(databaseFile).clients);

async function inProcessSessions(
  context: Context,
): Promise<{ allRoutes: Route[]; routes: Route[]; result: MatrixResult; problems: string[] }> {
  const dir = join(context.workDir, 'access');
  mkdirSync(dir, { recursive: true });
  const databaseFile = join(dir, 'salon.db');
  let now = Date.parse('2025-03-01T09:00:00.000Z');
  const app = await buildApp(
    inProcessConfig(databaseFile, {
      loginThrottle: { maxFailuresPerAccount: 1000, maxFailuresPerAddress: 10_000, windowMinutes: 15 },
      clock: () => now,
    }),
  );
  try {
    await app.ready();
    await app.staffAccounts.add(ADMIN.username, ADMIN.password);
    const origin = 'http://localhost';
    const send: Send = (request) => context.recorder.inject(app, 'access (in process)', request);
    const login = async () =>
      sessionCookieOf(await send({ method: 'POST', path: '/login', headers: jsonHeaders(origin), body: JSON.stringify(ADMIN) }));
    const allRoutes = routeTable(app);
    const routes = allRoutes.filter((route) => route.url === '/api' || route.url.startsWith('/api/'));
    // Unknown /api paths are behind the session check too.
    routes.push({ method: 'GET', url: '/api/no-such-route' }, { method: 'POST', url: '/api/clients/:clientId/extra' });

    // Control: with a valid session every route works (so the 401s below are the session's doing).
    const cookie = await login();
    const problems: string[] = [];
    const ids: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const body = clientBody(`access-control-${index}`, index);
      const created = await send({ method: 'POST', path: '/api/clients', headers: jsonHeaders(origin, cookie), body });
      ids.push((JSON.parse(created.body) as { _id: string })._id);
    }
    for (const [index, route] of routes.filter((route) => !isUnknownRoute(route)).entries()) {
      // DELETE the spare client, not the one the refused requests aim at.
      const request = requestFor(route, origin, route.method === 'DELETE' ? (ids[2] ?? '') : (ids[0] ?? ''), index);
      const answer = await send({ ...request, headers: { ...request.headers, cookie } });
      if (answer.status >= 300) problems.push(`control: ${route.method} ${route.url} with a valid session answered ${answer.status}`);
    }

    const token = tokenOf(await login());
    const stored = await app.db.selectFrom('sessions').select('token_hash').execute();
    if (!stored.some((row) => row.token_hash === storedHashOf(token)))
      problems.push('the database does not keep the SHA-256 of the token (the tampered variant "the stored hash" tests nothing)');
    const loggedOut = await login();
    await send({ method: 'POST', path: '/logout', headers: { cookie: loggedOut, origin } });

    const expired: Variant[] = [
      [
        'an idle-expired session (31 min)',
        async () => {
          const expiring = await login();
          now += 31 * 60_000;
          return { cookie: expiring };
        },
      ],
      [
        'an absolutely-expired session (12 h of activity)',
        async () => {
          const expiring = await login();
          for (let step = 0; step < 29; step += 1) {
            now += 25 * 60_000;
            await send({ method: 'GET', path: '/api/clients', headers: { cookie: expiring } });
          }
          return { cookie: expiring };
        },
      ],
    ];
    // Each tampering starts from a session that is live at that moment (the expiry variants move the clock).
    const tampered = tamperedVariants(token).map(([kind], index): Variant => [
      `tampered (${kind})`,
      async () => tamperedVariants(tokenOf(await login()))[index]?.[1] ?? {},
    ]);
    const result = await refuseAll(send, routes, origin, ids[0] ?? '', databaseFile, sessionVariants(loggedOut, tampered, expired));
    const works = await send({ method: 'GET', path: '/api/clients', headers: { cookie: await login() } });
    if (works.status !== 200) problems.push(`an untampered fresh session answered ${works.status}`);
    return { allRoutes, routes, result, problems };
  } finally {
    await app.close();
  }
}

async function overHttpSessions(
  client: HttpClient,
  databaseFile: string,
  routes: Route[],
  clientId: string,
): Promise<{ result: MatrixResult; problems: string[] }> {
  const origin = client.origin;
  const live = await logIn(client, ADMIN.username, ADMIN.password);
  const loggedOut = await logIn(client, ADMIN.username, ADMIN.password);
  const logout = await client.request({ method: 'POST', path: '/logout', headers: { cookie: loggedOut, origin } });
  const problems: string[] = [];
  if (logout.status !== 204) problems.push(`logout answered ${logout.status}`);
  const tampered = tamperedVariants(tokenOf(live)).map(([kind, headers]) => fixed(`tampered (${kind})`, headers));
  const send: Send = (request) => client.request(request);
  const result = await refuseAll(send, routes, origin, clientId, databaseFile, sessionVariants(loggedOut, tampered));
  const still = await client.request({ method: 'GET', path: '/api/clients', headers: { cookie: live } });
  if (still.status !== 200) problems.push(`the untampered session stopped working: ${still.status}`);
  return { result, problems };
}

async function crossSite(
  client: HttpClient,
  databaseFile: string,
  allRoutes: Route[],
  clientId: string,
  cookie: string,
  report: Report,
): Promise<void> {
  const origin = client.origin;
  const port = Number(new URL(origin).port);
  const routes = allRoutes.filter((route) => STATE_CHANGING.has(route.method));
  const before = clientsSnapshot(databaseFile);
  const sessionsBefore = inspectLive(databaseFile).sessions;
  const json = { 'content-type': 'application/json' };
  // Without a body of its own, a kind sends the route's valid JSON body.
  const variants: Array<[kind: string, headers: Record<string, string>, body?: string]> = [
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
  const statuses: number[] = [];
  const problems: string[] = [];
  for (const [index, route] of routes.entries()) {
    const { path, body: validBody = '{}' } = requestFor(route, origin, clientId, index);
    for (const [kind, headers, body = validBody] of variants) {
      // A logout or DELETE needs no body: the origin checks are also tried without one.
      const bodyless = (route.method === 'DELETE' || route.url === '/logout') && kind.startsWith('Origin') ? [undefined, body] : [body];
      for (const sent of bodyless) {
        const sentHeaders: Record<string, string> = { ...headers, cookie };
        if (sent === undefined) delete sentHeaders['content-type'];
        const answer = await client.request({ method: route.method, path, headers: sentHeaders, body: sent });
        statuses.push(answer.status);
        if (answer.status !== 403 && answer.status !== 415)
          problems.push(`${route.method} ${route.url} with ${kind}${sent === undefined ? ' (no body)' : ''}: ${answer.status}`);
        if (answer.headers['set-cookie'] !== undefined) problems.push(`${route.method} ${route.url} with ${kind}: set a cookie`);
      }
    }
  }
  if (clientsSnapshot(databaseFile) !== before) problems.push('the clients table changed');
  const sessionsAfter = inspectLive(databaseFile).sessions;
  if (sessionsAfter !== sessionsBefore)
    problems.push(`sessions went from ${sessionsBefore} to ${sessionsAfter} (a forged login or logout worked)`);
  const still = await client.request({ method: 'GET', path: '/api/clients', headers: { cookie } });
  if (still.status !== 200) problems.push(`the session was ended by a forged logout: ${still.status}`);
  report(CSRF_CHECK, {
    figure:
      `${routes.length} state-changing routes (${routes.map((route) => `${route.method} ${route.url}`).join(', ')}) × ${variants.length} kinds = ${statuses.length} requests with a valid session cookie: ` +
      `${countBy(statuses, (status) => status)}; clients and sessions unchanged`,
    problems,
  });
}

const randomIp = () => Array.from({ length: 4 }, () => 1 + Math.floor(Math.random() * 254)).join('.');

async function bruteForce(client: HttpClient, report: Report): Promise<void> {
  const attempt = (username: string, password: string, index: number): Promise<HttpResponse> => {
    const forged: Record<string, string> = {};
    if (index % 3 !== 0) forged['x-forwarded-for'] = `${randomIp()}, ${randomIp()}`;
    if (index % 5 === 1) forged['x-real-ip'] = randomIp();
    if (index % 7 === 2) forged.forwarded = `for=${randomIp()}`;
    const body = JSON.stringify({ username, password });
    return client.request({ method: 'POST', path: '/login', headers: { ...jsonHeaders(client.origin), ...forged }, body });
  };
  const problems: string[] = [];
  const answers: HttpResponse[] = [];
  for (let index = 0; index < 150; index += 1) answers.push(await attempt(ADMIN.username, `wrong password ${index}`, index));
  const checked = answers.filter((answer) => answer.status === 401);
  const throttled = answers.filter((answer) => answer.status === 429);
  answers.forEach((answer, index) => {
    const expected = index < 5 ? 401 : 429;
    if (answer.status !== expected) problems.push(`attempt ${index + 1}: ${answer.status}, expected ${expected}`);
  });
  const retryAfter = throttled.map((answer) => Number(answer.headers['retry-after']));
  if (retryAfter.some((value) => !Number.isInteger(value) || value < 1 || value > 15 * 60))
    problems.push('a 429 without a Retry-After of 1 to 900 s');
  const right = await attempt(ADMIN.username, ADMIN.password, 1);
  if (right.status !== 429)
    problems.push(`the right password during the lockout: ${right.status}, expected 429 (the throttle does not check passwords)`);
  // The address limit (20 failures) counts across accounts, whatever X-Forwarded-For says.
  const spread: HttpResponse[] = [];
  for (let index = 0; index < 20; index += 1) spread.push(await attempt(`nobody-${index}`, 'wrong password', index + 1));
  const spreadChecked = spread.filter((answer) => answer.status === 401).length;
  if (spreadChecked !== 15 || spread.slice(15).some((answer) => answer.status !== 429))
    problems.push(
      `20 other usernames from the same address with forged headers: ${spreadChecked} checked, expected 15 (address limit 20 − 5 already)`,
    );
  const medianMs = (values: HttpResponse[]) => values.map((answer) => answer.ms).sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  report(BRUTE_FORCE_CHECK, {
    figure:
      `150 wrong passwords for "admin" (100 with forged X-Forwarded-For, X-Real-IP or Forwarded): ${checked.length} checked (401, ~${Math.round(medianMs(checked))} ms of scrypt each), ` +
      `${throttled.length} × 429 (Retry-After ${Math.min(...retryAfter)}–${Math.max(...retryAfter)} s, ~${medianMs(throttled).toFixed(1)} ms); right password then: ${right.status}; ` +
      `20 other usernames: ${spreadChecked} checked before the address limit`,
    problems,
  });
}

/** Records a raw-socket answer for the header and leak checks; returns what is wrong with it as a refusal with `status`. */
function checkRawRefusal(recorder: Recorder, request: string, answer: RawResponse, status: number): string[] {
  const problems: string[] = [];
  if (!answer.closedByServer) problems.push('the connection stayed open');
  if (answer.status === 0) return [...problems, `no answer, expected ${status}`];
  const [method = '', url = ''] = request.split(' ');
  recorder.record({ source: 'access (raw socket)', method, url, status: answer.status, headers: answer.headers, body: answer.body });
  if (answer.status !== status) problems.push(`${answer.status}, expected ${status}`);
  const wrong = Object.entries(RAW_ERROR_HEADERS).filter(([name, value]) => answer.headers[name] !== value);
  if (wrong.length > 0) problems.push(`without ${wrong.map(([name]) => name).join(', ')}`);
  let keys = '';
  try {
    keys = Object.keys(JSON.parse(answer.body) as object).join();
  } catch {
    // not JSON
  }
  if (keys !== 'message') problems.push(`a body that is not { message }: ${answer.body.slice(0, 60)}`);
  return problems;
}

async function malformedHttp(port: number, recorder: Recorder, report: Report): Promise<void> {
  const problems: string[] = [];
  const statuses: number[] = [];
  let refusedWell = 0;
  for (const { name, request, status } of MALFORMED_REQUESTS) {
    const answer = await rawExchange(port, request);
    statuses.push(answer.status);
    const found = checkRawRefusal(recorder, request, answer, status);
    if (found.length === 0) refusedWell += 1;
    problems.push(...found.map((problem) => `${name}: ${problem}`));
  }
  report(MALFORMED_HTTP_CHECK, {
    figure:
      `${MALFORMED_REQUESTS.length} malformed requests on raw sockets (${MALFORMED_REQUESTS.map((request) => request.name).join(', ')}): ` +
      `${countBy(statuses, (status) => status)}; ${refusedWell} with the security headers, a JSON { message } and Connection: close`,
    problems,
  });
}

const SLOW_SOCKETS = 50;

/** Slowloris: sockets that send a header line a second and never end their headers must be cut off by the headers time-out. */
async function slowHeaders(port: number, client: HttpClient, recorder: Recorder, report: Report): Promise<void> {
  const { headersMs, checkIntervalMs } = DEFAULT_CONNECTION_TIMEOUTS;
  const limitMs = headersMs + checkIntervalMs + 2000;
  const trickling = Array.from({ length: SLOW_SOCKETS }, () =>
    rawExchange(port, SLOW_HEADERS.request, { trickle: { chunk: SLOW_HEADERS.chunk, everyMs: 1000 }, giveUpMs: limitMs }),
  );
  // Meanwhile the server answers everyone else as usual.
  await sleep(2000);
  const meanwhile = await client.request({ method: 'GET', path: '/api/clients' });
  const answers = await Promise.all(trickling);
  const counts = new Map<string, number>();
  for (const answer of answers) {
    for (const problem of checkRawRefusal(recorder, SLOW_HEADERS.request, answer, 408)) counts.set(problem, (counts.get(problem) ?? 0) + 1);
  }
  const problems = [...counts].map(([problem, count]) => `${count} of ${SLOW_SOCKETS} sockets: ${problem}`);
  if (meanwhile.status !== 401) problems.push(`a request while the sockets trickled: ${meanwhile.status}, expected 401`);
  const closedAfter = answers.filter((answer) => answer.closedByServer).map((answer) => answer.closedAfterMs / 1000);
  const range = closedAfter.length > 0 ? `${Math.min(...closedAfter).toFixed(1)}–${Math.max(...closedAfter).toFixed(1)} s` : 'never';
  report(SLOW_HEADERS_CHECK, {
    figure:
      `${SLOW_SOCKETS} sockets sending a header line every second: ${closedAfter.length} closed by the server after ${range} ` +
      `(headers time-out ${headersMs / 1000} s, checked every ${checkIntervalMs / 1000} s; limit ${limitMs / 1000} s), ` +
      `${countBy(answers, (answer) => answer.status)}; another request meanwhile: ${meanwhile.status} in ${meanwhile.ms.toFixed(1)} ms`,
    problems,
  });
}

/** The real server's own pages and files, so that HTML and JS answers are among those checked for headers. */
async function staticAnswers(client: HttpClient): Promise<string[]> {
  const problems: string[] = [];
  const script = /src="(\/assets\/[^"]+\.js)"/.exec(readFileSync(join(ROOT, 'dist', 'index.html'), 'utf8'))?.[1];
  if (!script) problems.push('dist/index.html names no /assets/*.js script');
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
    const answer = await client.request({ method: 'GET', path, headers: accept ? { accept } : {} });
    if (answer.status !== status) problems.push(`GET ${path}: ${answer.status}, expected ${status}`);
  }
  return problems;
}

export const accessGroup: Group = {
  name: 'access',
  checks: [SESSION_CHECK, CSRF_CHECK, BRUTE_FORCE_CHECK, MALFORMED_HTTP_CHECK, SLOW_HEADERS_CHECK],
  async run(context, report) {
    const inProcess = await inProcessSessions(context);
    const options = { databaseFile: join(context.workDir, 'access-real', 'salon.db') };
    await withRealServer(context, 'access', options, async ({ server, client, cookie, databaseFile }) => {
      const body = clientBody('access-target');
      const created = await client.request({ method: 'POST', path: '/api/clients', headers: jsonHeaders(server.origin, cookie), body });
      const clientId = (JSON.parse(created.body) as { _id: string })._id;
      const staticProblems = await staticAnswers(client);
      const overHttp = await overHttpSessions(client, databaseFile, inProcess.routes, clientId);
      const statuses = [...inProcess.result.statuses, ...overHttp.result.statuses];
      const apiRoutes = inProcess.routes.filter((route) => !isUnknownRoute(route));
      report(SESSION_CHECK, {
        figure:
          `${apiRoutes.length} /api routes from the route table (${apiRoutes.map((route) => `${route.method} ${route.url}`).join(', ')}) + 2 unknown: ` +
          `${formatInt(inProcess.result.requests)} requests in process (missing, 7 garbage, 2 expired, 9 tampered, logged-out) + ${formatInt(overHttp.result.requests)} to the real server (all but expired): ` +
          `${countBy(statuses, (status) => status)}; no client data in any body; clients table unchanged`,
        problems: [
          ...inProcess.problems,
          ...inProcess.result.problems,
          ...overHttp.problems,
          ...overHttp.result.problems,
          ...staticProblems,
        ],
      });
      await crossSite(client, databaseFile, inProcess.allRoutes, clientId, cookie, report);
      await bruteForce(client, report);
      await malformedHttp(server.port, context.recorder, report);
      await slowHeaders(server.port, client, context.recorder, report);
    });
  },
};
