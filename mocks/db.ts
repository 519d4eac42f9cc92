/**
 * The mock backend's store (issue 39): the server's own repositories (server/repositories/) and team's and passkeys'
 * stores on its own schema, in SQLite compiled to WebAssembly (sqlite/sql-js-dialect.ts). What a write changes and
 * answers, the log and its batches, the Idempotency-Keys, the 30-day windows, the team's accounts, links and passkeys:
 * the server's code decides them, none of it written here; the mock's one session is the browser's (meta). In
 * memory, and in the browser also kept across reloads: the database's bytes, saved after each write before it answers
 * (persisted.ts). `loadMockDb()` opens it (awaited before the mock answers); `resetMockDb()` or `?mock-reset` brings
 * back the seed at once, a copy of a database seeded once.
 */
import type { Kysely } from 'kysely';
import type { SqlJsStatic } from 'sql.js';
import type { Client, ClientChange, ClientFields } from '#contract/api';
import {
  addDays,
  DEFAULT_CURRENCY,
  instantAt,
  salonDate,
  salonDateTime,
  WEEKDAYS,
  weekdayOf,
  type AppointmentMove,
  type NewAppointment,
  type Salon,
} from '#contract/book';
import { createBookSetup, type BookSetup } from '#contract/book-setup';
import type { AuditRecord } from '#contract/http';
import type { RegistrationOutcome } from '#contract/idempotency-key';
import type { Conditions, IfMatch, VersionedClient } from '#contract/if-match';
import type * as imports from '#contract/import';
import type * as merges from '#contract/merge';
import { DEFAULT_CANCEL_HOURS, type NewHold, type OnlineBooking } from '#contract/online-booking';
import { createPasskeyCeremonies } from '#contract/passkey-ceremonies';
import { normalizeUsername, type AuditExportQuery, type AuditQuery, type Role } from '#contract/team';
import { createTeamService } from '#contract/team-service';
import { createTeamStore, type TeamStoreOptions } from '#server/auth/team-store.ts';
import { UNREPORTED } from '#server/background/background-tasks.ts';
import { migrateToLatest } from '#server/db/migrations/index.ts';
import { createChangeFeed, DEFAULT_REPLAY_LIMIT, FEED_RETRY_MS, type ChangeLog } from '#server/events/change-feed.ts';
import type { StreamFeeds } from '#server/events/stream-feeds.ts';
import { appointmentFeedLog, createAppointmentsRepository } from '#server/repositories/appointments.ts';
import { createAuditRepository } from '#server/repositories/audit.ts';
import type { Writer } from '#server/repositories/client-log.ts';
import { createClientsRepository } from '#server/repositories/clients.ts';
import { createImportsRepository } from '#server/repositories/imports.ts';
import { createMergesRepository } from '#server/repositories/merges.ts';
import { DEFAULT_SALON_ADDRESS } from '#server/email/booking-email.ts';
import { createOnlineBookingRepository } from '#server/repositories/online-booking.ts';
import { createOutboxRepository } from '#server/repositories/outbox.ts';
import { createPasskeyStore } from '#server/repositories/passkeys.ts';
import { createSchedulesRepository } from '#server/repositories/schedules.ts';
import { createServicesRepository } from '#server/repositories/services.ts';
import { canPersist, persisted } from './persisted.ts';
import { DEMO_ACCOUNTS, seedAppointments, seedClients, seedHours, seedServices } from './seed.ts';
import { fromBase64, loadSqlJs, openSqlJs, toBase64, type SqlJsConnection } from './sqlite/sql-js-dialect.ts';

/** A stored client: live, or in "Recently deleted" until restored or erased. */
export type StoredClient = { client: Client; version: number; deleted: { at: string; by: string } | null };

/** An email the mock "sent" (issue 41): the panel's Emails list it. */
export type SentEmail = { id: string; to: string; subject: string; text: string; sentAt: string };

/** The mock's SMTP server, as the outbox's claims name a sender; how long it holds an email it takes (ms). */
const MOCK_SENDER = 'mock-panel';
const SENDER_LEASE_MS = 60_000;

/** What a handler records in the audit trail: as the server's `app.auditTrail.record`, with the request's browser. */
export type MockAuditRecord = AuditRecord & { userAgent?: string | null };

/** The account the writes are credited to when nobody logged in through the mock (tests open a session directly). */
const DEMO_USERNAME = 'admin';

