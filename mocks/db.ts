// The mock backend's store: clients, their change log and the demo session, in memory, and in the browser also in
// localStorage (kept across reloads), or in IndexedDB once it outgrows localStorage (an import of 10,000 clients).
// `resetMockDb()` or `?mock-reset` brings back the seed.
import { createStore, del, get, set } from 'idb-keyval';
import type { ChangeKind, Client, ClientChange, ClientFields, ClientInput, DeletedClient } from '#contract/api';
import { IDEMPOTENCY_KEY_TTL_MS, replayOf, type RegistrationOutcome } from '#contract/idempotency-key';
import type { IfMatch, VersionedClient, WriteOutcome } from '#contract/if-match';
import {
  IMPORT_UNDO_DAYS,
  importVerdicts,
  type ClientNamed,
  type ImportOutcome,
  type ImportRequest,
  type ImportSummary,
  type UndoImportOutcome,
} from '#contract/import';
import { emailKey } from '#contract/text';
import { undoableSince, undoableUntil } from '#contract/time-windows';
import { duplicatePairs, registeredFirst } from '#contract/duplicates';
import {
  MERGE_UNDO_DAYS,
  mergedFields,
  type DuplicatePairBody,
  type MergeOutcome,
  type MergeRequest,
  type MergeSummary,
  type UnmergeOutcome,
} from '#contract/merge';
import type { AuditEntry, AuditExportQuery, AuditKind, AuditPage, AuditQuery, Role } from '#contract/team';
import { seedClients } from './seed.ts';
import { resetTeamDb, teamDb } from './team-db.ts';

/** A stored client: live, or in "Recently deleted" until restored or erased. */
export type StoredClient = { client: Client; version: number; deleted: { at: string; by: string } | null };

type MockState = {
  clients: StoredClient[];
  /** Every write of a client, oldest first (DESIGN.md: the change log); `seq` increases across the store. */
  changes: ClientChange[];
  /** Whether the demo account is logged in: the mock's stand-in for the session cookie. */
  sessionActive: boolean;
  /** Who is logged in: the change log's `by` for the writes the handlers make. */
  username: string | null;
  nextId: number;
  nextSeq: number;
  /** The Idempotency-Keys of registrations, per account, as the server keeps them (24 hours). */
  idempotencyKeys?: Array<{ by: string; key: string; clientId: string; at: number }>;
  /** The audit trail, oldest first, as the server keeps it (only ever added to); absent in a store saved before it. */
  audit?: AuditEntry[];
  /** The imports of client files (issue 29), oldest first; absent in a store saved before them. */
  imports?: MockImport[];
  /** The seqs of each import's entries and each undo's, first to last: a replay sends each as one `batch` event. */
  batches?: MockBatch[];
  /** Merges of duplicates (issue 29), with the other client as it was; absent in a store saved before them. */
  merges?: Array<{ summary: MergeSummary; other: StoredClient }>;
};

/** The entries of one import or undo in the change log: `from` to `to`, every seq between. */
export type MockBatch = { from: number; to: number };

/** An import as the mock keeps it: its summary, and what its undo needs (each client at the version it left). */
type MockImport = {
  summary: ImportSummary;
  /** Its Idempotency-Key and what the request held (`requestKey`), as the server keeps them: a retry is answered again. */
  idempotency?: { key: string; request: string };
  created: Array<{ clientId: string; version: number }>;
  updated: Array<{ clientId: string; version: number; before: ClientFields }>;
};

/**
 * What a retry must send again to be answered with the first import (the server keeps the SHA-256 of the parsed
 * body): a 53-bit hash of its JSON, enough for a mock, and synchronous where crypto.subtle is not (plain http).
 */
function requestKey(request: ImportRequest): string {
  const json = JSON.stringify(request);
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let index = 0; index < json.length; index += 1) {
    const code = json.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return `${json.length}:${(4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36)}`;
}

/** What a handler records in the audit trail: as the server's `app.auditTrail.record`, with the request's browser. */
export type MockAuditRecord = {
  kind: AuditKind;
  actor: string;
  subject?: string | null;
  detail?: string | null;
  userAgent?: string | null;
};

const STORAGE_KEY = 'salon-mock-db';

