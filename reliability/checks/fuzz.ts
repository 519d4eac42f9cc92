/**
 * Hostile input: property-based fuzzing (fast-check) of every endpoint through `app.inject`,
 * on the app built in process (server/app.ts) with a temporary database. For each run the
 * model (lib/hostile.ts) says what the server must answer; whatever it accepted must read back
 * exactly, and the clients table must hold exactly what the model holds, nothing else.
 * No answer may be a 5xx, and Object.prototype must come out untouched.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { inProcessConfig } from '../../server/testing/in-process-config.ts';
import { buildApp, type App } from '../../server/app.ts';
import { countBy, formatInt, type Context, type Group, type Report } from '../lib/context.ts';
import {
  BODY_LIMIT_BYTES,
  OWN_ORIGIN,
  clientIdSegment,
  clientPayload,
  contentType,
  isClientIdShape,
  judgeClientBody,
  text,
  type BodyVerdict,
  type ExpectedClient,
} from '../lib/hostile.ts';

type StoredClient = ExpectedClient & { _id: string };
type Answer = { status: number; headers: Record<string, unknown>; body: string };
type Sent = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; headers?: Record<string, string>; payload?: string };

const STAFF = { username: 'nina', password: 'correct horse battery staple' };
const ENDPOINTS = [
  'POST /api/clients',
  'GET /api/clients',
  'GET /api/clients/:clientId',
  'PUT /api/clients/:clientId',
  'DELETE /api/clients/:clientId',
  'POST /logout',
  'POST /login',
] as const;
const STORE_CHECK = 'fuzz: nothing unexpected stored';

class Violation extends Error {
  override name = 'Violation';
}

function fail(message: string): never {
  throw new Violation(message);
}

function prototypeSnapshot(): string {
  return [Object.prototype, Array.prototype, Function.prototype]
    .map((proto) => Object.getOwnPropertyNames(proto).sort().join(','))
    .join('|');
}

function json<T>(answer: Answer): T {
  try {
    return JSON.parse(answer.body) as T;
  } catch {
    return fail(`a ${answer.status} answer that is not JSON: ${answer.body.slice(0, 100)}`);
  }
}

function sameClient(actual: unknown, expected: StoredClient): boolean {
  if (!actual || typeof actual !== 'object') return false;
  const keys = Object.keys(actual).sort().join(',');
  const record = actual as Record<string, unknown>;
  return (
    keys === '_id,email,firstName,lastName,registrationDateTime' &&
    record._id === expected._id &&
    record.firstName === expected.firstName &&
    record.lastName === expected.lastName &&
    record.email === expected.email &&
    record.registrationDateTime === expected.registrationDateTime
  );
}

/** Own keys that secure-json-parse refuses: "__proto__" anywhere, or "constructor" holding a "prototype". */
function hasForbiddenKeys(value: unknown): boolean {
  if (!value || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some(hasForbiddenKeys);
  const record = value as Record<string, unknown>;
  if (Object.prototype.hasOwnProperty.call(record, '__proto__')) return true;
  const constructorValue = Object.prototype.hasOwnProperty.call(record, 'constructor') ? record.constructor : undefined;
  if (constructorValue && typeof constructorValue === 'object' && Object.prototype.hasOwnProperty.call(constructorValue, 'prototype'))
    return true;
  return Object.values(record).some(hasForbiddenKeys);
}

/** What a raw :clientId segment is: refused at the URL (414, 400), or an id of the right shape (or not). */
function judgeSegment(segment: string): { status: 400 | 414 } | { decoded: string; shape: boolean; dots?: true } {
  if (segment.length > 1024) return { status: 414 };
  // A dot segment (/api/clients/%2e%2e) is the router's business: it may treat it as a path step (404).
  if (/^(?:\.|%2e){1,2}$/i.test(segment)) return { decoded: segment, shape: false, dots: true };
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    return { status: 400 };
  }
  return { decoded, shape: isClientIdShape(decoded) };
}