/** What the database does not hold: the mock's one session (the log's `by`, since when), and the numbers of the next ids. */
type Meta = { sessionActive: boolean; username: string | null; signedInAt: string | null; nextId: number; nextBatch: number };
const initialMeta = (): Meta => ({ sessionActive: false, username: null, signedInAt: null, nextId: seedClients.length + 1, nextBatch: 1 });
/** In the browser: the meta, and the database's file in base64 (null: the seed). */
const kept = persisted<Meta & { file: string | null }>('salon-mock-db', () => ({ ...initialMeta(), file: null }));

/**
 * The team's store as the mock keeps it: a password as typed (marked, so that the server's "no password" never
 * matches one), a link's token as it is, an account's id its username; its sessions the browser's one (meta).
 */
const teamOptions: TeamStoreOptions = {
  passwords: { hash: async (password) => `typed:${password}`, verify: async (password, kept) => kept === `typed:${password}` },
  linkHash: (token) => token,
  newId: (username) => username,
  openSessions: async () => new Map(meta.sessionActive ? [[by(), 1]] : []),
  // The mock's one session is the one that asks when one is kept.
  async endSessions(accountId, exceptSession) {
    if (exceptSession !== undefined || !meta.sessionActive || by() !== accountId) return 0;
    mockDb.endSession();
    return 1;
  },
};

/** The confirmation emails' salon address and Message-ID domain: a server's without SALON_ADDRESS, the mock's own domain. */
const MOCK_EMAIL = { address: DEFAULT_SALON_ADDRESS, domain: 'mock.localhost' };

/** The server's repositories, the team's operations and the passkeys' ceremonies on one database: a reset opens another. */
function repositoriesOn(connection: SqlJsConnection) {
  const { db } = connection;
  const [clients, imports, merges] = [createClientsRepository(db), createImportsRepository(db), createMergesRepository(db)];
  const team = createTeamStore(db, teamOptions);
  const [staff, passkeys] = [createTeamService(team), createPasskeyCeremonies(createPasskeyStore(db))];
  const [services, schedules] = [createServicesRepository(db), createSchedulesRepository(db)];
  const bookSetup = createBookSetup({ services, schedules });
  // In the salon's time zone of the moment (tests pin it: setSalon).
  const appointments = () => createAppointmentsRepository(db, salon.timeZone);
  const onlineBooking = () =>
    createOnlineBookingRepository(db, { zone: salon.timeZone, cancelHours: DEFAULT_CANCEL_HOURS, newClientId: newId, email: MOCK_EMAIL });
  const book = { services, schedules, bookSetup, appointments, onlineBooking };
  const outbox = createOutboxRepository(db);
  return { connection, clients, imports, merges, audit: createAuditRepository(db), team, staff, passkeys, outbox, ...book };
}
export type Store = ReturnType<typeof repositoriesOn>;

/** sql.js, and the files every store starts from: migrated (setClients), and seeded (a reset). */
type Templates = { sqlJs: SqlJsStatic; migrated: Uint8Array; seeded: Uint8Array; seededFile: string };
let templates: Templates | undefined;
let store: Store | undefined;
let meta = initialMeta();
/** The salon's settings: the browser's own time zone and euros, as a server started without SALON_* in this zone. */
const browserSalon = (): Salon => ({ timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone, currency: DEFAULT_CURRENCY });
let salon = browserSalon();
/** The file last saved (base64): a change of session saves it again as it is. */
let file: string | null = null;
/** The server's feeds on the store's logs (the clients', the appointments'): the events streams read them, each write wakes them. */
let feeds: Promise<StreamFeeds> | undefined;
/** The operations, one after the other (exclusive). */
let queue: Promise<unknown> = Promise.resolve();

const loaded = (): Templates => {
  if (!templates) throw new Error('The mock store is not open yet: await loadMockDb() first');
  return templates;
};
const current = (): Store => (loaded(), store as Store);
const currentFeeds = (): Promise<StreamFeeds> => (loaded(), feeds as Promise<StreamFeeds>);

/** `clients`, each registered at version 1 by the demo account at its registration time (the seed, setClients). */
async function registerAll({ connection }: Store, clients: readonly Client[]): Promise<void> {
  await connection.db.transaction().execute(async (trx) => {
    const repository = createClientsRepository(trx);
    for (const { _id, ...fields } of clients) {
      await repository.insert(_id, fields, { by: DEMO_USERNAME, now: new Date(fields.registrationDateTime) });
    }
  });
}

