/**
 * The clients and their change log as read (the list, a client, its history and export, the log as the live updates
 * read it), the registrations' Idempotency-Keys, and each write of one client in its transaction: the writes
 * themselves are client-log.ts's, the log's one writer.
 */
import { sql, type CompiledQuery, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { ClientChange, ClientFields, ClientInput, DeletedClient } from '#contract/api';
import type { ClientExport } from '#contract/client-export';
import { idempotencyKeysSince, replayOf, type RegistrationOutcome } from '#contract/idempotency-key';
import type { IfMatch, IfNoneMatch, VersionedClient, WriteOutcome } from '#contract/if-match';
import { isPostgres } from '../db/engine.ts';
import { feedChange, type FeedChange, type LogItem } from '#contract/event-stream';
import type { ClientChangesTable, Database } from '../db/schema.ts';
import * as log from './client-log.ts';
import { forgetMergedInto } from './merges.ts';

/**
 * Each client's JSON as the database writes it, the same text as JSON.stringify(toClient(row)) (SQLite's
 * json_object; PostgreSQL's row_to_json, which writes no spaces): no JavaScript object per row for the list.
 */
function clientsAsJson(db: Kysely<Database>) {
  if (isPostgres(db)) {
    const fields = db
      .selectFrom('clients')
      .select(['id as _id', 'first_name as firstName', 'last_name as lastName', 'email', 'registration_date_time as registrationDateTime'])
      .where('deleted_at', 'is', null)
      .as('client');
    return db
      .selectFrom(fields)
      .select(sql<string>`row_to_json(client)::text`.as('json'))
      .orderBy('client.registrationDateTime')
      .orderBy('client._id');
  }
  const json = sql<string>`json_object('_id', id, 'firstName', first_name, 'lastName', last_name, 'email', email, 'registrationDateTime', registration_date_time)`;
  return db.selectFrom('clients').select(json.as('json')).where('deleted_at', 'is', null).orderBy('registration_date_time').orderBy('id');
}

/**
 * A client's change log as one JSON array, newest first, each entry the text JSON.stringify(toChange(row)) writes:
 * the fields in the contract's order, `before` and `after` embedded as stored. Null when there are none (PostgreSQL).
 */
function historyAsJson(db: Kysely<Database>, id: string) {
  if (isPostgres(db)) {
    const entries = db
      .selectFrom('client_changes')
      .select([
        'seq',
        'client_id as clientId',
        'version',
        'kind',
        'actor as by',
        'at',
        sql<unknown>`"before"::json`.as('before'),
        sql<unknown>`"after"::json`.as('after'),
      ])
      .where('client_id', '=', id)
      .as('entry');
    // row_to_json writes no spaces; string_agg keeps the array as compact as SQLite's.
    return db
      .selectFrom(entries)
      .select(sql<string | null>`'[' || string_agg(row_to_json(entry)::text, ',' ORDER BY entry.seq DESC) || ']'`.as('json'));
  }
  const entry = sql`json_object('seq', seq, 'clientId', client_id, 'version', version, 'kind', kind, 'by', actor, 'at', at, 'before', json("before"), 'after', json("after"))`;
  return db
    .selectFrom('client_changes')
    .select(sql<string | null>`json_group_array(${entry} ORDER BY seq DESC)`.as('json'))
    .where('client_id', '=', id);
}

type ChangeRow = Selectable<ClientChangesTable>;

function parseFields(json: string | null): ClientFields | null {
  return json === null ? null : (JSON.parse(json) as ClientFields);
}

/** What an entry of the log says in the history and in the stream alike: which write, of whom, by whom, when. */
function changeHead(row: Pick<ChangeRow, 'seq' | 'client_id' | 'version' | 'kind' | 'actor' | 'at'>) {
  return { seq: Number(row.seq), clientId: row.client_id, version: row.version, kind: row.kind, by: row.actor, at: row.at };
}

function toChange(row: ChangeRow): ClientChange {
  return { ...changeHead(row), before: parseFields(row.before), after: parseFields(row.after) };
}

/** The clients that are not in "Recently deleted". */
function live(db: Kysely<Database>, id: string) {
  return db.selectFrom('clients').where('id', '=', id).where('deleted_at', 'is', null);
}

/** Runs `work` in a transaction: a new one, or the caller's (a seed that batches its inserts). */
function inTransaction<T>(db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db as Transaction<Database>) : db.transaction().execute(work);
}