class Harness {
  readonly model = new Map<string, StoredClient>();
  readonly statuses = new Map<string, number[]>();
  readonly reader: Database.Database;
  cookie = '';
  fivexx = 0;
  #runsSinceFullCheck = 0;

  constructor(
    readonly app: App,
    readonly context: Context,
    databaseFile: string,
  ) {
    this.reader = new Database(databaseFile, { readonly: true, fileMustExist: true });
  }

  async send(endpoint: string, request: Sent): Promise<Answer> {
    const response = await this.app.inject({
      method: request.method,
      url: request.url,
      headers: request.headers,
      ...(request.payload === undefined ? {} : { payload: request.payload }),
    });
    const answer = { status: response.statusCode, headers: response.headers as Record<string, unknown>, body: response.body };
    this.context.recorder.record({
      source: 'fuzz',
      method: request.method,
      url: request.url,
      requestBody: request.payload,
      status: answer.status,
      headers: response.headers,
      body: answer.body,
    });
    const list = this.statuses.get(endpoint) ?? [];
    list.push(answer.status);
    this.statuses.set(endpoint, list);
    if (answer.status >= 500) {
      this.fivexx += 1;
      fail(`${request.method} ${request.url.slice(0, 80)} answered ${answer.status}: ${answer.body.slice(0, 200)}`);
    }
    return answer;
  }

  headers(extra: Record<string, string | undefined> = {}): Record<string, string> {
    const headers: Record<string, string> = { cookie: this.cookie };
    for (const [name, value] of Object.entries(extra)) if (value !== undefined) headers[name] = value;
    return headers;
  }

  storedRows(): StoredClient[] {
    return (
      this.reader.prepare('SELECT id, first_name, last_name, email, registration_date_time FROM clients').all() as Array<{
        id: string;
        first_name: string;
        last_name: string;
        email: string;
        registration_date_time: string;
      }>
    ).map((row) => ({
      _id: row.id,
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      registrationDateTime: row.registration_date_time,
    }));
  }

  /** After every run: the row count; every 25 runs and at the end: every row, field by field. */
  checkStore(full = false): void {
    const count = (this.reader.prepare('SELECT count(*) AS n FROM clients').get() as { n: number }).n;
    if (count !== this.model.size) fail(`${count} rows stored, the model has ${this.model.size}`);
    this.#runsSinceFullCheck += 1;
    if (!full && this.#runsSinceFullCheck < 25) return;
    this.#runsSinceFullCheck = 0;
    for (const row of this.storedRows()) {
      const expected = this.model.get(row._id);
      if (!expected || !sameClient(row, expected)) fail(`the stored row ${JSON.stringify(row).slice(0, 200)} is not what was accepted`);
    }
  }

  /** The client as the API reads it back, which must be exactly `expected`. */
  async readBack(expected: StoredClient): Promise<void> {
    const answer = await this.send('read back', { method: 'GET', url: `/api/clients/${expected._id}`, headers: this.headers() });
    if (answer.status !== 200 || !sameClient(json(answer), expected)) {
      fail(`read back ${answer.status} ${answer.body.slice(0, 200)} instead of ${JSON.stringify(expected).slice(0, 200)}`);
    }
  }

  pickExisting(index: number): string | undefined {
    const ids = [...this.model.keys()];
    return ids.length > 0 ? ids[index % ids.length] : undefined;
  }

  sortedModel(): StoredClient[] {
    const byBytes = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));
    return [...this.model.values()].sort((a, b) => byBytes(a.registrationDateTime, b.registrationDateTime) || byBytes(a._id, b._id));
  }
}