/** The seed's appointments, this week in the salon's time, booked by the owner. */
async function bookTheWeek({ appointments, services }: Store, now: Date): Promise<void> {
  const { timeZone } = salon;
  const today = salonDate(now.getTime(), timeZone);
  const monday = addDays(today, -WEEKDAYS.indexOf(weekdayOf(today)));
  const offered = await services.list();
  for (const { day, time, staff, service, clientId } of seedAppointments) {
    const serviceId = offered.find(({ name }) => name === service)?.id ?? service;
    const start = salonDateTime(instantAt(addDays(monday, day), time, timeZone), timeZone);
    const outcome = await appointments().book({ clientId, serviceId, staff, start }, { by: DEMO_USERNAME, now });
    if (outcome.status !== 'booked') throw new Error(`The seed's appointment ${staff} ${start} was refused: ${outcome.status}`);
  }
}

async function makeTemplates(wasmUrl?: string): Promise<Templates> {
  const sqlJs = await loadSqlJs(wasmUrl);
  const seeding = repositoriesOn(openSqlJs(sqlJs));
  await migrateToLatest(seeding.connection.db as Kysely<unknown>);
  const migrated = seeding.connection.bytes();
  await registerAll(seeding, seedClients);
  const at = new Date().toISOString();
  for (const { username, password, role } of DEMO_ACCOUNTS) {
    const account = await seeding.team.insert(username, role, at);
    await seeding.team.setPassword(account.id, await seeding.team.hashPassword(password), at);
    await seeding.schedules.setHours(username, seedHours, at);
  }
  for (const service of seedServices) await seeding.services.add(service, at);
  await bookTheWeek(seeding, new Date(at));
  const seeded = seeding.connection.bytes();
  seeding.connection.close();
  return { sqlJs, migrated, seeded, seededFile: toBase64(seeded) };
}

/** The server's feed on one of the store's logs. */
const feedOn = (log: ChangeLog) => createChangeFeed(log, { replayLimit: DEFAULT_REPLAY_LIMIT, report: UNREPORTED, retryMs: FEED_RETRY_MS });

/** `next` in place of the store open now, which closes: an operation still running on it fails. Its feeds are the next's. */
function replaceStore(next: Store): void {
  store?.connection.close();
  store = next;
  const [clients, appointments] = [feedOn(next.clients), feedOn(appointmentFeedLog(next.connection.db))];
  feeds = Promise.all([clients, appointments]).then(([clients, appointments]) => ({ clients, appointments }));
  // The feeds read where the logs are before any write.
  queue = feeds.catch(() => undefined);
}

/** In the browser: the meta and, after a write (`written`), the database's file, kept for the next page load. */
function save(written?: Store): void {
  if (!canPersist()) return;
  if (written) file = toBase64(written.connection.bytes());
  kept.save({ ...meta, file });
}

/** Runs `work` once the operations before it are done: a write is saved and told before the next one starts. */
function exclusive<T>(work: (open: Store) => Promise<T>): Promise<T> {
  const run = queue.then(() => work(current()));
  queue = run.catch(() => undefined);
  return run;
}

/** A write by `by`, now: the server's repository does it; then the database is saved and the feeds woken. */
function write<T>(by: string, work: (open: Store, writer: Writer) => Promise<T>): Promise<T> {
  return exclusive(async (open) => {
    const result = await work(open, { by, now: new Date() });
    if (open !== store) return result;
    save(open);
    const { clients, appointments } = await currentFeeds();
    await Promise.all([clients.wake(), appointments.wake()]);
    return result;
  });
}

/** Takes every email waiting in `open`'s outbox and marks it sent, with the server's sender's operations; how many. */
async function sendWaiting({ outbox }: Store, now: Date): Promise<number> {
  let sent = 0;
  const next = () => outbox.claimNext(MOCK_SENDER, now, SENDER_LEASE_MS);
  for (let email = await next(); email; email = await next()) {
    if (await outbox.markSent(email.id, MOCK_SENDER, now)) sent += 1;
  }
  return sent;
}

