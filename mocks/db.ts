// The mock backend's store: clients, their change log and the demo session, in memory, and in the browser also kept
// across reloads (persisted.ts).
// `resetMockDb()` or `?mock-reset` brings back the seed. What a write changes and answers is decided by the contract's
// plans, as the server's repositories decide it (docs/decisions/033-one-domain-core.md): this file only applies them.
import { fieldsOf, type ChangeKind, type Client, type ClientChange, type ClientFields, type DeletedClient } from '#contract/api';
import type { AuditRecord } from '#contract/http';
import { idempotencyKeyHolds, replayOf, type RegistrationOutcome } from '#contract/idempotency-key';
import { meetsConditions, unwrittenOutcome, type Conditions, type VersionedClient, type WriteOutcome } from '#contract/if-match';
import * as imports from '#contract/import';
import type { ImportIdempotency } from '#contract/import';
import { duplicatePairs } from '#contract/duplicates';
import * as merges from '#contract/merge';
import { auditPageOf, type AuditEntry, type AuditExportQuery, type AuditPage, type AuditQuery, type Role } from '#contract/team';
import { isWithinDays, undoRefusal } from '#contract/time-windows';
import { persisted } from './persisted.ts';
import { seedClients } from './seed.ts';
import { resetTeamDb, teamDb } from './team-db.ts';

/** A stored client: live, or in "Recently deleted" until restored or erased. */
export type StoredClient = { client: Client; version: number; deleted: { at: string; by: string } | null };

/** The entries of one batch (an import, a merge, an undo) in the change log: `from` to `to`, every seq between. */
export type MockBatch = { from: number; to: number };

type MockState = {
  clients: StoredClient[];
  /** Every write of a client, oldest first (DESIGN.md: the change log); `seq` increases across the store. */
  changes: ClientChange[];
  /** Whether the demo account is logged in (the mock's session cookie), and as whom: the log's `by`. */
  sessionActive: boolean;
  username: string | null;
  nextId: number;
  nextSeq: number;
  /** The Idempotency-Keys of registrations, per account, as the server keeps them. */
  idempotencyKeys: Array<{ by: string; key: string; clientId: string; at: string }>;
  /** The audit trail, oldest first (only ever added to). */
  audit: AuditEntry[];
  /** The imports, oldest first: with their batch (what an undo takes back), and Idempotency-Key and request's fingerprint. */
  imports: Array<{ summary: imports.ImportSummary; batch: MockBatch; idempotency?: ImportIdempotency }>;
  /** A replay sends each batch as one `batch` event. */
  batches: MockBatch[];
  /** Merges, each with the other client as it was (it comes back on an undo). */
  merges: Array<{ summary: merges.MergeSummary; other: StoredClient }>;
};

/** What a handler records in the audit trail: as the server's `app.auditTrail.record`, with the request's browser. */
export type MockAuditRecord = AuditRecord & { userAgent?: string | null };

/** The account the writes are credited to when nobody logged in through the mock (tests open a session directly). */
const DEMO_USERNAME = 'admin';
const now = () => new Date().toISOString();

/** A store holding `clients`, each registered (version 1) by `by` at its registration time. */
function stateWith(clients: readonly Client[], by: string, keep: Partial<MockState> = {}): MockState {
  const copies = structuredClone([...clients]);
  return {
    clients: copies.map((client) => ({ client, version: 1, deleted: null })),
    changes: copies.map((client, index) => ({
      seq: index + 1,
      clientId: client._id,
      version: 1,
      kind: 'registered' as const,
      by,
      at: client.registrationDateTime,
      before: null,
      after: fieldsOf(client),
    })),
    sessionActive: false,
    username: null,
    nextId: copies.length + 1,
    nextSeq: copies.length + 1,
    idempotencyKeys: [],
    audit: [],
    imports: [],
    batches: [],
    merges: [],
    ...keep,
  };
}

const seed = () => stateWith(seedClients, DEMO_USERNAME);
const store = persisted('salon-mock-db', seed);
let state: MockState;
/** The clients by id: every write goes through `write`, which keeps it. */
let index: Map<string, StoredClient>;
function replaceState(next: MockState): void {
  state = next;
  index = new Map(state.clients.map((entry) => [entry.client._id, entry]));
}
replaceState(store.load());

/** The store as the browser kept it, from IndexedDB when it outgrew localStorage: awaited before the mock answers. */
export async function loadMockDb(): Promise<void> {
  const large = await store.loadLarge();
  if (large) replaceState(large);
}

