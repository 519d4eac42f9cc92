/**
 * Hostile input: property-based fuzzing (fast-check) of every endpoint through `app.inject`, on
 * the app built in process with a temporary database. For each run the model (lib/hostile.ts)
 * says what the server must respond; whatever it accepted must read back exactly, the clients
 * table must hold exactly what the model holds, no response may be a 5xx, and Object.prototype
 * must come out untouched.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '#server/app.ts';
import { openSqliteFile } from '#server/db/sqlite-file.ts';
import { inProcessConfig } from '#server/testing/in-process-config.ts';
import { countBy, formatInt, printFigure, reliabilityContext } from '../lib/context.ts';
import { sessionCookieOf, type HttpRequest, type HttpResponse } from '../lib/http.ts';
import {
  OWN_ORIGIN,
  clientIdSegment,
  clientPayload,
  contentType,
  guardOf,
  isClientIdShape,
  judgeClientBody,
  parseJson,
  text,
  type BodyVerdict,
  type ExpectedClient,
} from '../lib/hostile.ts';

const context = reliabilityContext();

type StoredClient = ExpectedClient & { _id: string };

const STAFF = { username: 'nina', password: 'correct horse battery staple' };

function prototypeSnapshot(): string {
  return [Object.prototype, Array.prototype, Function.prototype]
    .map((proto) => Object.getOwnPropertyNames(proto).sort().join(','))
    .join('|');
}

function json<T>(response: HttpResponse): T {
  try {
    return JSON.parse(response.body) as T;
  } catch {
    return expect.unreachable(`a ${response.status} response that is not JSON: ${response.body.slice(0, 100)}`);
  }
}

/** Exactly the five fields of `expected`, with its values. */
function expectSameClient(actual: unknown, expected: StoredClient | undefined, what: string): void {
  expect(actual, what).toStrictEqual(expected);
}

/** The response is `status` with exactly `expected`. */
function expectClient(what: string, response: HttpResponse, status: number, expected: StoredClient): void {
  expect(response.status, `${what}: ${response.body.slice(0, 200)}`).toBe(status);
  expectSameClient(json(response), expected, what);
}

/** Headers without the ones left out (undefined or null). */
function headersOf(headers: Record<string, string | null | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== undefined && value !== null)) as Record<string, string>;
}