/**
 * A store longer than this (in characters of JSON) is kept in IndexedDB, and localStorage only says so: browsers give
 * an origin about 5 million characters of localStorage, shared with the team's store and the app's own keys, and a
 * store holding an import of 10,000 clients is about 5 million (then 7 million with its undo).
 */
const LOCAL_STORAGE_MAX_CHARS = 1_000_000;
const IN_INDEXED_DB = '{"storedIn":"indexeddb"}';
let idbStore: ReturnType<typeof createStore> | undefined;
const indexedDbStore = () => (idbStore ??= createStore('salon-mock', 'store'));

/** The account the writes are credited to when nobody logged in through the mock (tests open a session directly). */
const DEMO_USERNAME = 'admin';

const fieldsOf = ({ _id: _ignored, ...fields }: Client): ClientFields => fields;

/** A store holding `clients`, each registered (version 1) by `by` at its registration time. */
function stateWith(clients: readonly Client[], by: string, session: Pick<MockState, 'sessionActive' | 'username'>): MockState {
  const copies = structuredClone([...clients]);
  return {
    clients: copies.map((client) => ({ client, version: 1, deleted: null })),
    changes: copies.map((client, index) => ({
      seq: index + 1,
      clientId: client._id,
      version: 1,
      kind: 'registered',
      by,
      at: client.registrationDateTime,
      before: null,
      after: fieldsOf(client),
    })),
    ...session,
    nextId: copies.length + 1,
    nextSeq: copies.length + 1,
  };
}

function initialState(): MockState {
  return stateWith(seedClients, DEMO_USERNAME, { sessionActive: false, username: null });
}

function canPersist(): boolean {
  return typeof window !== 'undefined' && typeof window.localStorage !== 'undefined' && !import.meta.env.VITEST;
}

/** The store a browser kept before clients had versions: `clients` was a plain list. */
type StateBeforeVersions = { clients: Client[]; sessionActive: boolean; nextId: number };

function load(saved: string | null | undefined = canPersist() ? window.localStorage.getItem(STORAGE_KEY) : null): MockState {
  try {
    if (!saved || saved === IN_INDEXED_DB) return initialState();
    const parsed = JSON.parse(saved) as MockState | StateBeforeVersions;
    if ('changes' in parsed) return parsed;
    // Clients kept from before the change log, as the server's migration does: registered by "unknown".
    return { ...stateWith(parsed.clients, 'unknown', { sessionActive: parsed.sessionActive, username: null }), nextId: parsed.nextId };
  } catch {
    return initialState();
  }
}

let state = load();
let inIndexedDb = false;

/**
 * The store as the browser kept it, from IndexedDB when it outgrew localStorage: awaited before the mock answers.
 * (Read at once from localStorage when the module loads, so that Node's tests need no await.)
 */
export async function loadMockDb(): Promise<void> {
  if (!canPersist() || window.localStorage.getItem(STORAGE_KEY) !== IN_INDEXED_DB) return;
  inIndexedDb = true;
  state = load(await get<string>(STORAGE_KEY, indexedDbStore()).catch(() => undefined));
}

function save() {
  if (!canPersist()) return;
  const json = JSON.stringify(state);
  if (json.length <= LOCAL_STORAGE_MAX_CHARS) {
    window.localStorage.setItem(STORAGE_KEY, json);
    if (inIndexedDb) void del(STORAGE_KEY, indexedDbStore());
    inIndexedDb = false;
    return;
  }
  // A string: IndexedDB copies it whole, rather than walking 10,000 clients object by object.
  void set(STORAGE_KEY, json, indexedDbStore());
  window.localStorage.setItem(STORAGE_KEY, IN_INDEXED_DB);
  inIndexedDb = true;
}

const stored = (clientId: string) => state.clients.find((entry) => entry.client._id === clientId);
const live = (clientId: string) => {
  const entry = stored(clientId);
  return entry && entry.deleted === null ? entry : undefined;
};

function latestChange(clientId: string): ClientChange | undefined {
  return state.changes.findLast((change) => change.clientId === clientId);
}

