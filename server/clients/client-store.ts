/**
 * The clients as the routes see them: reads through the read model, which keeps what it read until the next commit
 * (the database's after-commit signal tells it, docs/decisions/022-one-after-commit-signal.md); everything else
 * through the repository.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ClientInput } from '#contract/api';
import type { ImportIdempotency, ImportRequest } from '#contract/import';
import type { MergeRequest } from '#contract/merge';
import { idempotencyKeysSince } from '#contract/idempotency-key';
import { daysBefore } from '#contract/time-windows';
import type { IfMatch, IfNoneMatch } from '#contract/if-match';
import type { DatabaseEngine } from '../db/engine.ts';
import type { Database } from '../db/schema.ts';
import { createClientsRepository } from '../repositories/clients.ts';
import { createImportsRepository } from '../repositories/imports.ts';
import { createMergesRepository } from '../repositories/merges.ts';
import { createClientsReadModel } from './read-model.ts';

/** Opaque, unguessable ids (128 random bits), within the contract's ClientId pattern. */
export function generateClientId(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * `afterErase` runs once an erasure has committed, before its promise resolves: the plugin empties SQLite's
 * write-ahead log there (plugins/client-store.ts).
 */
/** Who the purge of deleted clients writes as: in their appointments' histories, "Client changed by system". */
const PURGE_ACTOR = 'system';

export function createClientStore(
  db: Kysely<Database>,
  engine: DatabaseEngine,
  clock: () => number = Date.now,
  afterErase: () => Promise<void> = async () => {},
) {
  const clients = createClientsRepository(db);
  const imports = createImportsRepository(db);
  const merges = createMergesRepository(db);
  const readModel = createClientsReadModel(clients, engine);
  const writer = (by: string) => ({ by, now: new Date(clock()) });

  return {
    list: readModel.list,
    wholeList: readModel.whole,
    /** Through the read model, which keeps the clients read lately until the next commit (decision 013). */
    client: readModel.client,
    deleted: clients.listDeleted,
    historyJson: clients.historyJson,
    export: (id: string) => clients.export(id, new Date(clock())),
    /** The change log as the live updates read it (events/change-feed.ts). */
    log: { logPosition: clients.logPosition, changesAfter: clients.changesAfter },

    create: (input: ClientInput, by: string) => clients.insert(generateClientId(), input, writer(by)),
    /** A registration sent with an Idempotency-Key: registered once, however often it is sent within 24 hours. */
    createOnce: (input: ClientInput, by: string, key: string) => clients.insertOnce(generateClientId(), input, writer(by), key),
    update: (id: string, input: ClientInput, by: string, ifMatch: IfMatch, ifNoneMatch?: IfNoneMatch) =>
      clients.update(id, input, writer(by), ifMatch, ifNoneMatch),
    remove: (id: string, by: string, ifMatch: IfMatch, ifNoneMatch?: IfNoneMatch) => clients.delete(id, writer(by), ifMatch, ifNoneMatch),
    restore: (id: string, by: string) => clients.restore(id, writer(by)),
    erase: async (id: string, by: string) => {
      if (!(await clients.erase(id, writer(by)))) return false;
      await afterErase();
      return true;
    },

    /** A file's rows in one transaction (issue 29); with an Idempotency-Key, once however often it is sent in 24 hours. */
    importClients: (request: ImportRequest, by: string, idempotency?: ImportIdempotency) =>
      imports.write(generateClientId(), request, writer(by), generateClientId, idempotency),
    imports: () => imports.list(new Date(clock())),
    importSummary: (id: string) => imports.find(id, new Date(clock())),
    /** The undo's log entries share a batch id of their own (one `batch` event for colleagues). */
    undoImport: (id: string, by: string) => imports.undo(id, writer(by), generateClientId()),

    /** Possible duplicates (issue 29), each client with its version. */
    duplicates: merges.duplicates,
    /** Two clients into one; its two log entries share the merge's id as batch id (one `batch` event). */
    merge: (request: MergeRequest, by: string) => merges.merge(generateClientId(), request, writer(by)),
    mergesOf: (clientId: string) => merges.forClient(clientId, new Date(clock())),
    undoMerge: (id: string, by: string) => merges.undo(id, writer(by), generateClientId()),

    /** Forgets the Idempotency-Keys older than 24 hours; how many. */
    purgeIdempotencyKeys: () => clients.purgeIdempotencyKeysBefore(new Date(idempotencyKeysSince(clock()))),

    /** Removes the clients deleted more than `keepDays` ago, with their history; how many. */
    purgeDeleted: (keepDays: number) => clients.purgeDeletedBefore(daysBefore(clock(), keepDays), writer(PURGE_ACTOR)),
  };
}

export type ClientStore = ReturnType<typeof createClientStore>;