/** Own keys that secure-json-parse refuses: "__proto__" anywhere, or "constructor" holding a "prototype". */
function hasForbiddenKeys(value: unknown): boolean {
  if (!value || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some(hasForbiddenKeys);
  const own = (object: object, key: string) => Object.prototype.hasOwnProperty.call(object, key);
  const constructorValue: unknown = own(value, 'constructor') ? (value as { constructor: unknown }).constructor : undefined;
  const holdsPrototype = !!constructorValue && typeof constructorValue === 'object' && own(constructorValue, 'prototype');
  return own(value, '__proto__') || holdsPrototype || Object.values(value).some(hasForbiddenKeys);
}

/** What a raw :clientId segment is: refused at the URL (414, 400), or an id of the right shape (or not). */
function judgeSegment(segment: string): { status: 400 | 414 } | { decoded: string; shape: boolean; dots?: true } {
  if (segment.length > 1024) return { status: 414 };
  // A dot segment (/api/clients/%2e%2e) is the router's business: it may treat it as a path step (404).
  if (/^(?:\.|%2e){1,2}$/i.test(segment)) return { decoded: segment, shape: false, dots: true };
  try {
    const decoded = decodeURIComponent(segment);
    return { decoded, shape: isClientIdShape(decoded) };
  } catch {
    return { status: 400 };
  }
}

/** The app under fuzzing, the model of what it must hold, and a reader of its database file. */
class Harness {
  readonly model = new Map<string, StoredClient>();
  readonly statuses: Array<[endpoint: string, status: number]> = [];
  readonly reader: DatabaseSync;
  cookie = '';
  fivexx = 0;
  #runsSinceFullCheck = 0;

  constructor(
    readonly app: App,
    databaseFile: string,
    /** The first lines the app logged (warnings and errors), for a failure's message. */
    readonly logs: string[],
  ) {
    this.reader = openSqliteFile(databaseFile, { readOnly: true, timeoutMs: 5000 });
  }

  /** Every response is recorded for the figures, audited, and must not be a 5xx. */
  async send(endpoint: string, request: HttpRequest): Promise<HttpResponse> {
    const response = await context.audit.inject(this.app, 'fuzz', request);
    this.statuses.push([endpoint, response.status]);
    if (response.status >= 500) this.fivexx += 1;
    expect(response.status, `${request.method} ${request.path.slice(0, 80)}: ${response.body.slice(0, 200)}`).toBeLessThan(500);
    return response;
  }

  /** The fuzzer's own session cookie and `extra`. */
  headers(extra: Record<string, string | null | undefined> = {}): Record<string, string> {
    return headersOf({ cookie: this.cookie, ...extra });
  }

  storedRows(): StoredClient[] {
    const columns = 'id AS _id, first_name AS firstName, last_name AS lastName, email, registration_date_time AS registrationDateTime';
    // Plain objects, as the model's are: node:sqlite's rows have no prototype, which toStrictEqual tells apart.
    const rows = this.reader.prepare(`SELECT ${columns} FROM clients WHERE deleted_at IS NULL`).all();
    return rows.map((row) => ({ ...row }) as StoredClient);
  }

  staffTable(): string {
    return JSON.stringify(this.reader.prepare('SELECT * FROM staff').all());
  }

  /** After every run: the row count; every 25 runs and at the end: every row, field by field. */
  checkStore(full = false): void {
    const count = (this.reader.prepare('SELECT count(*) AS n FROM clients WHERE deleted_at IS NULL').get() as { n: number }).n;
    expect(count, 'rows stored, against the model').toBe(this.model.size);
    this.#runsSinceFullCheck += 1;
    if (!full && this.#runsSinceFullCheck < 25) return;
    this.#runsSinceFullCheck = 0;
    for (const row of this.storedRows()) expectSameClient(row, this.model.get(row._id), 'a stored row, against what was accepted');
  }

  /** After a failed property: the model starts again from what is really stored. */
  resyncModel(): void {
    this.model.clear();
    for (const row of this.storedRows()) this.model.set(row._id, row);
  }

  /** The client as the API reads it back, which must be exactly `expected`. */
  async readBack(expected: StoredClient): Promise<void> {
    const response = await this.send('read back', { method: 'GET', path: `/api/clients/${expected._id}`, headers: this.headers() });
    expectClient('read back', response, 200, expected);
  }

  pickExisting(index: number): string | undefined {
    const ids = [...this.model.keys()];
    return ids.length > 0 ? ids[index % ids.length] : undefined;
  }

  sortedModel(): StoredClient[] {
    const byBytes = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));
    return [...this.model.values()].sort((a, b) => byBytes(a.registrationDateTime, b.registrationDateTime) || byBytes(a._id, b._id));
  }

  /** A :clientId segment: an existing id (perhaps with a suffix), or a raw odd one. */
  segmentOf(target: { existing: number; suffix: string } | { raw: string }): string {
    if ('raw' in target) return target.raw;
    const id = this.pickExisting(target.existing);
    return id === undefined ? 'no-clients-yet' : id + target.suffix;
  }
}

/** Accepted bodies must come back as the model says; refused ones with the model's status. */
function expectBodyOutcome(verdict: BodyVerdict, response: HttpResponse, successStatus: number, what: string): ExpectedClient | undefined {
  if (verdict.kind === 'refuse') {
    expect(response.status, `${what} (${verdict.why}): ${response.body.slice(0, 160)}`).toBe(verdict.status);
    return undefined;
  }
  if (verdict.kind === 'either' && response.status === 400) return undefined;
  expect(response.status, `${what}, a valid body: ${response.body.slice(0, 160)}`).toBe(successStatus);
  return verdict.value;
}

/** The response's status is one of `allowed`. */
function expectStatus(what: string, response: HttpResponse, allowed: number[]): void {
  expect(allowed, `${what}: allowed responses, got ${response.status} ${response.body.slice(0, 100)}`).toContain(response.status);
}

/**
 * The responses allowed to a call whose body is optional (DELETE, logout) once its URL is
 * accepted: the cross-site guard first, then the body (only JSON, parsed safely), then `outcome`.
 * An empty body with a Content-Type is left open (Fastify may parse it, 400/415, or not).
 */
function expectedForOptionalBody(outcome: () => number, type?: string, body?: string, origin?: string): number[] {
  const guard = guardOf(type, body ?? '', origin);
  if (guard?.status === 403) return [403];
  if (!body) return type === undefined ? [outcome()] : [outcome(), 400, 415];
  if (guard) return [guard.status];
  const parsed = parseJson(body);
  return parsed !== undefined && !hasForbiddenKeys(parsed) ? [outcome()] : [400];
}