/** Appends the entry of a write that made `version`; its `before` is the latest entry's `after` (the log is the truth). */
function append(clientId: string, version: number, kind: ChangeKind, by: string, after: ClientFields | null): ClientChange {
  const change: ClientChange = {
    seq: state.nextSeq,
    clientId,
    version,
    kind,
    by,
    at: new Date().toISOString(),
    before: kind === 'registered' ? null : (latestChange(clientId)?.after ?? null),
    after,
  };
  state.nextSeq += 1;
  state.changes.push(change);
  // Told once the write is whole (its client stored, the store saved): the events handler reads it then.
  queueMicrotask(() => {
    for (const listener of changeListeners) listener(change);
  });
  return change;
}

/** The entries `filter` matches (an account that did it or had it done to it, a kind), newest first. */
function auditMatching({ account, kind }: AuditExportQuery): AuditEntry[] {
  return (state.audit ?? [])
    .filter((entry) => account === undefined || entry.actor === account || entry.subject === account)
    .filter((entry) => kind === undefined || entry.kind === kind)
    .reverse();
}

const changeListeners = new Set<(change: ClientChange) => void>();
/** Told once per import or undo: one refresh for colleagues, not 10,000 changes. */
const batchListeners = new Set<(batch: MockBatch) => void>();

/**
 * Writes an import or its undo: `write` appends its entries with `record` (no listener told of each), then the store is
 * saved once and the batch's listeners told once.
 */
function inBatch<T>(write: (record: (change: Omit<ClientChange, 'seq'>) => void) => T): T {
  const batch = { from: state.nextSeq, to: state.nextSeq - 1 };
  const result = write((change) => {
    state.changes.push({ seq: state.nextSeq, ...change });
    batch.to = state.nextSeq;
    state.nextSeq += 1;
  });
  if (batch.to >= batch.from) {
    state.batches = [...(state.batches ?? []), batch];
    queueMicrotask(() => {
      for (const listener of batchListeners) listener(batch);
    });
  }
  save();
  return result;
}

/** The imports of the last IMPORT_UNDO_DAYS days, oldest first: as the server, those at or after `undoableSince`. */
function recentImports() {
  const since = undoableSince(Date.now(), IMPORT_UNDO_DAYS);
  return (state.imports ?? []).filter((entry) => entry.summary.at >= since);
}
const namedClient = ({ _id, firstName, lastName }: Client): ClientNamed => ({ clientId: _id, firstName, lastName });

/** Each email's client, the one registered first when a family shares one (the contract's `importVerdicts`). */
function clientsByEmail(): Map<string, string> {
  const byEmail = new Map<string, string>();
  const clients = mockDb.listClients().toSorted((a, b) => a.registrationDateTime.localeCompare(b.registrationDateTime));
  for (const client of clients) if (!byEmail.has(emailKey(client.email))) byEmail.set(emailKey(client.email), client._id);
  return byEmail;
}

const matches = (ifMatch: IfMatch, version: number) => ifMatch === undefined || ifMatch === '*' || ifMatch.includes(version);

/** Why a write wrote nothing: without If-Match, no such client; with it, the client's latest change (412). */
function unwritten(clientId: string, ifMatch: IfMatch): WriteOutcome<never> {
  const latest = latestChange(clientId);
  if (ifMatch === undefined || !latest) return { status: 'not-found' };
  return {
    status: 'stale',
    current: {
      client: live(clientId)?.client ?? null,
      version: latest.version,
      kind: latest.kind,
      changedBy: latest.by,
      changedAt: latest.at,
    },
  };
}