/** Accepted bodies must come back as the model says; refused ones with the model's status. */
function expectBodyOutcome(verdict: BodyVerdict, answer: Answer, successStatus: number, what: string): ExpectedClient | undefined {
  if (verdict.kind === 'refuse') {
    if (answer.status !== verdict.status)
      fail(`${what}: expected ${verdict.status} (${verdict.why}), got ${answer.status} ${answer.body.slice(0, 160)}`);
    return undefined;
  }
  if (answer.status === successStatus) return verdict.value;
  if (verdict.kind === 'either' && answer.status === 400) return undefined;
  return fail(`${what}: expected ${successStatus} for a valid body, got ${answer.status} ${answer.body.slice(0, 160)}`);
}

/** Usually no Origin (like curl), sometimes the site's own, sometimes another. */
const originOption: fc.Arbitrary<string | null> = fc.oneof(
  { weight: 6, arbitrary: fc.constant(null) },
  { weight: 2, arbitrary: fc.constantFrom(OWN_ORIGIN, 'https://evil.example', 'null', 'http://localhost:8080') },
);
const existingOrOdd = (existingWeight: number) =>
  fc.oneof(
    { weight: existingWeight, arbitrary: fc.record({ existing: fc.nat(), suffix: fc.constantFrom('', '', '', '%00', '%20', 'x') }) },
    { weight: 3, arbitrary: fc.record({ raw: clientIdSegment }) },
  );

/** A property ready to run: fast-check's check with this run's parameters. */
type Fuzz = (params: { numRuns: number; seed: number; endOnFailure: boolean }) => Promise<fc.RunDetails<unknown>>;

function fuzz<Ts extends [unknown, ...unknown[]]>(property: fc.IAsyncPropertyWithHooks<Ts>): Fuzz {
  return async (params) => (await fc.check(property, params)) as fc.RunDetails<unknown>;
}