/** LoginRequest: exactly username (1–200 characters) and password (1–1024), both text. */
function validLogin(raw: string): boolean {
  const body = parseJson(raw);
  if (!body || typeof body !== 'object' || Array.isArray(body) || hasForbiddenKeys(body)) return false;
  const { username, password } = body as Record<string, unknown>;
  return (
    Object.keys(body).sort().join(',') === 'password,username' &&
    typeof username === 'string' &&
    typeof password === 'string' &&
    username.length >= 1 &&
    [...username].length <= 200 &&
    password.length >= 1 &&
    [...password].length <= 1024
  );
}

/** Usually no Origin (like curl), sometimes the site's own, sometimes another. */
const originOption: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 6, arbitrary: fc.constant(undefined) },
  { weight: 2, arbitrary: fc.constantFrom(OWN_ORIGIN, 'https://evil.example', 'null', 'http://localhost:8080') },
);
const existingOrOdd = (existingWeight: number) =>
  fc.oneof(
    { weight: existingWeight, arbitrary: fc.record({ existing: fc.nat(), suffix: fc.constantFrom('', '', '', '%00', '%20', 'x') }) },
    { weight: 3, arbitrary: fc.record({ raw: clientIdSegment }) },
  );

/** A property ready to run: fast-check's check with this run's parameters. */
type Property = (params: { numRuns: number; seed: number; endOnFailure: boolean }) => Promise<fc.RunDetails<unknown>>;

function asProperty<Ts extends [unknown, ...unknown[]]>(property: fc.IAsyncPropertyWithHooks<Ts>): Property {
  return async (params) => (await fc.check(property, params)) as fc.RunDetails<unknown>;
}

/** POST /api/clients: created as the model says (a new id), and read back exactly. */
function createClient(h: Harness): Property {
  return asProperty(
    fc.asyncProperty(clientPayload, contentType, originOption, async (body, type, origin) => {
      const verdict = judgeClientBody(type, body, origin);
      const headers = h.headers({ 'content-type': type, origin });
      const response = await h.send('POST /api/clients', { method: 'POST', path: '/api/clients', headers, body });
      const accepted = expectBodyOutcome(verdict, response, 201, 'POST');
      if (accepted) {
        const created = json<{ _id?: unknown }>(response);
        const id = String(created._id);
        expect(typeof created._id, `the id of a 201: ${id}`).toBe('string');
        expect(isClientIdShape(id) && !h.model.has(id), `a 201 with the id ${id}: of the right shape, and new`).toBe(true);
        const expected = { _id: id, ...accepted };
        expectClient('POST', response, 201, expected);
        h.model.set(id, expected);
        await h.readBack(expected);
      }
      h.checkStore();
    }),
  );
}

const queries = fc.option(
  fc.oneof(
    fc.constantFrom(
      '?x=%00',
      '?__proto__[isAdmin]=true',
      '?constructor[prototype][isAdmin]=1',
      '?%E0%A4%A',
      '?sort=name&sort=email',
      `?q=${'b'.repeat(3000)}`,
      '?a=1&a=2&a[]=3',
    ),
    fc.dictionary(text, text, { maxKeys: 3 }).map((entries) => `?${new URLSearchParams(entries).toString()}`),
  ),
);
const ifNoneMatchTemplates = fc.option(
  fc.oneof(fc.constantFrom('*', 'W/"x"', '""', 'garbage', 'ETAG', 'W/ETAG', '"other", ETAG', 'ETAG-broken'), text),
);
const accepts = fc.option(fc.constantFrom('text/html', '*/*', 'application/json', 'image/png', ''));

/** GET /api/clients: 304 when If-None-Match matches the ETag, else exactly the model, in order, whatever the query. */
function listClients(h: Harness): Property {
  return asProperty(
    fc.asyncProperty(queries, ifNoneMatchTemplates, accepts, async (query, ifNoneMatchTemplate, accept) => {
      const plain = await h.send('read back', { method: 'GET', path: '/api/clients', headers: h.headers() });
      const etag = String(plain.headers.etag ?? '');
      const ifNoneMatch = ifNoneMatchTemplate?.replace('ETAG', etag);
      const headers = h.headers({ 'if-none-match': ifNoneMatch, accept });
      const response = await h.send('GET /api/clients', { method: 'GET', path: `/api/clients${query ?? ''}`, headers });
      const matches =
        ifNoneMatch !== undefined &&
        (ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag));
      if (matches) {
        expect(response.status, `If-None-Match ${ifNoneMatch} matching the ETag`).toBe(304);
      } else {
        expect(response.status, `GET /api/clients${(query ?? '').slice(0, 40)}: ${response.body.slice(0, 100)}`).toBe(200);
        const listed = json<unknown[]>(response);
        const expected = h.sortedModel();
        expect(Array.isArray(listed) ? listed.length : '?', 'clients in the list, against the model').toBe(expected.length);
        listed.forEach((item, index) => expectSameClient(item, expected[index], `list item ${index}`));
      }
      h.checkStore();
    }),
  );
}

