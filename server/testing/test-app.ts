/**
 * Builds the app for a test on a fresh, migrated database (test-database.ts), with one staff account, a
 * clock the test can move, and cheap password hashing (the OWASP cost is tested once, in
 * password.test.ts). Everything is closed and deleted when the test ends.
 */
import type { AddressInfo } from 'node:net';
import type { HTTPMethods, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import type { Client } from '#contract/api';
import { buildApp, type App } from '../app.ts';
import type { AppConfig } from '../config.ts';
import { openDatabase, type DatabaseConfig } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { inProcessConfig } from './in-process-config.ts';
import { migratedTestDatabase } from './test-database.ts';
import { whenDone } from './cleanup.ts';

export { temporaryDirectory } from './test-database.ts';

export const STAFF = { username: 'nina', password: 'correct horse battery' } as const;
/** An account with the staff role (STAFF, made by every test app, is an owner). */
export const STAFF_MEMBER = { username: 'sam', password: 'sam’s own long password' } as const;

const START_TIME = Date.parse('2025-03-01T09:00:00.000Z');

type TestClock = { now: number; advance(ms: number): void };

function createClock(start = START_TIME): TestClock {
  return {
    now: start,
    advance(ms: number) {
      this.now += ms;
    },
  };
}

export type TestApp = {
  app: App;
  clock: TestClock;
  database: DatabaseConfig;
  /** The SQLite file, for the tests about SQLite itself (a throw on PostgreSQL). */
  readonly databaseFile: string;
  logs: string[];
};

export type TestAppOptions = {
  /** Reuse a database (a restart, a second instance); a fresh one otherwise. */
  database?: DatabaseConfig;
  /** Reuse a SQLite file (the tests of backup and restore). */
  databaseFile?: string;
  clock?: TestClock;
  config?: Partial<AppConfig>;
  /** Create the STAFF account (default true; false when reopening a database that has it). */
  withStaff?: boolean;
};

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database: DatabaseConfig =
    options.database ?? (options.databaseFile ? { kind: 'sqlite', file: options.databaseFile } : await migratedTestDatabase());
  const clock = options.clock ?? createClock();
  const logs: string[] = [];
  const app = await buildApp(
    inProcessConfig(database, {
      logLevel: 'info',
      logStream: { write: (line) => void logs.push(line) },
      clock: () => clock.now,
      ...options.config,
    }),
  );
  whenDone(() => app.close());
  await app.ready();
  if (options.withStaff ?? true) await app.staffAccounts.add(STAFF.username, STAFF.password, 'owner');
  return {
    app,
    clock,
    database,
    get databaseFile() {
      if (database.kind !== 'sqlite') throw new Error('This test is about SQLite: it has no place in the PostgreSQL project');
      return database.file;
    },
    logs,
  };
}

/** A test app listening on 127.0.0.1 and a free port (for tests of what happens on the socket), closed when the test ends. */
export async function listeningTestApp(options?: TestAppOptions): Promise<TestApp & { port: number }> {
  const test = await createTestApp(options);
  await test.app.listen({ port: 0, host: '127.0.0.1' });
  return Object.assign(test, { port: (test.app.server.address() as AddressInfo).port });
}

/** A connection of its own to the test's database, as another process has one (the staff CLI, a second server); closed when the test ends. */
export async function anotherConnection(test: TestApp): Promise<Kysely<Database>> {
  const { db } = await openDatabase(test.database);
  whenDone(() => db.destroy());
  return db;
}

/** The `name=value` part of the session cookie a response set. */
export function sessionCookieOf(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie'];
  const cookie = (Array.isArray(header) ? header[0] : header)?.split(';')[0];
  if (!cookie) throw new Error(`No Set-Cookie in a ${response.statusCode} response: ${response.body}`);
  return cookie;
}

export async function logIn(app: App, credentials: { username: string; password: string } = STAFF): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/login', payload: credentials });
  if (response.statusCode !== 200) throw new Error(`Login failed with ${response.statusCode}: ${response.body}`);
  return sessionCookieOf(response);
}

/** A test app with the STAFF account logged in: the app and the session cookie. */
export type LoggedInApp = TestApp & { cookie: string };

export async function loggedIn(options?: TestAppOptions): Promise<LoggedInApp> {
  const test = await createTestApp(options);
  const cookie = await logIn(test.app);
  return Object.assign(test, { cookie });
}

/** The same app with another session's cookie (its getters kept: a spread would read `databaseFile`, a throw on PostgreSQL). */
export function withCookie(test: TestApp, cookie: string): LoggedInApp {
  const descriptors = { ...Object.getOwnPropertyDescriptors(test), cookie: { value: cookie, enumerable: true, writable: true } };
  return Object.defineProperties({}, descriptors) as LoggedInApp;
}

/** The same app logged in as STAFF_MEMBER, an account with the staff role (made here). */
export async function asStaffMember(test: LoggedInApp): Promise<LoggedInApp> {
  await test.app.staffAccounts.add(STAFF_MEMBER.username, STAFF_MEMBER.password, 'staff');
  return withCookie(test, await logIn(test.app, STAFF_MEMBER));
}

/** A request through `app.inject` as the logged-in staff: the session cookie, with `headers` beside it. */
export function asStaff(
  test: LoggedInApp,
  method: HTTPMethods,
  url: string,
  { payload, headers }: { payload?: InjectOptions['payload']; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return test.app.inject({ method, url, payload, headers: { cookie: test.cookie, ...headers } });
}

/** Registers a client through the API (aClient unless told otherwise) and returns it as the response had it. */
export async function createClient(test: LoggedInApp, body: object = aClient): Promise<Client> {
  const response = await asStaff(test, 'POST', '/api/clients', { payload: body });
  if (response.statusCode !== 201) throw new Error(`Creating a client failed with ${response.statusCode}: ${response.body}`);
  return response.json<Client>();
}

export const aClient = {
  firstName: 'Amelia',
  lastName: 'Hart',
  email: 'amelia.hart@example.com',
  registrationDateTime: '2024-05-01T10:30',
} as const;