function properties(h: Harness): Record<(typeof ENDPOINTS)[number], Fuzz> {
  const segmentOf = (target: { existing: number; suffix: string } | { raw: string }): string => {
    if ('raw' in target) return target.raw;
    const id = h.pickExisting(target.existing);
    return id === undefined ? 'no-clients-yet' : id + target.suffix;
  };

  return {
    'POST /api/clients': fuzz(
      fc.asyncProperty(clientPayload, contentType, originOption, async (payload, type, origin) => {
        const verdict = judgeClientBody(type, payload, origin ?? undefined);
        const answer = await h.send('POST /api/clients', {
          method: 'POST',
          url: '/api/clients',
          headers: h.headers({ 'content-type': type, origin: origin ?? undefined }),
          payload,
        });
        const accepted = expectBodyOutcome(verdict, answer, 201, 'POST');
        if (accepted) {
          const created = json<{ _id?: unknown }>(answer);
          if (typeof created._id !== 'string' || !isClientIdShape(created._id) || h.model.has(created._id))
            fail(`a 201 with the id ${String(created._id)}`);
          const expected = { _id: created._id, ...accepted };
          if (!sameClient(created, expected))
            fail(`201 answered ${answer.body.slice(0, 200)}, expected ${JSON.stringify(expected).slice(0, 200)}`);
          h.model.set(created._id, expected);
          await h.readBack(expected);
        }
        h.checkStore();
      }),
    ),

    'GET /api/clients': fuzz(
      fc.asyncProperty(
        fc.option(
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
        ),
        fc.option(fc.oneof(fc.constantFrom('*', 'W/"x"', '""', 'garbage', 'ETAG', 'W/ETAG', '"other", ETAG', 'ETAG-broken'), text)),
        fc.option(fc.constantFrom('text/html', '*/*', 'application/json', 'image/png', '')),
        async (query, ifNoneMatchTemplate, accept) => {
          const plain = await h.send('read back', { method: 'GET', url: '/api/clients', headers: h.headers() });
          const etag = String(plain.headers.etag ?? '');
          const ifNoneMatch = ifNoneMatchTemplate?.replace('ETAG', etag);
          const answer = await h.send('GET /api/clients', {
            method: 'GET',
            url: `/api/clients${query ?? ''}`,
            headers: h.headers({ 'if-none-match': ifNoneMatch, accept: accept ?? undefined }),
          });
          const matches =
            ifNoneMatch !== undefined &&
            (ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag));
          if (matches) {
            if (answer.status !== 304) fail(`If-None-Match ${ifNoneMatch} matching the ETag got ${answer.status}`);
          } else {
            if (answer.status !== 200)
              fail(`GET /api/clients${(query ?? '').slice(0, 40)} got ${answer.status} ${answer.body.slice(0, 100)}`);
            const listed = json<unknown[]>(answer);
            const expected = h.sortedModel();
            if (!Array.isArray(listed) || listed.length !== expected.length)
              fail(`the list has ${Array.isArray(listed) ? listed.length : '?'} clients, the model ${expected.length}`);
            listed.forEach((item, index) => {
              const want = expected[index];
              if (!want || !sameClient(item, want))
                fail(`list item ${index} is ${JSON.stringify(item).slice(0, 160)}, expected ${JSON.stringify(want).slice(0, 160)}`);
            });
          }
          h.checkStore();
        },
      ),
    ),

    'GET /api/clients/:clientId': fuzz(
      fc.asyncProperty(existingOrOdd(2), async (target) => {
        const segment = segmentOf(target);
        const judged = judgeSegment(segment);
        const answer = await h.send('GET /api/clients/:clientId', { method: 'GET', url: `/api/clients/${segment}`, headers: h.headers() });
        if ('status' in judged) {
          if (answer.status !== judged.status)
            fail(`GET /api/clients/${segment.slice(0, 60)}: expected ${judged.status}, got ${answer.status}`);
        } else if (!judged.shape) {
          // A dot segment is resolved like a path step by URL parsing: /api/clients/. is the list itself.
          const list = judged.dots && answer.status === 200 && Array.isArray(json(answer));
          if (answer.status !== 400 && !(judged.dots && answer.status === 404) && !list)
            fail(`GET /api/clients/${segment.slice(0, 60)} (malformed id): expected 400, got ${answer.status}`);
        } else {
          const expected = h.model.get(judged.decoded);
          if (expected) {
            if (answer.status !== 200 || !sameClient(json(answer), expected))
              fail(`GET ${judged.decoded}: ${answer.status} ${answer.body.slice(0, 160)}`);
          } else if (answer.status !== 404)
            fail(`GET unknown id ${segment.slice(0, 60)}: expected 404, got ${answer.status} ${answer.body.slice(0, 100)}`);
        }
        h.checkStore();
      }),
    ),

    'PUT /api/clients/:clientId': fuzz(
      fc.asyncProperty(existingOrOdd(3), clientPayload, contentType, originOption, async (target, payload, type, origin) => {
        const segment = segmentOf(target);
        const judged = judgeSegment(segment);
        const answer = await h.send('PUT /api/clients/:clientId', {
          method: 'PUT',
          url: `/api/clients/${segment}`,
          headers: h.headers({ 'content-type': type, origin: origin ?? undefined }),
          payload,
        });
        const what = `PUT /api/clients/${segment.slice(0, 40)}`;
        if ('status' in judged) {
          if (answer.status !== judged.status) fail(`${what}: expected ${judged.status}, got ${answer.status}`);
        } else {
          let verdict = judgeClientBody(type, payload, origin ?? undefined);
          const guardOrParse = verdict.kind === 'refuse' && (verdict.status !== 400 || verdict.why === 'not JSON');
          if (!guardOrParse && !judged.shape)
            verdict = { kind: 'refuse', status: judged.dots && answer.status === 404 ? 404 : 400, why: 'malformed id' };
          const existing = judged.shape ? h.model.get(judged.decoded) : undefined;
          if (verdict.kind !== 'refuse' && !existing) {
            if (answer.status !== 404 && !(verdict.kind === 'either' && answer.status === 400))
              fail(`${what} (unknown id): expected 404, got ${answer.status}`);
          } else {
            const accepted = expectBodyOutcome(verdict, answer, 200, what);
            if (accepted && existing) {
              const expected = { _id: existing._id, ...accepted };
              if (!sameClient(json(answer), expected))
                fail(`${what} answered ${answer.body.slice(0, 200)}, expected ${JSON.stringify(expected).slice(0, 200)}`);
              h.model.set(existing._id, expected);
              await h.readBack(expected);
            }
          }
        }
        h.checkStore();
      }),
    ),

    'DELETE /api/clients/:clientId': fuzz(
      fc.asyncProperty(
        existingOrOdd(1),
        fc.oneof(
          { weight: 6, arbitrary: fc.constant({ type: undefined as string | undefined, payload: undefined as string | undefined }) },
          { weight: 1, arbitrary: fc.constant({ type: 'application/json', payload: '{}' }) },
          { weight: 1, arbitrary: fc.record({ type: contentType, payload: clientPayload }) },
        ),
        originOption,
        async (target, body, origin) => {
          const segment = segmentOf(target);
          const judged = judgeSegment(segment);
          const answer = await h.send('DELETE /api/clients/:clientId', {
            method: 'DELETE',
            url: `/api/clients/${segment}`,
            headers: h.headers({ 'content-type': body.type, origin: origin ?? undefined }),
            payload: body.payload,
          });
          const what = `DELETE /api/clients/${segment.slice(0, 40)}`;
          const outcome = () => (!('status' in judged) && judged.shape ? (h.model.has(judged.decoded) ? 204 : 404) : 400);
          const allowed = expectedForOptionalBody(body.type, body.payload, origin, outcome, 'status' in judged ? judged.status : undefined);
          // A dot segment may not reach the route at all: then it is an unknown path (404), or 415 for lack of a JSON type.
          if (!('status' in judged) && judged.dots && allowed.includes(400)) allowed.push(404, 415);
          if (!allowed.includes(answer.status))
            fail(`${what}: expected ${allowed.join(' or ')}, got ${answer.status} ${answer.body.slice(0, 100)}`);
          if (answer.status === 204 && !('status' in judged)) {
            h.model.delete(judged.decoded);
            const gone = await h.send('read back', { method: 'GET', url: `/api/clients/${judged.decoded}`, headers: h.headers() });
            if (gone.status !== 404) fail(`after ${what}, GET answered ${gone.status}`);
          }
          h.checkStore();
        },
      ),
    ),

    'POST /logout': fuzz(
      fc.asyncProperty(
        fc.option(clientPayload, { freq: 2 }),
        contentType,
        fc.option(
          fc.constantFrom(
            'salon_session=garbage',
            `salon_session=${'A'.repeat(43)}`,
            'other=1',
            'salon_session=%00',
            '',
            `salon_session=${'x'.repeat(5000)}`,
          ),
        ),
        originOption,
        async (payload, type, cookie, origin) => {
          const headers: Record<string, string> = {};
          if (type !== undefined) headers['content-type'] = type;
          if (cookie !== null) headers.cookie = cookie;
          if (origin !== null) headers.origin = origin;
          const answer = await h.send('POST /logout', { method: 'POST', url: '/logout', headers, payload: payload ?? undefined });
          const allowed = expectedForOptionalBody(type, payload ?? undefined, origin, () => 204);
          if (!allowed.includes(answer.status))
            fail(`POST /logout: expected ${allowed.join(' or ')}, got ${answer.status} ${answer.body.slice(0, 100)}`);
          h.checkStore();
        },
      ),
    ),

    'POST /login': fuzz(
      fc.asyncProperty(
        fc.oneof(
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
            arbitrary: fc
              .record({ username: fc.jsonValue(), password: fc.jsonValue() }, { requiredKeys: [] })
              .map((body) => JSON.stringify(body)),
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
        ),
        contentType,
        originOption,
        async (payload, type, origin) => {
          const headers: Record<string, string> = {};
          if (type !== undefined) headers['content-type'] = type;
          if (origin !== null) headers.origin = origin;
          const answer = await h.send('POST /login', { method: 'POST', url: '/login', headers, payload });
          if (answer.headers['set-cookie'] !== undefined)
            fail(`a ${answer.status} login answer set a cookie: ${String(answer.headers['set-cookie'])}`);
          const mediaType = type?.split(';')[0]?.trim().toLowerCase();
          let allowed: number[];
          if (origin !== null && origin !== OWN_ORIGIN) allowed = [403];
          else if (mediaType !== 'application/json') allowed = [415];
          else if (Buffer.byteLength(payload) > BODY_LIMIT_BYTES) allowed = [413];
          else allowed = validLogin(payload) ? [401, 429] : [400];
          if (!allowed.includes(answer.status))
            fail(`POST /login: expected ${allowed.join(' or ')}, got ${answer.status} ${answer.body.slice(0, 100)}`);
          if (answer.status === 429 && !/^\d+$/.test(String(answer.headers['retry-after'] ?? ''))) fail('a 429 without Retry-After');
          h.checkStore();
        },
      ),
    ),
  };
}