export const mockDb = {
  startSession(username: string = DEMO_USERNAME) {
    state.sessionActive = true;
    state.username = username;
    save();
  },
  endSession() {
    state.sessionActive = false;
    state.username = null;
    save();
  },
  hasSession(): boolean {
    return state.sessionActive;
  },
  /** Who the handlers' writes are by. */
  sessionUser(): string {
    return state.username ?? DEMO_USERNAME;
  },
  /** The role of the account logged in (an unknown name, as `colleague` uses, is staff). */
  sessionRole(): Role {
    return teamDb.roleOf(mockDb.sessionUser()) ?? 'staff';
  },
  /** The live clients (not those in "Recently deleted"). */
  listClients(): Client[] {
    return state.clients.filter((entry) => entry.deleted === null).map((entry) => entry.client);
  },
  findClient(clientId: string): Client | undefined {
    return live(clientId)?.client;
  },
  /** A live client with its version (for the ETag). */
  findVersioned(clientId: string): VersionedClient | undefined {
    const entry = live(clientId);
    return entry && { client: entry.client, version: entry.version };
  },
  createClient(input: ClientInput, by: string = mockDb.sessionUser()): VersionedClient {
    const client: Client = { _id: `mock-${String(state.nextId).padStart(6, '0')}`, ...input };
    state.nextId += 1;
    state.clients.push({ client, version: 1, deleted: null });
    append(client._id, 1, 'registered', by, fieldsOf(client));
    save();
    return { client, version: 1 };
  },
  /** A registration sent with an Idempotency-Key: registered once per account and key within 24 hours. */
  createClientOnce(input: ClientInput, key: string, by: string = mockDb.sessionUser()): RegistrationOutcome<VersionedClient> {
    const now = Date.now();
    const keys = (state.idempotencyKeys ?? []).filter((entry) => now - entry.at < IDEMPOTENCY_KEY_TTL_MS);
    const first = keys.find((entry) => entry.by === by && entry.key === key);
    if (first) {
      const registered = state.changes.find((change) => change.clientId === first.clientId && change.kind === 'registered');
      return replayOf(first.clientId, registered?.after, input);
    }
    const created = mockDb.createClient(input, by);
    state.idempotencyKeys = [...keys, { by, key, clientId: created.client._id, at: now }];
    save();
    return { status: 'registered', value: created };
  },
  /** Replaces a live client's fields when `ifMatch` allows (none, `*`, or its version among the tags). */
  updateClient(clientId: string, input: ClientInput, by: string = mockDb.sessionUser(), ifMatch?: IfMatch): WriteOutcome<VersionedClient> {
    const entry = live(clientId);
    if (!entry || !matches(ifMatch, entry.version)) return unwritten(clientId, ifMatch);
    entry.client = { _id: clientId, ...input };
    entry.version += 1;
    append(clientId, entry.version, 'updated', by, fieldsOf(entry.client));
    save();
    return { status: 'written', value: { client: entry.client, version: entry.version } };
  },
  /** Moves a live client to "Recently deleted" when `ifMatch` allows; the new version. */
  deleteClient(clientId: string, by: string = mockDb.sessionUser(), ifMatch?: IfMatch): WriteOutcome<number> {
    const entry = live(clientId);
    if (!entry || !matches(ifMatch, entry.version)) return unwritten(clientId, ifMatch);
    entry.version += 1;
    const change = append(clientId, entry.version, 'deleted', by, null);
    entry.deleted = { at: change.at, by };
    save();
    return { status: 'written', value: entry.version };
  },
  /** A deleted client back in the list, same id and history; undefined when no such client is deleted. */
  restoreClient(clientId: string, by: string = mockDb.sessionUser()): VersionedClient | undefined {
    const entry = stored(clientId);
    if (!entry || entry.deleted === null) return undefined;
    entry.deleted = null;
    entry.version += 1;
    append(clientId, entry.version, 'restored', by, fieldsOf(entry.client));
    save();
    return { client: entry.client, version: entry.version };
  },
  /** Removes a client (live or deleted) and its history, leaving one "erased" entry without personal data. */
  eraseClient(clientId: string, by: string = mockDb.sessionUser()): boolean {
    const entry = stored(clientId);
    if (!entry) return false;
    state.clients = state.clients.filter((other) => other !== entry);
    state.changes = state.changes.filter((change) => change.clientId !== clientId);
    append(clientId, entry.version + 1, 'erased', by, null);
    save();
    return true;
  },
  /** "Recently deleted", newest deletion first. */
  listDeletedClients(): DeletedClient[] {
    return (
      state.clients
        .flatMap((entry) => (entry.deleted ? [{ ...entry.client, deletedAt: entry.deleted.at, deletedBy: entry.deleted.by }] : []))
        // The latest change of a deleted client is its deletion: the highest seq is the newest.
        .sort((a, b) => (latestChange(b._id)?.seq ?? 0) - (latestChange(a._id)?.seq ?? 0))
    );
  },
  /** A live or deleted client, its version and deletion (for the export); undefined when there is no such client. */
  findStored(clientId: string): Readonly<StoredClient> | undefined {
    return stored(clientId);
  },
  /** A live or deleted client's changes, newest first; undefined when there is no such client. */
  history(clientId: string): ClientChange[] | undefined {
    if (!stored(clientId)) return undefined;
    return state.changes.filter((change) => change.clientId === clientId).reverse();
  },
  /** Calls `listener` with each change as it is made (the events stream); returns what stops it. */
  onChange(listener: (change: ClientChange) => void): () => void {
    changeListeners.add(listener);
    return () => void changeListeners.delete(listener);
  },
  /** The log's newest seq (0 when empty). */
  head(): number {
    return state.nextSeq - 1;
  },
  /** The imports' and undos' entries, each batch's first and last seq, oldest first. */
  batches(): readonly MockBatch[] {
    return state.batches ?? [];
  },
  /** The whole change log, oldest first (tests read the erasure's entry here). */
  changes(): readonly ClientChange[] {
    return state.changes;
  },
  /** Adds an entry to the audit trail, now. The mock has no network: no IP address. */
  recordAudit({ kind, actor, subject = null, detail = null, userAgent = null }: MockAuditRecord): AuditEntry {
    const audit = state.audit ?? [];
    const entry: AuditEntry = {
      seq: (audit.at(-1)?.seq ?? 0) + 1,
      at: new Date().toISOString(),
      kind,
      actor,
      subject,
      detail,
      ip: null,
      userAgent,
    };
    state.audit = [...audit, entry];
    save();
    return entry;
  },
  /** A page of the trail, newest first, as GET /api/audit answers. */
  auditPage({ before, ...filter }: AuditQuery, size: number): AuditPage {
    const older = auditMatching(filter).filter((entry) => before === undefined || entry.seq < before);
    const entries = older.slice(0, size);
    return { entries, nextBefore: older.length > size ? (entries.at(-1)?.seq ?? null) : null };
  },
  /** Every entry `filter` matches, newest first (GET /api/audit-export). */
  auditEntries(filter: AuditExportQuery): AuditEntry[] {
    return auditMatching(filter);
  },
  /**
   * POST /api/imports with an Idempotency-Key, as the server's: the same key from the same account within 24 hours
   * answers the first import again as it is now (nothing written), or is refused when it came with another request.
   */
  importClientsOnce(request: ImportRequest, key: string, by: string = mockDb.sessionUser()): ImportOutcome {
    const sent = requestKey(request);
    const first = (state.imports ?? []).find(
      (entry) =>
        entry.summary.by === by && entry.idempotency?.key === key && Date.now() - Date.parse(entry.summary.at) < IDEMPOTENCY_KEY_TTL_MS,
    );
    if (first) return first.idempotency?.request === sent ? { status: 'replayed', summary: first.summary } : { status: 'key-reused' };
    return { status: 'imported', summary: mockDb.importClients(request, by, { key, request: sent }) };
  },
  /** POST /api/imports: every row's verdict as the preview's, the new rows (and existing ones on "update") written. */
  importClients(
    { fileName, existing, rows }: ImportRequest,
    by: string = mockDb.sessionUser(),
    idempotency?: MockImport['idempotency'],
  ): ImportSummary {
    const at = new Date().toISOString();
    const byEmail = clientsByEmail();
    const verdicts = importVerdicts(rows, (key) => byEmail.get(key), at);
    const entries = new Map(state.clients.map((entry) => [entry.client._id, entry]));
    const done: MockImport = {
      summary: { id: '', at, by, fileName, existing, created: 0, updated: 0, skipped: 0, undone: null },
      created: [],
      updated: [],
      ...(idempotency ? { idempotency } : {}),
    };
    return inBatch((record) => {
      for (const verdict of verdicts) {
        if (verdict.kind === 'new') {
          const client: Client = { _id: `mock-${String(state.nextId).padStart(6, '0')}`, ...verdict.client };
          state.nextId += 1;
          state.clients.push({ client, version: 1, deleted: null });
          record({ clientId: client._id, version: 1, kind: 'imported', by, at, before: null, after: fieldsOf(client) });
          done.created.push({ clientId: client._id, version: 1 });
        } else if (verdict.kind === 'existing' && existing === 'update') {
          const entry = entries.get(verdict.clientId);
          if (!entry) continue;
          const before = fieldsOf(entry.client);
          entry.client = { _id: verdict.clientId, ...verdict.client };
          entry.version += 1;
          record({ clientId: verdict.clientId, version: entry.version, kind: 'imported', by, at, before, after: fieldsOf(entry.client) });
          done.updated.push({ clientId: verdict.clientId, version: entry.version, before });
        }
      }
      const imports = state.imports ?? [];
      done.summary = {
        ...done.summary,
        id: `import-${imports.length + 1}`,
        created: done.created.length,
        updated: done.updated.length,
        skipped: verdicts.length - done.created.length - done.updated.length,
      };
      state.imports = [...imports, done];
      return done.summary;
    });
  },
  /** GET /api/imports: the last 30 days', newest first. */
  listImports(): ImportSummary[] {
    return recentImports()
      .map((entry) => entry.summary)
      .reverse();
  },
  /**
   * POST /api/imports/:id/undo: created clients to "Recently deleted", updated ones back to their earlier values; a
   * client changed since the import (its version moved on) is left as it is and named.
   */
  undoImport(importId: string, by: string = mockDb.sessionUser()): UndoImportOutcome {
    const found = recentImports().find((entry) => entry.summary.id === importId);
    if (!found) return { status: 'not-found' };
    if (found.summary.undone) return { status: 'already-undone' };
    const at = new Date().toISOString();
    const entries = new Map(state.clients.map((entry) => [entry.client._id, entry]));
    return inBatch((record) => {
      const leftAsChanged: ClientNamed[] = [];
      for (const { clientId, version } of found.created) {
        const entry = entries.get(clientId);
        if (!entry) continue; // Erased since: nothing of it is left to undo.
        if (entry.version !== version || entry.deleted) {
          leftAsChanged.push(namedClient(entry.client));
          continue;
        }
        entry.version += 1;
        entry.deleted = { at, by };
        record({ clientId, version: entry.version, kind: 'deleted', by, at, before: fieldsOf(entry.client), after: null });
      }
      for (const { clientId, version, before } of found.updated) {
        const entry = entries.get(clientId);
        if (!entry) continue;
        if (entry.version !== version || entry.deleted) {
          leftAsChanged.push(namedClient(entry.client));
          continue;
        }
        const after = fieldsOf(entry.client);
        entry.client = { _id: clientId, ...before };
        entry.version += 1;
        record({ clientId, version: entry.version, kind: 'updated', by, at, before: after, after: before });
      }
      found.summary = { ...found.summary, undone: { at, by, leftAsChanged } };
      return { status: 'undone', summary: found.summary };
    });
  },
  /** One import of the last 30 days (GET /api/imports/:id). */
  findImport(importId: string): ImportSummary | undefined {
    return recentImports().find((entry) => entry.summary.id === importId)?.summary;
  },
  /** Calls `listener` after each import or undo with its entries' seqs; returns what stops it. */
  onBatch(listener: (batch: MockBatch) => void): () => void {
    batchListeners.add(listener);
    return () => void batchListeners.delete(listener);
  },
  /** Possible duplicates (issue 29), each client with its version, as GET /api/duplicates. */
  duplicates(): DuplicatePairBody[] {
    const versions = new Map(state.clients.map((entry) => [entry.client._id, entry.version]));
    return duplicatePairs(mockDb.listClients()).map(({ kept, other, reasons }) => ({
      kept: { client: kept, version: versions.get(kept._id) ?? 1 },
      other: { client: other, version: versions.get(other._id) ?? 1 },
      reasons,
    }));
  },
  /** Two clients into one, as POST /api/merges: the kept one gets the chosen values, the other leaves the store. */
  merge(request: MergeRequest, by: string = mockDb.sessionUser()): MergeOutcome {
    if (request.keepId === request.otherId) return { status: 'same-client' };
    const kept = stored(request.keepId);
    const other = stored(request.otherId);
    if (!kept || !other) return { status: 'not-found' };
    if (kept.deleted || other.deleted || kept.version !== request.keepVersion || other.version !== request.otherVersion) {
      const body = (entry: StoredClient) => ({ client: entry.deleted ? null : entry.client, version: entry.version });
      return { status: 'changed', conflict: { kept: body(kept), other: body(other) } };
    }
    if (registeredFirst(kept.client, other.client) > 0) return { status: 'kept-not-first' };
    const keptBefore = fieldsOf(kept.client);
    const otherBefore = structuredClone(other);
    const at = new Date().toISOString();
    // One batch, as the server's two entries sharing the merge's id: colleagues get one `batch` event.
    const summary = inBatch((record) => {
      kept.client = { _id: kept.client._id, ...mergedFields(keptBefore, fieldsOf(other.client), request.fields) };
      kept.version += 1;
      record({
        clientId: kept.client._id,
        version: kept.version,
        kind: 'merged',
        by,
        at,
        before: keptBefore,
        after: fieldsOf(kept.client),
      });
      state.clients = state.clients.filter((entry) => entry !== other);
      record({
        clientId: other.client._id,
        version: other.version + 1,
        kind: 'merged',
        by,
        at,
        before: fieldsOf(other.client),
        after: null,
      });
      const merged: MergeSummary = {
        id: `merge-${String(state.nextSeq)}`,
        at,
        by,
        client: kept.client,
        version: kept.version,
        keptBefore,
        other: otherBefore.client,
        fields: request.fields,
        undoableUntil: undoableUntil(at, MERGE_UNDO_DAYS),
        undone: null,
      };
      state.merges = [...(state.merges ?? []), { summary: merged, other: otherBefore }];
      return merged;
    });
    return { status: 'merged', summary };
  },
  /** The last 30 days' merges a client took part in, newest first. */
  mergesOf(clientId: string): MergeSummary[] {
    return undoableMerges()
      .filter(({ summary }) => summary.client._id === clientId || summary.other._id === clientId)
      .map(({ summary }) => summary)
      .reverse();
  },
  /** Takes a merge back unless either client changed since, as POST /api/merges/:id/undo. */
  undoMerge(mergeId: string, by: string = mockDb.sessionUser()): UnmergeOutcome {
    const merge = undoableMerges().find(({ summary }) => summary.id === mergeId);
    if (!merge) return { status: 'not-found' };
    if (merge.summary.undone) return { status: 'already-undone' };
    const kept = live(merge.summary.client._id);
    if (!kept || kept.version !== merge.summary.version) return { status: 'changed', client: kept?.client ?? merge.summary.client };
    if (stored(merge.other.client._id)) return { status: 'changed', client: merge.other.client };
    const at = new Date().toISOString();
    inBatch((record) => {
      const keptAfter = fieldsOf(kept.client);
      kept.client = { _id: kept.client._id, ...merge.summary.keptBefore };
      kept.version += 1;
      record({
        clientId: kept.client._id,
        version: kept.version,
        kind: 'unmerged',
        by,
        at,
        before: keptAfter,
        after: merge.summary.keptBefore,
      });
      const other = { ...structuredClone(merge.other), version: merge.other.version + 2 };
      state.clients.push(other);
      record({ clientId: other.client._id, version: other.version, kind: 'unmerged', by, at, before: null, after: fieldsOf(other.client) });
      merge.summary = { ...merge.summary, undone: { at, by } };
    });
    return { status: 'undone', summary: merge.summary };
  },
  /** Replaces every client and the log (tests set up exactly the list they need): each registered, at version 1. */
  setClients(clients: Client[]) {
    const { sessionActive, username, nextId, audit } = state;
    state = { ...stateWith(clients, DEMO_USERNAME, { sessionActive, username }), nextId, ...(audit ? { audit } : {}) };
    save();
  },
};

/** The merges of the last MERGE_UNDO_DAYS days, oldest first. */
function undoableMerges() {
  const since = undoableSince(Date.now(), MERGE_UNDO_DAYS);
  return (state.merges ?? []).filter(({ summary }) => summary.at >= since);
}

export function resetMockDb(): void {
  state = initialState();
  save();
  resetTeamDb();
}