const clientId = (n: number) => `mock-${String(n).padStart(6, '0')}`;
const newId = () => clientId(meta.nextId++);
/** The id of an import, a merge or an undo's batch. */
const batchId = (kind: string) => `${kind}-${meta.nextBatch++}`;

/** The visitor of the landing page, as the server names one by their address: the mock has one browser and no network. */
const MOCK_VISITOR = 'mock-browser';

/** The session's account (the log's `by`), and the conditions of a write as the repository takes them. */
const by = (): string => meta.username ?? DEMO_USERNAME;
const conditional = ({ ifMatch, ifNoneMatch }: Partial<Conditions> = {}) => [ifMatch, ifNoneMatch] as const;

export const mockDb = {
  startSession(username: string = DEMO_USERNAME) {
    meta = { ...meta, sessionActive: true, username, signedInAt: new Date().toISOString() };
    save();
  },
  endSession() {
    meta = { ...meta, sessionActive: false, username: null };
    save();
  },
  hasSession: (): boolean => meta.sessionActive,
  /** Who the handlers' writes are by. */
  sessionUser: by,
  /** When the session began ("Your sessions"). */
  signedInAt: () => meta.signedInAt,
  /** The role of an account, read at once; undefined for one the store does not have (the `colleague` of the tests). */
  roleOf(username: string): Role | undefined {
    const { connection } = current();
    return connection.read(
      connection.db.selectFrom('staff').select('role').where('username', '=', normalizeUsername(username)).compile(),
    )[0]?.role;
  },
  /** The role of the account logged in (an unknown name, as `colleague` uses, is staff). */
  sessionRole: (): Role => mockDb.roleOf(by()) ?? 'staff',
  /** GET /api/salon's answer (not kept across reloads: the browser's zone again). */
  salon: (): Salon => salon,
  /** Tests pin the salon's time zone or currency (until the next reset). */
  setSalon(settings: Partial<Salon>) {
    salon = { ...salon, ...settings };
  },
  /** The book's setup (the server's operations): a read. */
  readBook: <T>(work: (setup: BookSetup) => Promise<T>) => exclusive(({ bookSetup }) => work(bookSetup)),
  /** The book's setup: a write by the session's account, saved as every write. */
  writeBook: <T>(work: (setup: BookSetup) => Promise<T>) => write(by(), ({ bookSetup }) => work(bookSetup)),
  /** The team's operations and the passkeys' ceremonies (the server's), on the store: a write, saved as every write. */
  team: <T>(work: (open: Store) => Promise<T>) => write(by(), work),
  listClients: () =>
    exclusive(async ({ connection, clients }) =>
      (await connection.db.executeQuery(clients.jsonListQuery())).rows.map(({ json }) => JSON.parse(json) as Client),
    ),
  findClient: async (clientId: string) => (await mockDb.findVersioned(clientId))?.client,
  findVersioned: (clientId: string) => exclusive(({ clients }) => clients.findById(clientId)),
  createClient: (input: ClientFields, writer = by()) => write(writer, ({ clients }, at) => clients.insert(newId(), input, at)),
  register(input: ClientFields, key?: string, writer = by()): Promise<RegistrationOutcome<VersionedClient>> {
    if (key === undefined) return mockDb.createClient(input, writer).then((value) => ({ status: 'registered' as const, value }));
    return write(writer, async ({ clients }, at) => {
      const outcome = await clients.insertOnce(clientId(meta.nextId), input, at, key);
      // A replay registers nobody: the id is the next client's.
      if (outcome.status === 'registered') meta.nextId += 1;
      return outcome;
    });
  },
  updateClient: (clientId: string, input: ClientFields, writer = by(), conditions?: Conditions) =>
    write(writer, ({ clients }, at) => clients.update(clientId, input, at, ...conditional(conditions))),
  deleteClient: (clientId: string, writer = by(), conditions?: Conditions) =>
    write(writer, ({ clients }, at) => clients.delete(clientId, at, ...conditional(conditions))),
  restoreClient: (clientId: string, writer = by()) => write(writer, ({ clients }, at) => clients.restore(clientId, at)),
  eraseClient: (clientId: string, writer = by()) => write(writer, ({ clients }, at) => clients.erase(clientId, at)),
  listDeletedClients: () => exclusive(({ clients }) => clients.listDeleted()),
  /** A live or deleted client, its version and deletion (for the export); undefined when there is no such client. */
  findStored: (clientId: string) =>
    exclusive(async ({ clients }): Promise<StoredClient | undefined> => {
      const found = await clients.export(clientId, new Date());
      return found && { client: found.client, version: found.version, deleted: found.deleted };
    }),
  /** A live or deleted client's changes, newest first; undefined when there is no such client. */
  history: (clientId: string) =>
    exclusive(async ({ clients }) => {
      const json = await clients.historyJson(clientId);
      return json === undefined ? undefined : (JSON.parse(json) as ClientChange[]);
    }),
  /** The server's feeds on the store's logs, which an events stream reads (server/events/stream-feeds.ts). */
  feeds: currentFeeds,
  head: () => exclusive(async ({ clients }) => (await clients.logPosition()).head),
  /** The whole change log, oldest first (tests read the erasure's entry here). */
  changes: () => exclusive(({ clients }) => clients.entriesAfter(0)),
  /** Adds an entry to the audit trail, now. The mock has no network: no IP address. */
  recordAudit: (record: MockAuditRecord) => write(record.actor, ({ audit }, { now }) => audit.record(record, now)),
  auditPage: (query: AuditQuery, size: number) => exclusive(({ audit }) => audit.page(query, size)),
  auditEntries: (filter: AuditExportQuery) => exclusive(({ audit }) => audit.all(filter)),
  importClients: (request: imports.ImportRequest, sent?: imports.ImportIdempotency, writer = by()) =>
    write(writer, ({ imports }, at) => imports.write(batchId('import'), request, at, newId, sent)),
  listImports: () => exclusive(({ imports }) => imports.list(new Date())),
  findImport: (importId: string) => exclusive(({ imports }) => imports.find(importId, new Date())),
  undoImport: (importId: string, writer = by()) => write(writer, ({ imports }, at) => imports.undo(importId, at, batchId('undo'))),
  duplicates: () => exclusive(({ merges }) => merges.duplicates()),
  merge: (request: merges.MergeRequest, writer = by()) => write(writer, ({ merges }, at) => merges.merge(batchId('merge'), request, at)),
  mergesOf: (clientId: string) => exclusive(({ merges }) => merges.forClient(clientId, new Date())),
  undoMerge: (mergeId: string, writer = by()) => write(writer, ({ merges }, at) => merges.undo(mergeId, at, batchId('undo'))),
  listAppointments: (from: string, to: string, staff?: string) => exclusive(({ appointments }) => appointments().list(from, to, staff)),
  findAppointment: (id: string) => exclusive(({ appointments }) => appointments().find(id)),
  availability: (service: string, staff: string, date: string, except?: string) =>
    exclusive(({ appointments }) => appointments().availability(service, staff, date, except)),
  book: (request: NewAppointment, key?: string, writer = by()) =>
    write(writer, ({ appointments }, at) => appointments().book(request, at, key)),
  moveAppointment: (id: string, request: AppointmentMove, ifMatch: IfMatch, writer = by()) =>
    write(writer, ({ appointments }, at) => appointments().move(id, request, at, ifMatch)),
  cancelAppointment: (id: string, ifMatch: IfMatch, writer = by()) =>
    write(writer, ({ appointments }, at) => appointments().cancel(id, at, ifMatch)),
  restoreAppointment: (id: string, writer = by()) => write(writer, ({ appointments }, at) => appointments().restore(id, at)),
  appointmentHistory: (id: string) => exclusive(({ appointments }) => appointments().history(id)),
  clientAppointments: (clientId: string) => exclusive(({ appointments }) => appointments().forClient(clientId, new Date())),
  /** How many emails wait to be sent (the server's outbox repository). */
  outboxWaiting: () => exclusive(({ outbox }) => outbox.waiting()),
  bookingOffer: () => exclusive(({ onlineBooking }) => onlineBooking().offer(salon.currency)),
  bookingDays: (service: string, staff?: string) =>
    exclusive(({ onlineBooking }) => onlineBooking().days(service, staff, MOCK_VISITOR, new Date())),
  bookingTimes: (service: string, staff: string | undefined, date: string) =>
    exclusive(({ onlineBooking }) => onlineBooking().times(service, staff, date, MOCK_VISITOR, new Date())),
  hold: (request: NewHold) => write(MOCK_VISITOR, ({ onlineBooking }, { now }) => onlineBooking().hold(request, MOCK_VISITOR, now)),
  releaseHold: (token: string) => write(MOCK_VISITOR, ({ onlineBooking }) => onlineBooking().release(token)),
  /** Books, its confirmation kept in the outbox with a cancel link on `origin` (the page's). */
  bookOnline: (request: OnlineBooking, origin: string = globalThis.location.origin) =>
    write(MOCK_VISITOR, ({ onlineBooking }, { now }) => onlineBooking().book(request, MOCK_VISITOR, now, origin)),
  bookingCancellation: (token: string) => exclusive(({ onlineBooking }) => onlineBooking().cancellation(token, new Date())),
  cancelOnline: (token: string) => write(MOCK_VISITOR, ({ onlineBooking }, { now }) => onlineBooking().cancel(token, now)),
  clientDetails: (clientId: string) => exclusive(({ onlineBooking }) => onlineBooking().clientDetails(clientId)),
  /**
   * The panel's Emails (docs/testing-the-cache.md): the mock's SMTP server takes every email waiting, now, and marks
   * it sent (saved as a write); then every email sent, newest first.
   */
  sendEmails: () =>
    exclusive(async (open): Promise<SentEmail[]> => {
      if ((await sendWaiting(open, new Date())) > 0 && open === store) save(open);
      const rows = await open.connection.db
        .selectFrom('outbox')
        .select(['id', 'recipient', 'subject', 'text', 'sent_at'])
        .where('sent_at', 'is not', null)
        .orderBy('sent_at', 'desc')
        .orderBy('created_at', 'desc')
        .execute();
      return rows.map(({ id, recipient, subject, text, sent_at }) => ({ id, to: recipient, subject, text, sentAt: sent_at as string }));
    }),
  /**
   * Replaces every client and the log (tests set up exactly the list they need): each registered at version 1 in a new
   * database, the log numbered from 1 again; the session, the ids, the audit trail, the team and the book's setup stay.
   */
  setClients: (clients: readonly Client[]) =>
    exclusive(async ({ connection }) => {
      const next = repositoriesOn(openSqlJs(loaded().sqlJs, loaded().migrated));
      const tables = [
        'audit_entries',
        'staff',
        'sign_in_links',
        'passkeys',
        'passkey_challenges',
        'services',
        'working_hours',
        'time_off',
      ] as const;
      for (const table of tables) {
        const rows = await connection.db.selectFrom(table).selectAll().execute();
        if (rows.length > 0) await next.connection.db.insertInto(table).values(rows).execute();
      }
      await registerAll(next, clients);
      replaceStore(next);
      save(next);
    }),
};