/**
 * The answers allowed to a call whose body is optional (DELETE, logout): the URL's verdict
 * first, then the cross-site guard, then the body (only JSON, parsed safely), then `outcome`.
 * An empty body with a Content-Type is left open (Fastify may parse it, 400/415, or not).
 */
function expectedForOptionalBody(
  type: string | undefined,
  payload: string | undefined,
  origin: string | null,
  outcome: () => number,
  urlStatus?: number,
): number[] {
  if (urlStatus !== undefined) return [urlStatus];
  if (origin !== null && origin !== OWN_ORIGIN) return [403];
  const mediaType = type?.split(';')[0]?.trim().toLowerCase();
  if (payload === undefined || payload.length === 0) return type === undefined ? [outcome()] : [outcome(), 400, 415];
  if (mediaType !== 'application/json') return [415];
  if (Buffer.byteLength(payload) > BODY_LIMIT_BYTES) return [413];
  return parsesAsSafeJson(payload) ? [outcome()] : [400];
}

/** Whether Fastify's JSON parser (secure-json-parse) accepts the text. */
function parsesAsSafeJson(raw: string): boolean {
  try {
    return !hasForbiddenKeys(JSON.parse(raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw));
  } catch {
    return false;
  }
}

/** LoginRequest: exactly username (1–200 characters) and password (1–1024), both text. */
function validLogin(raw: string): boolean {
  let body: unknown;
  try {
    body = JSON.parse(raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw);
  } catch {
    return false;
  }
  if (!body || typeof body !== 'object' || Array.isArray(body) || hasForbiddenKeys(body)) return false;
  const keys = Object.keys(body).sort().join(',');
  const { username, password } = body as Record<string, unknown>;
  return (
    keys === 'password,username' &&
    typeof username === 'string' &&
    typeof password === 'string' &&
    username.length >= 1 &&
    [...username].length <= 200 &&
    password.length >= 1 &&
    [...password].length <= 1024
  );
}