/** GET /api/clients/:clientId: the client, 404 for an unknown id, 400 (or the router's 404) for a malformed one. */
function getClient(h: Harness): Property {
  return asProperty(
    fc.asyncProperty(existingOrOdd(2), async (target) => {
      const segment = h.segmentOf(target);
      const judged = judgeSegment(segment);
      const response = await h.send('GET /api/clients/:clientId', { method: 'GET', path: `/api/clients/${segment}`, headers: h.headers() });
      const what = `GET /api/clients/${segment.slice(0, 60)}`;
      if ('status' in judged) {
        expect(response.status, what).toBe(judged.status);
      } else if (!judged.shape) {
        // A dot segment is resolved like a path step by URL parsing: /api/clients/. is the list itself.
        const list = judged.dots && response.status === 200 && Array.isArray(json(response));
        const allowed = response.status === 400 || (judged.dots && response.status === 404) || list;
        expect(allowed, `${what} (malformed id): expected 400, got ${response.status}`).toBe(true);
      } else {
        const expected = h.model.get(judged.decoded);
        if (expected) expectClient(`GET ${judged.decoded}`, response, 200, expected);
        else expect(response.status, `${what} (unknown id): ${response.body.slice(0, 100)}`).toBe(404);
      }
      h.checkStore();
    }),
  );
}

/** PUT /api/clients/:clientId: the URL judged first, then the body as for POST; an accepted change reads back exactly. */
function updateClient(h: Harness): Property {
  return asProperty(
    fc.asyncProperty(existingOrOdd(3), clientPayload, contentType, originOption, async (target, body, type, origin) => {
      const segment = h.segmentOf(target);
      const judged = judgeSegment(segment);
      const headers = h.headers({ 'content-type': type, origin });
      const response = await h.send('PUT /api/clients/:clientId', { method: 'PUT', path: `/api/clients/${segment}`, headers, body });
      const what = `PUT /api/clients/${segment.slice(0, 40)}`;
      if ('status' in judged) {
        expect(response.status, what).toBe(judged.status);
        h.checkStore();
        return;
      }
      let verdict = judgeClientBody(type, body, origin);
      const guardOrParse = verdict.kind === 'refuse' && (verdict.status !== 400 || verdict.why === 'not JSON');
      if (!guardOrParse && !judged.shape)
        verdict = { kind: 'refuse', status: judged.dots && response.status === 404 ? 404 : 400, why: 'malformed id' };
      const existing = judged.shape ? h.model.get(judged.decoded) : undefined;
      if (verdict.kind !== 'refuse' && !existing) {
        const allowed = response.status === 404 || (verdict.kind === 'either' && response.status === 400);
        expect(allowed, `${what} (unknown id): expected 404, got ${response.status}`).toBe(true);
      } else {
        const accepted = expectBodyOutcome(verdict, response, 200, what);
        if (accepted && existing) {
          const expected = { _id: existing._id, ...accepted };
          expectClient(what, response, 200, expected);
          h.model.set(existing._id, expected);
          await h.readBack(expected);
        }
      }
      h.checkStore();
    }),
  );
}

const optionalBodies = fc.oneof(
  { weight: 6, arbitrary: fc.constant<{ type?: string; body?: string }>({}) },
  { weight: 1, arbitrary: fc.constant({ type: 'application/json', body: '{}' }) },
  { weight: 1, arbitrary: fc.record({ type: contentType, body: clientPayload }) },
);

