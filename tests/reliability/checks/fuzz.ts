/**
 * Hostile input: property-based fuzzing (fast-check) of every endpoint through `app.inject`, on
 * the app built in process with a temporary database. For each run the model (lib/hostile.ts)
 * says what the server must answer; whatever it accepted must read back exactly, the clients
 * table must hold exactly what the model holds, no answer may be a 5xx, and Object.prototype
 * must come out untouched.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { inProcessConfig } from '#server/testing/in-process-config.ts';
import { buildApp, type App } from '#server/app.ts';
import { countBy, formatInt, type Context, type Group, type Report } from '../lib/context.ts';
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

type StoredClient = ExpectedClient & { _id: string };

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

function fail(message: string): never {
  throw new Error(message);
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

function prototypeSnapshot(): string {
  return [Object.prototype, Array.prototype, Function.prototype]
    .map((proto) => Object.getOwnPropertyNames(proto).sort().join(','))
    .join('|');
}

function json<T>(answer: HttpResponse): T {
  try {
    return JSON.parse(answer.body) as T;
  } catch {
    return fail(`a ${answer.status} answer that is not JSON: ${answer.body.slice(0, 100)}`);
  }
}

/** Exactly the five fields of `expected`, with its values. */
function sameClient(actual: unknown, expected: StoredClient): boolean {
  if (!actual || typeof actual !== 'object') return false;
  const record = actual as Record<string, unknown>;
  const sameKeys = Object.keys(record).sort().join(',') === '_id,email,firstName,lastName,registrationDateTime';
  return sameKeys && Object.entries(expected).every(([key, value]) => record[key] === value);
}