async function runFuzz(context: Context, report: Report): Promise<void> {
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
  let closed = false;
  try {
    await app.ready();
    await app.staffAccounts.add(STAFF.username, STAFF.password);
    const h = new Harness(app, context, databaseFile);
    const login = await h.send('setup', {
      method: 'POST',
      url: '/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(STAFF),
    });
    h.cookie = String(login.headers['set-cookie']).split(';')[0] ?? '';
    const staffBefore = JSON.stringify(h.reader.prepare('SELECT * FROM staff').all());
    const prototypesBefore = prototypeSnapshot();
    const runs = context.settings.fuzzRuns;
    const props = properties(h);

    for (const [index, endpoint] of ENDPOINTS.entries()) {
      const started = performance.now();
      const acceptedBefore = h.model.size;
      const details = await props[endpoint]({ numRuns: runs, seed: context.seed + index, endOnFailure: true });
      const problems: string[] = [];
      if (details.failed) {
        const error = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
        problems.push(`run ${details.numRuns + 1} (seed ${details.seed}, path ${details.counterexamplePath}): ${error}`);
        problems.push(`input: ${fc.stringify(details.counterexample).slice(0, 400)}`);
        for (const line of logs.slice(0, 2)) problems.push(`server log: ${line.slice(0, 300)}`);
      } else {
        try {
          h.checkStore(true);
        } catch (error) {
          problems.push(error instanceof Error ? error.message : String(error));
        }
      }
      if (prototypeSnapshot() !== prototypesBefore || ({} as Record<string, unknown>).isAdmin !== undefined)
        problems.push('Object.prototype was polluted');
      const statuses = (h.statuses.get(endpoint) ?? []).filter((status) => status < 600);
      const fivexx = statuses.filter((status) => status >= 500).length;
      const change = h.model.size - acceptedBefore;
      report(`fuzz: ${endpoint}`, {
        figure:
          `${formatInt(details.numRuns)} runs (seed ${details.seed}) in ${((performance.now() - started) / 1000).toFixed(1)} s, ${formatInt(statuses.length)} requests: ` +
          `${fivexx} × 5xx; answers ${countBy(statuses, (status) => status)}; stored rows = model (${h.model.size}, ${change >= 0 ? '+' : ''}${change})`,
        problems,
      });
      if (details.failed) {
        // Carry on with the next endpoint from what is really stored.
        h.model.clear();
        for (const row of h.storedRows()) h.model.set(row._id, row);
      }
    }

    // The end state, field by field; the staff account untouched; only the fuzzer's own session left.
    const problems: string[] = [];
    try {
      h.checkStore(true);
    } catch (error) {
      problems.push(error instanceof Error ? error.message : String(error));
    }
    const staffAfter = JSON.stringify(h.reader.prepare('SELECT * FROM staff').all());
    if (staffAfter !== staffBefore) problems.push('the staff table changed');
    const sessions = (h.reader.prepare('SELECT count(*) AS n FROM sessions').get() as { n: number }).n;
    if (sessions !== 1) problems.push(`${sessions} sessions stored, expected only the fuzzer's own`);
    const stillIn = await h.send('check', { method: 'GET', url: '/api/clients', headers: h.headers() });
    if (stillIn.status !== 200) problems.push(`the fuzzer's own session no longer works: ${stillIn.status}`);
    if (prototypeSnapshot() !== prototypesBefore)
      problems.push('Object.prototype, Array.prototype or Function.prototype gained or lost properties');
    const polluted = ['isAdmin', 'polluted'].filter((key) => key in {});
    if (polluted.length > 0) problems.push(`({}) has ${polluted.join(', ')}`);
    if (h.fivexx > 0) problems.push(`${h.fivexx} answers were 5xx`);
    report(STORE_CHECK, {
      figure:
        `${formatInt(h.model.size)} clients stored = exactly the accepted ones, field by field; staff table unchanged; sessions ${sessions}; ` +
        `Object.prototype unchanged (${polluted.length} polluted keys); ${h.fivexx} × 5xx over all fuzz runs`,
      problems,
    });

    // One real fault for the header and leak checks: the database gone under the app gives a 500.
    const existing = h.pickExisting(0) ?? 'abc';
    h.reader.close();
    await app.db.destroy();
    const fault = await app.inject({ method: 'GET', url: `/api/clients/${existing}`, headers: h.headers() });
    context.recorder.record({
      source: 'fuzz (database closed)',
      method: 'GET',
      url: `/api/clients/${existing}`,
      status: fault.statusCode,
      headers: fault.headers,
      body: fault.body,
    });
    await app.close();
    closed = true;
  } finally {
    if (!closed) await app.close();
  }
}

export const fuzzGroup: Group = {
  name: 'fuzz',
  checks: [...ENDPOINTS.map((endpoint) => `fuzz: ${endpoint}`), STORE_CHECK],
  run: runFuzz,
};