/** DELETE /api/clients/:clientId: 204 for a client (then gone), 404 for an unknown id, with or without a body. */
function deleteClient(h: Harness): Property {
  return asProperty(
    fc.asyncProperty(existingOrOdd(1), optionalBodies, originOption, async (target, { type, body }, origin) => {
      const segment = h.segmentOf(target);
      const judged = judgeSegment(segment);
      const headers = h.headers({ 'content-type': type, origin });
      const path = `/api/clients/${segment}`;
      const response = await h.send('DELETE /api/clients/:clientId', { method: 'DELETE', path, headers, body });
      const what = `DELETE /api/clients/${segment.slice(0, 40)}`;
      const outcome = () => (!('status' in judged) && judged.shape ? (h.model.has(judged.decoded) ? 204 : 404) : 400);
      const allowed = 'status' in judged ? [judged.status] : expectedForOptionalBody(outcome, type, body, origin);
      // A dot segment may not reach the route at all: then it is an unknown path (404), or 415 for lack of a JSON type.
      if (!('status' in judged) && judged.dots && allowed.includes(400)) allowed.push(404, 415);
      expectStatus(what, response, allowed);
      if (response.status === 204 && !('status' in judged)) {
        h.model.delete(judged.decoded);
        const gone = await h.send('read back', { method: 'GET', path: `/api/clients/${judged.decoded}`, headers: h.headers() });
        expect(gone.status, `GET after ${what}`).toBe(404);
      }
      h.checkStore();
    }),
  );
}

const logoutCookies = fc.option(
  fc.constantFrom(
    'salon_session=garbage',
    `salon_session=${'A'.repeat(43)}`,
    'other=1',
    'salon_session=%00',
    '',
    `salon_session=${'x'.repeat(5000)}`,
  ),
);

/** POST /logout: 204 whatever the cookie, once the guard and the (optional) body let it through. */
function logOut(h: Harness): Property {
  return asProperty(
    fc.asyncProperty(
      fc.option(clientPayload, { freq: 2, nil: undefined }),
      contentType,
      logoutCookies,
      originOption,
      async (body, type, cookie, origin) => {
        const headers = headersOf({ 'content-type': type, cookie, origin });
        const response = await h.send('POST /logout', { method: 'POST', path: '/logout', headers, body });
        expectStatus(
          'POST /logout',
          response,
          expectedForOptionalBody(() => 204, type, body, origin),
        );
        h.checkStore();
      },
    ),
  );
}

const loginBodies = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .record({
        username: fc.oneof(text, fc.constantFrom('nina', 'NINA', ' nina ', 'admin', '')),
        password: fc.oneof(text, fc.constantFrom('', 'x'.repeat(1025))),
      })
      .map((body) => JSON.stringify(body)),
  },
  {
    weight: 1,
    arbitrary: fc.record({ username: fc.jsonValue(), password: fc.jsonValue() }, { requiredKeys: [] }).map((body) => JSON.stringify(body)),
  },
  { weight: 2, arbitrary: clientPayload },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '{"username":"nina","password":"x","isAdmin":true}',
      '{"__proto__":{"isAdmin":true},"username":"nina","password":"x"}',
      '{"username":"nina","password":"x","constructor":{"prototype":{"isAdmin":true}}}',
    ),
  },
);

/** POST /login with anything but the right password: never a cookie; 401 or 429 (with Retry-After) for a valid body, 400 otherwise. */
function attemptLogin(h: Harness): Property {
  return asProperty(
    fc.asyncProperty(loginBodies, contentType, originOption, async (body, type, origin) => {
      const headers = headersOf({ 'content-type': type, origin });
      const response = await h.send('POST /login', { method: 'POST', path: '/login', headers, body });
      expect(response.headers['set-cookie'], `a ${response.status} login response's cookie`).toBeUndefined();
      const guard = guardOf(type, body, origin);
      expectStatus('POST /login', response, guard ? [guard.status] : validLogin(body) ? [401, 429] : [400]);
      if (response.status === 429) expect(String(response.headers['retry-after'] ?? ''), "a 429's Retry-After").toMatch(/^\d+$/);
      h.checkStore();
    }),
  );
}

const ENDPOINTS: Array<[endpoint: string, property: (h: Harness) => Property]> = [
  ['POST /api/clients', createClient],
  ['GET /api/clients', listClients],
  ['GET /api/clients/:clientId', getClient],
  ['PUT /api/clients/:clientId', updateClient],
  ['DELETE /api/clients/:clientId', deleteClient],
  ['POST /logout', logOut],
  ['POST /login', attemptLogin],
];