/** Fails unless the answer is `status` with exactly `expected`. */
function expectClient(what: string, answer: HttpResponse, status: number, expected: StoredClient): void {
  if (answer.status !== status || !sameClient(json(answer), expected))
    fail(`${what}: ${answer.status} ${answer.body.slice(0, 200)} instead of ${JSON.stringify(expected).slice(0, 200)}`);
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

class Harness {
  readonly model = new Map<string, StoredClient>();
  readonly statuses: Array<[endpoint: string, status: number]> = [];
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

  async send(endpoint: string, request: HttpRequest): Promise<HttpResponse> {
    const answer = await this.context.recorder.inject(this.app, 'fuzz', request);
    this.statuses.push([endpoint, answer.status]);
    if (answer.status >= 500) {
      this.fivexx += 1;
      fail(`${request.method} ${request.path.slice(0, 80)} answered ${answer.status}: ${answer.body.slice(0, 200)}`);
    }
    return answer;
  }

  /** The fuzzer's own session cookie and `extra`. */
  headers(extra: Record<string, string | null | undefined> = {}): Record<string, string> {
    return headersOf({ cookie: this.cookie, ...extra });
  }

  storedRows(): StoredClient[] {
    const columns = 'id AS _id, first_name AS firstName, last_name AS lastName, email, registration_date_time AS registrationDateTime';
    return this.reader.prepare(`SELECT ${columns} FROM clients`).all() as StoredClient[];
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
    const answer = await this.send('read back', { method: 'GET', path: `/api/clients/${expected._id}`, headers: this.headers() });
    expectClient('read back', answer, 200, expected);
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
function expectBodyOutcome(verdict: BodyVerdict, answer: HttpResponse, successStatus: number, what: string): ExpectedClient | undefined {
  if (verdict.kind === 'refuse') {
    if (answer.status !== verdict.status)
      fail(`${what}: expected ${verdict.status} (${verdict.why}), got ${answer.status} ${answer.body.slice(0, 160)}`);
    return undefined;
  }
  if (answer.status === successStatus) return verdict.value;
  if (verdict.kind === 'either' && answer.status === 400) return undefined;
  return fail(`${what}: expected ${successStatus} for a valid body, got ${answer.status} ${answer.body.slice(0, 160)}`);
}

/** Fails unless the answer's status is one of `allowed`. */
function expectStatus(what: string, answer: HttpResponse, allowed: number[]): void {
  const got = `${answer.status} ${answer.body.slice(0, 100)}`;
  if (!allowed.includes(answer.status)) fail(`${what}: expected ${allowed.join(' or ')}, got ${got}`);
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
      fc.asyncProperty(clientPayload, contentType, originOption, async (body, type, origin) => {
        const verdict = judgeClientBody(type, body, origin);
        const headers = h.headers({ 'content-type': type, origin });
        const answer = await h.send('POST /api/clients', { method: 'POST', path: '/api/clients', headers, body });
        const accepted = expectBodyOutcome(verdict, answer, 201, 'POST');
        if (accepted) {
          const created = json<{ _id?: unknown }>(answer);
          if (typeof created._id !== 'string' || !isClientIdShape(created._id) || h.model.has(created._id))
            fail(`a 201 with the id ${String(created._id)}`);
          const expected = { _id: created._id, ...accepted };
          expectClient('POST', answer, 201, expected);
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
          const plain = await h.send('read back', { method: 'GET', path: '/api/clients', headers: h.headers() });
          const etag = String(plain.headers.etag ?? '');
          const ifNoneMatch = ifNoneMatchTemplate?.replace('ETAG', etag);
          const headers = h.headers({ 'if-none-match': ifNoneMatch, accept });
          const answer = await h.send('GET /api/clients', { method: 'GET', path: `/api/clients${query ?? ''}`, headers });
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
        const answer = await h.send('GET /api/clients/:clientId', { method: 'GET', path: `/api/clients/${segment}`, headers: h.headers() });
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
            expectClient(`GET ${judged.decoded}`, answer, 200, expected);
          } else if (answer.status !== 404)
            fail(`GET unknown id ${segment.slice(0, 60)}: expected 404, got ${answer.status} ${answer.body.slice(0, 100)}`);
        }
        h.checkStore();
      }),
    ),

    'PUT /api/clients/:clientId': fuzz(
      fc.asyncProperty(existingOrOdd(3), clientPayload, contentType, originOption, async (target, body, type, origin) => {
        const segment = segmentOf(target);
        const judged = judgeSegment(segment);
        const headers = h.headers({ 'content-type': type, origin });
        const answer = await h.send('PUT /api/clients/:clientId', { method: 'PUT', path: `/api/clients/${segment}`, headers, body });
        const what = `PUT /api/clients/${segment.slice(0, 40)}`;
        if ('status' in judged) {
          if (answer.status !== judged.status) fail(`${what}: expected ${judged.status}, got ${answer.status}`);
        } else {
          let verdict = judgeClientBody(type, body, origin);
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
              expectClient(what, answer, 200, expected);
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
          { weight: 6, arbitrary: fc.constant<{ type?: string; body?: string }>({}) },
          { weight: 1, arbitrary: fc.constant({ type: 'application/json', body: '{}' }) },
          { weight: 1, arbitrary: fc.record({ type: contentType, body: clientPayload }) },
        ),
        originOption,
        async (target, { type, body }, origin) => {
          const segment = segmentOf(target);
          const judged = judgeSegment(segment);
          const headers = h.headers({ 'content-type': type, origin });
          const path = `/api/clients/${segment}`;
          const answer = await h.send('DELETE /api/clients/:clientId', { method: 'DELETE', path, headers, body });
          const what = `DELETE /api/clients/${segment.slice(0, 40)}`;
          const outcome = () => (!('status' in judged) && judged.shape ? (h.model.has(judged.decoded) ? 204 : 404) : 400);
          const allowed = 'status' in judged ? [judged.status] : expectedForOptionalBody(outcome, type, body, origin);
          // A dot segment may not reach the route at all: then it is an unknown path (404), or 415 for lack of a JSON type.
          if (!('status' in judged) && judged.dots && allowed.includes(400)) allowed.push(404, 415);
          expectStatus(what, answer, allowed);
          if (answer.status === 204 && !('status' in judged)) {
            h.model.delete(judged.decoded);
            const gone = await h.send('read back', { method: 'GET', path: `/api/clients/${judged.decoded}`, headers: h.headers() });
            if (gone.status !== 404) fail(`after ${what}, GET answered ${gone.status}`);
          }
          h.checkStore();
        },
      ),
    ),

    'POST /logout': fuzz(
      fc.asyncProperty(
        fc.option(clientPayload, { freq: 2, nil: undefined }),
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
        async (body, type, cookie, origin) => {
          const headers = headersOf({ 'content-type': type, cookie, origin });
          const answer = await h.send('POST /logout', { method: 'POST', path: '/logout', headers, body });
          const allowed = expectedForOptionalBody(() => 204, type, body, origin);
          expectStatus('POST /logout', answer, allowed);
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
        async (body, type, origin) => {
          const headers = headersOf({ 'content-type': type, origin });
          const answer = await h.send('POST /login', { method: 'POST', path: '/login', headers, body });
          if (answer.headers['set-cookie'] !== undefined)
            fail(`a ${answer.status} login answer set a cookie: ${String(answer.headers['set-cookie'])}`);
          const guard = guardOf(type, body, origin);
          expectStatus('POST /login', answer, guard ? [guard.status] : validLogin(body) ? [401, 429] : [400]);
          if (answer.status === 429 && !/^\d+$/.test(String(answer.headers['retry-after'] ?? ''))) fail('a 429 without Retry-After');
          h.checkStore();
        },
      ),
    ),
  };
}

/**
 * The answers allowed to a call whose body is optional (DELETE, logout) once its URL is
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
  try {
    await app.ready();
    await app.staffAccounts.add(STAFF.username, STAFF.password);
    const h = new Harness(app, context, databaseFile);
    const body = JSON.stringify(STAFF);
    const login = await h.send('setup', { method: 'POST', path: '/login', headers: { 'content-type': 'application/json' }, body });
    h.cookie = sessionCookieOf(login);
    const staffBefore = JSON.stringify(h.reader.prepare('SELECT * FROM staff').all());
    const prototypesBefore = prototypeSnapshot();
    const storeProblems = () => {
      try {
        h.checkStore(true);
        return [];
      } catch (error) {
        return [messageOf(error)];
      }
    };
    const props = properties(h);

    for (const [index, endpoint] of ENDPOINTS.entries()) {
      const started = performance.now();
      const acceptedBefore = h.model.size;
      const details = await props[endpoint]({ numRuns: context.settings.fuzzRuns, seed: context.seed + index, endOnFailure: true });
      const problems = details.failed
        ? [
            `run ${details.numRuns + 1} (seed ${details.seed}, path ${details.counterexamplePath}): ${messageOf(details.errorInstance)}`,
            `input: ${fc.stringify(details.counterexample).slice(0, 400)}`,
            ...logs.slice(0, 2).map((line) => `server log: ${line.slice(0, 300)}`),
          ]
        : storeProblems();
      if (prototypeSnapshot() !== prototypesBefore || ({} as Record<string, unknown>).isAdmin !== undefined)
        problems.push('Object.prototype was polluted');
      const statuses = h.statuses.filter(([sentTo]) => sentTo === endpoint).map(([, status]) => status);
      const change = h.model.size - acceptedBefore;
      report(`fuzz: ${endpoint}`, {
        figure:
          `${formatInt(details.numRuns)} runs (seed ${details.seed}) in ${((performance.now() - started) / 1000).toFixed(1)} s, ${formatInt(statuses.length)} requests: ` +
          `${statuses.filter((status) => status >= 500).length} × 5xx; answers ${countBy(statuses, (status) => status)}; stored rows = model (${h.model.size}, ${change >= 0 ? '+' : ''}${change})`,
        problems,
      });
      if (details.failed) {
        // Carry on with the next endpoint from what is really stored.
        h.model.clear();
        for (const row of h.storedRows()) h.model.set(row._id, row);
      }
    }

    // The end state, field by field; the staff account untouched; only the fuzzer's own session left.
    const problems = storeProblems();
    if (JSON.stringify(h.reader.prepare('SELECT * FROM staff').all()) !== staffBefore) problems.push('the staff table changed');
    const sessions = (h.reader.prepare('SELECT count(*) AS n FROM sessions').get() as { n: number }).n;
    if (sessions !== 1) problems.push(`${sessions} sessions stored, expected only the fuzzer's own`);
    const stillIn = await h.send('check', { method: 'GET', path: '/api/clients', headers: h.headers() });
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
    const path = `/api/clients/${h.pickExisting(0) ?? 'abc'}`;
    h.reader.close();
    await app.db.destroy();
    await context.recorder.inject(app, 'fuzz (database closed)', { method: 'GET', path, headers: h.headers() });
  } finally {
    await app.close();
  }
}

export const fuzzGroup: Group = {
  name: 'fuzz',
  checks: [...ENDPOINTS.map((endpoint) => `fuzz: ${endpoint}`), STORE_CHECK],
  run: runFuzz,
};