const save = () => store.save(state);

const live = (clientId: string) => {
  const entry = index.get(clientId);
  return entry && entry.deleted === null ? entry : undefined;
};
const latestChange = (clientId: string) => state.changes.findLast((change) => change.clientId === clientId);
const stateOf = (entry: StoredClient | undefined) =>
  entry && { client: entry.client, version: entry.version, deleted: entry.deleted !== null };
const newId = () => `mock-${String(state.nextId++).padStart(6, '0')}`;

const changeListeners = new Set<(change: ClientChange) => void>();
/** Told once per batch: one refresh for colleagues, not 10,000 changes. */
const batchListeners = new Set<(batch: MockBatch) => void>();
const listen = <T>(listeners: Set<(value: T) => void>, listener: (value: T) => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const tell = <T>(listeners: Set<(value: T) => void>, value: T) =>
  // Once the write is whole (its client stored, the store saved): the events handler reads it then.
  queueMicrotask(() => listeners.forEach((listener) => listener(value)));

/** The batch being written, if any: its entries are told as one, and the store saved once. */
let openBatch: MockBatch | undefined;

/**
 * The one write of a client: it becomes `next` (null: it leaves the store) at the next version (or `version`), and the
 * log gets its entry, whose `before` is its live values (none for a new, deleted or erased client).
 */
function write(clientId: string, kind: ChangeKind, by: string, at: string, next: Omit<StoredClient, 'version'> | null, version?: number) {
  const current = index.get(clientId);
  const made = version ?? (current?.version ?? 0) + 1;
  const before = current && current.deleted === null ? fieldsOf(current.client) : null;
  const change: ClientChange = { seq: state.nextSeq++, clientId, version: made, kind, by, at, before, after: null };
  if (next && next.deleted === null) change.after = fieldsOf(next.client);
  if (current && next) Object.assign(current, next, { version: made });
  else if (current) forget(current);
  else if (next) {
    const entry = { ...next, version: made };
    state.clients.push(entry);
    index.set(clientId, entry);
  }
  state.changes.push(change);
  if (openBatch) openBatch.to = change.seq;
  else {
    save();
    tell(changeListeners, change);
  }
  return index.get(clientId);
}

/** A write that leaves the client live with `fields`. */
const put = (clientId: string, kind: ChangeKind, by: string, at: string, fields: ClientFields, version?: number) =>
  write(clientId, kind, by, at, { client: { _id: clientId, ...fields }, deleted: null }, version) as StoredClient;

/** A client out of the store (its log stays). */
function forget(entry: StoredClient): void {
  state.clients = state.clients.filter((other) => other !== entry);
  index.delete(entry.client._id);
}

/** Runs `work`'s writes as one batch of the log (an import, a merge, an undo), saved and told once. */
function inBatch<T>(work: (batch: MockBatch) => T): T {
  const batch = (openBatch = { from: state.nextSeq, to: state.nextSeq - 1 });
  try {
    return work(batch);
  } finally {
    openBatch = undefined;
    if (batch.to >= batch.from) {
      state.batches.push(batch);
      tell(batchListeners, batch);
    }
    save();
  }
}

/** The entries `filter` matches (an account that did it or had it done to it, a kind), newest first. */
const auditMatching = ({ account, kind }: AuditExportQuery): AuditEntry[] =>
  state.audit
    .filter(
      (entry) => (account === undefined || entry.actor === account || entry.subject === account) && (kind ?? entry.kind) === entry.kind,
    )
    .reverse();

/** A conditional write of a live client, or why it did not happen (the contract's rule, as the server's). */
function writeIf<T>(clientId: string, conditions: Conditions | undefined, work: (entry: StoredClient) => T): WriteOutcome<T> {
  const entry = live(clientId);
  const given = conditions ?? { ifMatch: undefined, ifNoneMatch: undefined };
  if (entry && meetsConditions(given, entry.version)) return { status: 'written', value: work(entry) };
  return unwrittenOutcome(given, latestChange(clientId), entry?.client ?? null);
}

/** The live clients (not those in "Recently deleted"). */
const liveClients = () => state.clients.filter((entry) => entry.deleted === null).map((entry) => entry.client);

/** A live client with its version (for the ETag). */
function versioned(clientId: string): VersionedClient | undefined {
  const entry = live(clientId);
  return entry && { client: entry.client, version: entry.version };
}

/** A new client, registered by `by` now. */
function create(input: ClientFields, by: string): VersionedClient {
  const { client, version } = put(newId(), 'registered', by, now(), input);
  return { client, version };
}

/** The imports of the last 30 days, newest first. */
const recentImports = () =>
  state.imports.flatMap(({ summary }) => (isWithinDays(summary.at, Date.now(), imports.IMPORT_UNDO_DAYS) ? [summary] : [])).reverse();

export const mockDb = {
  startSession(username: string = DEMO_USERNAME) {
    Object.assign(state, { sessionActive: true, username });
    save();
  },
  endSession() {
    Object.assign(state, { sessionActive: false, username: null });
    save();
  },
  hasSession: (): boolean => state.sessionActive,
  /** Who the handlers' writes are by. */
  sessionUser: (): string => state.username ?? DEMO_USERNAME,
  /** The role of the account logged in (an unknown name, as `colleague` uses, is staff). */
  sessionRole: (): Role => teamDb.roleOf(mockDb.sessionUser()) ?? 'staff',
  /** The live clients (not those in "Recently deleted"). */
  listClients: async (): Promise<Client[]> => liveClients(),
  findClient: async (clientId: string): Promise<Client | undefined> => live(clientId)?.client,
  /** A live client with its version (for the ETag). */
  findVersioned: async (clientId: string): Promise<VersionedClient | undefined> => versioned(clientId),
  createClient: async (input: ClientFields, by: string = mockDb.sessionUser()): Promise<VersionedClient> => create(input, by),
  /** POST /api/clients: with an Idempotency-Key, registered once per account and key within 24 hours. */
  async register(input: ClientFields, key?: string, by: string = mockDb.sessionUser()): Promise<RegistrationOutcome<VersionedClient>> {
    if (key === undefined) return { status: 'registered', value: create(input, by) };
    state.idempotencyKeys = state.idempotencyKeys.filter((entry) => idempotencyKeyHolds(entry.at, Date.now()));
    const first = state.idempotencyKeys.find((entry) => entry.by === by && entry.key === key);
    if (first) {
      const registered = state.changes.find((change) => change.clientId === first.clientId && change.kind === 'registered');
      return replayOf(first.clientId, registered?.after, input);
    }
    const value = create(input, by);
    state.idempotencyKeys.push({ by, key, clientId: value.client._id, at: now() });
    save();
    return { status: 'registered', value };
  },
  /** Replaces a live client's fields when the conditions (If-Match, If-None-Match) hold. */
  async updateClient(
    clientId: string,
    input: ClientFields,
    by: string = mockDb.sessionUser(),
    conditions?: Conditions,
  ): Promise<WriteOutcome<VersionedClient>> {
    return writeIf(clientId, conditions, () => {
      const { client, version } = put(clientId, 'updated', by, now(), input);
      return { client, version };
    });
  },
  /** Moves a live client to "Recently deleted" when the conditions hold; the new version. */
  async deleteClient(clientId: string, by: string = mockDb.sessionUser(), conditions?: Conditions): Promise<WriteOutcome<number>> {
    const at = now();
    return writeIf(
      clientId,
      conditions,
      ({ client }) => (write(clientId, 'deleted', by, at, { client, deleted: { at, by } }) as StoredClient).version,
    );
  },
  /** A deleted client back in the list, same id and history; undefined when no such client is deleted. */
  async restoreClient(clientId: string, by: string = mockDb.sessionUser()): Promise<VersionedClient | undefined> {
    const entry = index.get(clientId);
    if (!entry?.deleted) return undefined;
    write(clientId, 'restored', by, now(), { client: entry.client, deleted: null });
    return { client: entry.client, version: entry.version };
  },
  /** Removes a client (live or deleted) and its history, leaving one "erased" entry without personal data. */
  async eraseClient(clientId: string, by: string = mockDb.sessionUser()): Promise<boolean> {
    const entry = index.get(clientId);
    if (!entry) return false;
    state.changes = state.changes.filter((change) => change.clientId !== clientId);
    forget(entry);
    write(clientId, 'erased', by, now(), null, entry.version + 1);
    return true;
  },
  /** "Recently deleted", newest deletion first (the latest change of a deleted client is its deletion). */
  listDeletedClients: async (): Promise<DeletedClient[]> =>
    state.clients
      .flatMap(({ client, deleted }) => (deleted ? [{ ...client, deletedAt: deleted.at, deletedBy: deleted.by }] : []))
      .sort((a, b) => (latestChange(b._id)?.seq ?? 0) - (latestChange(a._id)?.seq ?? 0)),
  /** A live or deleted client, its version and deletion (for the export); undefined when there is no such client. */
  findStored: async (clientId: string): Promise<Readonly<StoredClient> | undefined> => index.get(clientId),
  /** A live or deleted client's changes, newest first; undefined when there is no such client. */
  history: async (clientId: string): Promise<ClientChange[] | undefined> =>
    index.has(clientId) ? state.changes.filter((change) => change.clientId === clientId).reverse() : undefined,
  /** Calls `listener` with each change as it is made, or after each batch with its seqs (the events stream); what stops it. */
  onChange: (listener: (change: ClientChange) => void) => listen(changeListeners, listener),
  onBatch: (listener: (batch: MockBatch) => void) => listen(batchListeners, listener),
  /** The log's newest seq (0 when empty). */
  head: async (): Promise<number> => state.nextSeq - 1,
  /** The batches' entries, each batch's first and last seq, oldest first. */
  batches: async (): Promise<readonly MockBatch[]> => state.batches,
  /** The whole change log, oldest first (tests read the erasure's entry here). */
  changes: async (): Promise<readonly ClientChange[]> => state.changes,
  /** Adds an entry to the audit trail, now. The mock has no network: no IP address. */
  async recordAudit({ kind, actor, subject = null, detail = null, userAgent = null }: MockAuditRecord): Promise<AuditEntry> {
    const entry: AuditEntry = { seq: (state.audit.at(-1)?.seq ?? 0) + 1, at: now(), kind, actor, subject, detail, ip: null, userAgent };
    state.audit.push(entry);
    save();
    return entry;
  },
  /** A page of the trail, newest first, as GET /api/audit answers. */
  auditPage: async ({ before, ...filter }: AuditQuery, size: number): Promise<AuditPage> =>
    auditPageOf(
      auditMatching(filter).filter((entry) => before === undefined || entry.seq < before),
      size,
    ),
  /** Every entry `filter` matches, newest first (GET /api/audit-export). */
  auditEntries: async (filter: AuditExportQuery): Promise<AuditEntry[]> => auditMatching(filter),
  /**
   * POST /api/imports (the contract's plan): with an Idempotency-Key, the same key from the same account within 24
   * hours answers the first import again as it is now, or is refused when it came with another request.
   */
  async importClients(
    request: imports.ImportRequest,
    sent?: ImportIdempotency,
    by: string = mockDb.sessionUser(),
  ): Promise<imports.ImportOutcome> {
    const first =
      sent &&
      state.imports.find(
        ({ summary, idempotency }) => summary.by === by && idempotency?.key === sent.key && idempotencyKeyHolds(summary.at, Date.now()),
      );
    if (first) return first.idempotency?.hash === sent.hash ? { status: 'replayed', summary: first.summary } : { status: 'key-reused' };
    const at = now();
    const plan = imports.planImport(request, liveClients(), at, newId);
    return inBatch((batch) => {
      for (const { id, fields } of [...plan.created, ...plan.updates]) put(id, 'imported', by, at, fields);
      const counts = imports.importCounts(request.rows.length, plan.created.length, plan.updates.length);
      const { fileName, existing } = request;
      const summary = { id: `import-${state.imports.length + 1}`, at, by, fileName, existing, ...counts, undone: null };
      state.imports.push({ summary, batch, ...(sent && { idempotency: sent }) });
      return { status: 'imported', summary };
    });
  },
  /** GET /api/imports: the last 30 days', newest first. */
  listImports: async (): Promise<imports.ImportSummary[]> => recentImports(),
  /** One import of the last 30 days (GET /api/imports/:id). */
  findImport: async (importId: string): Promise<imports.ImportSummary | undefined> =>
    recentImports().find((summary) => summary.id === importId),
  /** POST /api/imports/:id/undo (the contract's plan): its batch's clients, unless changed since, taken back. */
  async undoImport(importId: string, by: string = mockDb.sessionUser()): Promise<imports.UndoImportOutcome> {
    const found = state.imports.find(({ summary }) => summary.id === importId);
    const refused = undoRefusal(found?.summary, Date.now(), imports.IMPORT_UNDO_DAYS);
    if (refused || !found) return refused ?? { status: 'not-found' };
    const entries = state.changes
      .filter(({ seq }) => seq >= found.batch.from && seq <= found.batch.to)
      .map(({ clientId, version, before }) => {
        const stored = index.get(clientId);
        const current = stored ? { ...stored.client, version: stored.version, deleted: stored.deleted !== null } : null;
        return { clientId, version, created: before === null, before, current, stored };
      });
    const plan = imports.planImportUndo(entries);
    const at = now();
    inBatch(() => {
      for (const { clientId, stored } of plan.toDelete)
        if (stored) write(clientId, 'deleted', by, at, { client: stored.client, deleted: { at, by } });
      for (const { clientId, before } of plan.toRestore) put(clientId, 'updated', by, at, before as ClientFields);
      // Inside the batch, which saves the store once it ends: a page load after the undo still knows it.
      found.summary = { ...found.summary, undone: { at, by, leftAsChanged: plan.leftAsChanged } };
    });
    return { status: 'undone', summary: found.summary };
  },
  /** Possible duplicates (issue 29), each client with its version, as GET /api/duplicates. */
  duplicates: async (): Promise<merges.DuplicatePairBody[]> =>
    duplicatePairs(state.clients.filter((entry) => !entry.deleted).map((entry) => entry.client)).map(({ kept, other, reasons }) => ({
      kept: versioned(kept._id) as VersionedClient,
      other: versioned(other._id) as VersionedClient,
      reasons,
    })),
  /** POST /api/merges (the contract's plan): the kept client gets the chosen values, the other leaves the store. */
  async merge(request: merges.MergeRequest, by: string = mockDb.sessionUser()): Promise<merges.MergeOutcome> {
    const plan = merges.planMerge(request, stateOf(index.get(request.keepId)), stateOf(index.get(request.otherId)));
    if (plan.status !== 'merge') return plan;
    const { other } = plan;
    const at = now();
    // One batch, as the server's two entries sharing the merge's id: colleagues get one `batch` event.
    return inBatch(() => {
      const kept = put(request.keepId, 'merged', by, at, plan.after);
      write(request.otherId, 'merged', by, at, null);
      const summary = merges.mergeSummary({
        id: `merge-${String(state.nextSeq)}`,
        at,
        by,
        client: kept.client,
        version: kept.version,
        keptBefore: plan.keptBefore,
        other: other.client,
        fields: request.fields,
        undone: null,
      });
      state.merges.push({ summary, other: { client: other.client, version: other.version, deleted: null } });
      return { status: 'merged', summary };
    });
  },
  /** The last 30 days' merges a client took part in, newest first. */
  mergesOf: async (clientId: string): Promise<merges.MergeSummary[]> =>
    state.merges
      .map(({ summary }) => summary)
      .filter(({ at, client, other }) => isWithinDays(at, Date.now(), merges.MERGE_UNDO_DAYS) && [client._id, other._id].includes(clientId))
      .reverse(),
  /** POST /api/merges/:id/undo (the contract's rule): both clients back as they were, unless either changed since. */
  async undoMerge(mergeId: string, by: string = mockDb.sessionUser()): Promise<merges.UnmergeOutcome> {
    const merge = state.merges.find(({ summary }) => summary.id === mergeId);
    const refused = undoRefusal(merge?.summary, Date.now(), merges.MERGE_UNDO_DAYS);
    if (refused || !merge) return refused ?? { status: 'not-found' };
    const { summary, other } = merge;
    const changed = merges.unmergeRefusal(summary, stateOf(index.get(summary.client._id)), index.has(other.client._id));
    if (changed) return changed;
    const at = now();
    inBatch(() => {
      put(summary.client._id, 'unmerged', by, at, summary.keptBefore);
      put(other.client._id, 'unmerged', by, at, fieldsOf(other.client), other.version + 2);
      // Inside the batch, which saves the store once it ends: a page load after the undo still knows it.
      merge.summary = { ...summary, undone: { at, by } };
    });
    return { status: 'undone', summary: merge.summary };
  },
  /** Replaces every client and the log (tests set up exactly the list they need): each registered, at version 1. */
  async setClients(clients: Client[]): Promise<void> {
    const { sessionActive, username, nextId, audit } = state;
    replaceState(stateWith(clients, DEMO_USERNAME, { sessionActive, username, nextId, audit }));
    save();
  },
};

export function resetMockDb(): void {
  replaceState(seed());
  save();
  resetTeamDb();
}