/** The seed again, at once (before every test of the SPA): a copy of the seeded file, with the demo accounts. */
export function resetMockDb(): void {
  const { sqlJs, seeded, seededFile } = loaded();
  replaceStore(repositoriesOn(openSqlJs(sqlJs, seeded)));
  meta = initialMeta();
  salon = browserSalon();
  file = seededFile;
  save();
}

let loading: Promise<void> | undefined;

/**
 * Opens the store: sql.js (its WebAssembly from `wasmUrl` in the browser), the seeded file made, then the database
 * the browser kept, migrated as the server's would be, or the seed. Once; awaited before the mock answers.
 */
export function loadMockDb(wasmUrl?: string): Promise<void> {
  loading ??= open(wasmUrl);
  return loading;
}

async function open(wasmUrl?: string): Promise<void> {
  templates = await makeTemplates(wasmUrl);
  const { file: keptFile, ...keptMeta } = (await kept.loadLarge()) ?? kept.load();
  if (keptFile !== null) {
    const keptStore = repositoriesOn(openSqlJs(templates.sqlJs, fromBase64(keptFile)));
    try {
      await migrateToLatest(keptStore.connection.db as Kysely<unknown>);
      replaceStore(keptStore);
      const { sessionActive, username, signedInAt = null, nextId, nextBatch } = keptMeta;
      [meta, file] = [{ sessionActive, username, signedInAt, nextId, nextBatch }, keptFile];
      return;
    } catch {
      // Not a database this mock can open: the seed.
      keptStore.connection.close();
    }
  }
  replaceStore(repositoriesOn(openSqlJs(templates.sqlJs, templates.seeded)));
  [meta, file] = [initialMeta(), templates.seededFile];
}