export function createClientsRepository(db: Kysely<Database>) {
  return {
    /** How many clients there are and how many bytes their JSON takes: to size one Buffer for the list. */
    async jsonSize(): Promise<{ clients: number; bytes: number }> {
      const size = await db
        .selectFrom(clientsAsJson(db).clearOrderBy().as('list'))
        .select((eb) => [eb.fn.countAll<number>().as('clients'), sql<number>`sum(octet_length(list.json))`.as('bytes')])
        .executeTakeFirstOrThrow();
      return { clients: Number(size.clients), bytes: Number(size.bytes ?? 0) };
    },

    /** Every client's JSON, oldest registration first (the list's order): for DatabaseEngine.forEachValue. */
    jsonListQuery(): CompiledQuery<{ json: string }> {
      return clientsAsJson(db).compile();
    },

    /** A client that is not deleted, with its version. */
    async findById(id: string): Promise<VersionedClient | undefined> {
      const row = await live(db, id)
        .select([...log.clientColumns, 'version'])
        .executeTakeFirst();
      return row && { client: log.toClient(row), version: row.version };
    },

    insert(id: string, input: ClientInput, writer: log.Writer): Promise<VersionedClient> {
      return inTransaction(db, (trx) => log.register(trx, id, input, writer));
    },

    /**
     * A registration sent with an Idempotency-Key: the key is claimed first, in the same transaction, so that a
     * second request with it waits for the first to commit (PostgreSQL) or comes after it (SQLite), then finds the key
     * and answers from the client's "registered" entry instead of registering again.
     */
    insertOnce(id: string, input: ClientInput, writer: log.Writer, key: string): Promise<RegistrationOutcome<VersionedClient>> {
      return inTransaction(db, async (trx) => {
        const now = writer.now.toISOString();
        await trx
          .deleteFrom('idempotency_keys')
          .where('actor', '=', writer.by)
          .where('key', '=', key)
          .where('created_at', '<', idempotencyKeysSince(writer.now))
          .execute();
        const claimed = await trx
          .insertInto('idempotency_keys')
          .values({ actor: writer.by, key, client_id: id, created_at: now })
          .onConflict((conflict) => conflict.columns(['actor', 'key']).doNothing())
          .returning('key')
          .executeTakeFirst();
        if (claimed) return { status: 'registered', value: await log.register(trx, id, input, writer) };
        const first = await trx
          .selectFrom('idempotency_keys')
          .leftJoin('client_changes', (join) =>
            join.onRef('client_changes.client_id', '=', 'idempotency_keys.client_id').on('client_changes.kind', '=', 'registered'),
          )
          .select(['idempotency_keys.client_id', 'client_changes.after'])
          .where('idempotency_keys.actor', '=', writer.by)
          .where('idempotency_keys.key', '=', key)
          .executeTakeFirstOrThrow();
        return replayOf(first.client_id, parseFields(first.after ?? null), input);
      });
    },

    /** Forgets the Idempotency-Keys older than `cutoff`; how many. */
    async purgeIdempotencyKeysBefore(cutoff: Date): Promise<number> {
      const result = await db.deleteFrom('idempotency_keys').where('created_at', '<', cutoff.toISOString()).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** An edit, if the conditions hold; what stopped it otherwise (the 404 or the 412). */
    update(
      id: string,
      input: ClientInput,
      writer: log.Writer,
      ifMatch: IfMatch,
      ifNoneMatch?: IfNoneMatch,
    ): Promise<WriteOutcome<VersionedClient>> {
      return inTransaction(db, (trx) => log.update(trx, id, input, writer, { ifMatch, ifNoneMatch }));
    },

    /**
     * Moves a client to "Recently deleted": it leaves the list, and keeps its id and history for a restore; their
     * upcoming appointments are cancelled.
     */
    delete(id: string, writer: log.Writer, ifMatch: IfMatch, ifNoneMatch?: IfNoneMatch): Promise<WriteOutcome<log.ClientRemoval>> {
      return inTransaction(db, (trx) => log.remove(trx, id, writer, { ifMatch, ifNoneMatch }));
    },

    /**
     * A deleted client back in the list, same id and history, and the appointments its deletion cancelled whose time
     * is still free; undefined when no such client is deleted.
     */
    restore(id: string, writer: log.Writer): Promise<log.ClientRestoration | undefined> {
      return inTransaction(db, (trx) => log.restore(trx, id, writer));
    },

    /**
     * Removes a client (live or deleted) and its history, and what was merged into it, leaving one "erased" entry
     * without personal data. Whether there was such a client.
     */
    erase(id: string, writer: log.Writer): Promise<boolean> {
      return inTransaction(db, (trx) => log.erase(trx, id, writer, forgetMergedInto));
    },

    /** "Recently deleted", newest deletion first. */
    async listDeleted(): Promise<DeletedClient[]> {
      const rows = await db
        .selectFrom('clients')
        .select([...log.clientColumns, 'deleted_at', 'deleted_by'])
        .where('deleted_at', 'is not', null)
        .orderBy('deleted_at', 'desc')
        .orderBy('id')
        .execute();
      return rows.map((row) => ({ ...log.toClient(row), deletedAt: row.deleted_at ?? '', deletedBy: row.deleted_by ?? '' }));
    },

    /**
     * A live or deleted client's changes, newest first, as the JSON array GET …/history sends (the same text as
     * JSON.stringify of the ClientChange entries, written by the database: decision 015); undefined when there is no
     * such client.
     */
    async historyJson(id: string): Promise<string | undefined> {
      return inTransaction(db, async (trx) => {
        const client = await trx.selectFrom('clients').select('id').where('id', '=', id).executeTakeFirst();
        if (!client) return undefined;
        const { json } = await historyAsJson(trx, id).executeTakeFirstOrThrow();
        return json ?? '[]';
      });
    },

    /** Everything held about a live or deleted client but their appointments and details; undefined when there is no such client. */
    async export(id: string, now: Date): Promise<Omit<ClientExport, 'appointments' | 'details'> | undefined> {
      return inTransaction(db, async (trx) => {
        const row = await trx
          .selectFrom('clients')
          .select([...log.clientColumns, 'version', 'deleted_at', 'deleted_by'])
          .where('id', '=', id)
          .executeTakeFirst();
        if (!row) return undefined;
        const changes = await trx.selectFrom('client_changes').selectAll().where('client_id', '=', id).orderBy('seq', 'desc').execute();
        return {
          exportedAt: now.toISOString(),
          client: log.toClient(row),
          deleted: row.deleted_at === null ? null : { at: row.deleted_at, by: row.deleted_by ?? '' },
          version: row.version,
          history: changes.map(toChange),
        };
      });
    },

    /** The log's newest `seq` (0 when empty), and the highest one a purge removed (replays from before it have gaps). */
    async logPosition(): Promise<{ head: number; purgedThrough: number }> {
      const row = await db
        .selectFrom('client_changes_purged')
        .select((eb) => [
          'through',
          eb
            .selectFrom('client_changes')
            .select((max) => max.fn.max('seq').as('seq'))
            .as('head'),
        ])
        .executeTakeFirstOrThrow();
      const purgedThrough = Number(row.through);
      return { head: Math.max(Number(row.head ?? 0), purgedThrough), purgedThrough };
    },

    /**
     * The log's entries after `seq`, oldest first, at most `limit` items, each as the stream sends it: an entry of a
     * batch (an import, its undo) stands for the whole batch, one `batch` item at its last entry, which follows the
     * batch's first at once (the batch's writes hold the others off: client-log.ts).
     */
    async changesAfter(seq: number, limit: number): Promise<FeedChange[]> {
      const items: LogItem[] = [];
      let from = seq;
      while (items.length < limit) {
        const wanted = limit - items.length;
        const rows = await db
          .selectFrom('client_changes')
          .select(['seq', 'client_id', 'version', 'kind', 'actor', 'at', 'batch_id'])
          // A batch's entries are not read one by one: only its summary is sent.
          .select(sql<string | null>`CASE WHEN batch_id IS NULL THEN after END`.as('after'))
          .where('seq', '>', from)
          .orderBy('seq')
          .limit(wanted)
          .execute();
        for (const row of rows) {
          if (items.length === limit) break;
          if (Number(row.seq) <= from) continue;
          if (row.batch_id === null) {
            const after = parseFields(row.after);
            items.push({ event: 'change', change: { ...changeHead(row), client: after && { _id: row.client_id, ...after } } });
            from = Number(row.seq);
            continue;
          }
          const batch = await db
            .selectFrom('client_changes')
            .select((eb) => [eb.fn.max('seq').as('last'), eb.fn.countAll<number | string>().as('count')])
            .where('batch_id', '=', row.batch_id)
            .where('seq', '>', from)
            .executeTakeFirstOrThrow();
          from = Number(batch.last);
          items.push({ event: 'batch', batch: { seq: from, count: Number(batch.count) } });
        }
        if (rows.length < wanted) break;
      }
      return items.map(feedChange);
    },

    /** The log's entries after `seq`, oldest first, each whole: the log as the mock's tests read it (mocks/db.ts, `changes`). */
    async entriesAfter(seq: number): Promise<ClientChange[]> {
      const rows = await db.selectFrom('client_changes').selectAll().where('seq', '>', seq).orderBy('seq').execute();
      return rows.map(toChange);
    },

    /**
     * Removes the clients deleted before `cutoff`, with their history and what was merged into them, their appointments
     * keeping no client (written by `writer`); how many.
     */
    purgeDeletedBefore(cutoff: Date, writer: log.Writer): Promise<number> {
      return inTransaction(db, (trx) => log.purgeDeletedBefore(trx, cutoff, forgetMergedInto, writer));
    },
  };
}

export type ClientsRepository = ReturnType<typeof createClientsRepository>;