/** The app in process on a fresh database, one staff account, the fuzzer logged in. */
async function startFuzzing(): Promise<Harness> {
  const dir = join(context.workDir, 'fuzz');
  mkdirSync(dir, { recursive: true });
  const databaseFile = join(dir, 'salon.db');
  const logs: string[] = [];
  const app = await buildApp(
    inProcessConfig(databaseFile, {
      logLevel: 'warn',
      logStream: { write: (line) => void (logs.length < 50 && logs.push(line)) },
    }),
  );
  await app.ready();
  await app.staffAccounts.add(STAFF.username, STAFF.password, 'owner');
  const h = new Harness(app, databaseFile, logs);
  const body = JSON.stringify(STAFF);
  const login = await h.send('setup', { method: 'POST', path: '/login', headers: { 'content-type': 'application/json' }, body });
  h.cookie = sessionCookieOf(login);
  return h;
}

/** fast-check's report of the first failing run, with the first lines the server logged. */
function failureOf(details: fc.RunDetails<unknown>, logs: string[]): string | undefined {
  if (!details.failed) return undefined;
  return [
    `run ${details.numRuns + 1} (seed ${details.seed}, path ${details.counterexamplePath}): ${details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance)}`,
    `input: ${fc.stringify(details.counterexample).slice(0, 400)}`,
    ...logs.slice(0, 2).map((line) => `server log: ${line.slice(0, 300)}`),
  ].join('\n');
}

/** One real fault for the header and leak checks: the database gone under the app gives a 500. */
async function requestWithTheDatabaseGone(h: Harness): Promise<void> {
  const path = `/api/clients/${h.pickExisting(0) ?? 'abc'}`;
  h.reader.close();
  await h.app.db.destroy();
  await context.audit.inject(h.app, 'fuzz (database closed)', { method: 'GET', path, headers: h.headers() });
}

describe('fuzz', () => {
  let h: Harness;
  let staffBefore = '';
  let prototypesBefore = '';
  beforeAll(async () => {
    h = await startFuzzing();
    staffBefore = h.staffTable();
    prototypesBefore = prototypeSnapshot();
  });
  afterAll(async () => {
    if (!h) return;
    try {
      await requestWithTheDatabaseGone(h);
    } finally {
      await h.app.close();
    }
  });

  for (const [index, [endpoint, property]] of ENDPOINTS.entries()) {
    it(endpoint, async () => {
      const started = performance.now();
      const acceptedBefore = h.model.size;
      const details = await property(h)({ numRuns: context.settings.fuzzRuns, seed: context.seed + index, endOnFailure: true });
      const polluted = prototypeSnapshot() !== prototypesBefore || ({} as Record<string, unknown>).isAdmin !== undefined;
      const statuses = h.statuses.filter(([sentTo]) => sentTo === endpoint).map(([, status]) => status);
      const change = h.model.size - acceptedBefore;
      printFigure(
        `${formatInt(details.numRuns)} runs (seed ${details.seed}) in ${((performance.now() - started) / 1000).toFixed(1)} s, ${formatInt(statuses.length)} requests: ` +
          `${statuses.filter((status) => status >= 500).length} × 5xx; responses ${countBy(statuses)}; stored rows = model (${h.model.size}, ${change >= 0 ? '+' : ''}${change})`,
      );
      // The next endpoint carries on from what is really stored.
      if (details.failed) h.resyncModel();
      expect.soft(polluted, 'Object.prototype was polluted').toBe(false);
      expect(failureOf(details, h.logs), 'the first failing run').toBeUndefined();
      h.checkStore(true);
    });
  }

  it('nothing unexpected stored', async () => {
    const staffNow = h.staffTable();
    const sessions = (h.reader.prepare('SELECT count(*) AS n FROM sessions').get() as { n: number }).n;
    const stillIn = await h.send('check', { method: 'GET', path: '/api/clients', headers: h.headers() });
    const prototypesNow = prototypeSnapshot();
    const polluted = ['isAdmin', 'polluted'].filter((key) => key in {});
    printFigure(
      `${formatInt(h.model.size)} clients stored = exactly the accepted ones, field by field; staff table unchanged; sessions ${sessions}; ` +
        `Object.prototype unchanged (${polluted.length} polluted keys); ${h.fivexx} × 5xx over all fuzz runs`,
    );
    expect.soft(staffNow, 'the staff table').toBe(staffBefore);
    expect.soft(sessions, "sessions stored: only the fuzzer's own").toBe(1);
    expect.soft(stillIn.status, "the fuzzer's own session").toBe(200);
    expect.soft(prototypesNow, 'the properties of Object.prototype, Array.prototype and Function.prototype').toBe(prototypesBefore);
    expect.soft(polluted, 'keys of ({})').toEqual([]);
    expect.soft(h.fivexx, 'responses that were 5xx').toBe(0);
    h.checkStore(true);
  });
});
