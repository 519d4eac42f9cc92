/** The clients table and its change log (client_changes): the only place that knows their SQL. */
import { sql, type CompiledQuery, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { ChangeKind, Client, ClientChange, ClientExport, ClientFields, ClientInput, DeletedClient } from '#contract/api';
import { IDEMPOTENCY_KEY_TTL_MS, replayOf, type RegistrationOutcome } from '#contract/idempotency-key';
import type { IfMatch, IfNoneMatch, VersionedClient, WriteOutcome } from '#contract/if-match';
import { isPostgres } from '../db/engine.ts';
import type { LogItem } from '../events/change-feed.ts';
import type { ClientChangesTable, ClientsTable, Database } from '../db/schema.ts';

const clientColumns = ['id', 'first_name', 'last_name', 'email', 'registration_date_time'] as const;

type ClientRow = Pick<Selectable<ClientsTable>, (typeof clientColumns)[number]>;

/** Exactly the contract's fields: nothing internal ever reaches a response. */
export function toClient(row: ClientRow): Client {
  return {
    _id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    registrationDateTime: row.registration_date_time,
  };
}

export function toFields(row: ClientRow): ClientFields {
  const { _id, ...fields } = toClient(row);
  return fields;
}

/** A client's fields as the clients table's columns. */
export function toColumns(input: ClientFields) {
  return {
    first_name: input.firstName,
    last_name: input.lastName,
    email: input.email,
    registration_date_time: input.registrationDateTime,
  };
}

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

/** Who writes, and when (the change log's actor and at). */
export type Writer = { by: string; now: Date };

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

/**
 * Appends the entry of a write that made `version`: its `before` is the latest entry's `after` (the log is the
 * truth), read in the same statement.
 */
async function appendChange(
  trx: Transaction<Database>,
  id: string,
  version: number,
  kind: ChangeKind,
  { by, now }: Writer,
  after: ClientFields | null,
): Promise<void> {
  await trx
    .insertInto('client_changes')
    .values((eb) => ({
      client_id: id,
      version,
      kind,
      actor: by,
      at: now.toISOString(),
      before:
        kind === 'registered'
          ? null
          : eb.selectFrom('client_changes').select('after').where('client_id', '=', id).orderBy('seq', 'desc').limit(1),
      after: after && JSON.stringify(after),
    }))
    .execute();
}

async function insertClient(trx: Transaction<Database>, id: string, input: ClientInput, writer: Writer): Promise<VersionedClient> {
  const now = writer.now.toISOString();
  const row = await trx
    .insertInto('clients')
    .values({ id, ...toColumns(input), created_at: now, updated_at: now, version: 1 })
    .returning(clientColumns)
    .executeTakeFirstOrThrow();
  await appendChange(trx, id, 1, 'registered', writer, toFields(row));
  return { client: toClient(row), version: 1 };
}

/** Why a conditional write wrote nothing: the client's latest change, or not-found when it never existed. */
async function refusal(trx: Transaction<Database>, id: string): Promise<WriteOutcome<never>> {
  const latest = await trx
    .selectFrom('client_changes')
    .selectAll()
    .where('client_id', '=', id)
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!latest) return { status: 'not-found' };
  const row = await live(trx, id).select(clientColumns).executeTakeFirst();
  return {
    status: 'stale',
    current: {
      client: row ? toClient(row) : null,
      version: latest.version,
      kind: latest.kind,
      changedBy: latest.actor,
      changedAt: latest.at,
    },
  };
}

/**
 * Forgets the clients merged into `ids` (issue 29): their rows kept in the merges and their histories. An erasure or a
 * purge of a client takes what was merged into it along (the same person's data); merged into those, and so on.
 */
async function forgetMergedInto(trx: Transaction<Database>, ids: readonly string[]): Promise<void> {
  let kept = [...ids];
  while (kept.length > 0) {
    const merges = await trx.selectFrom('merges').select(['id', 'other_id']).where('kept_id', 'in', kept).execute();
    if (merges.length === 0) return;
    const others = merges.map((merge) => merge.other_id);
    // A merge taken back left the other as a client of its own: its history stays with it.
    const stillMerged = await trx.selectFrom('clients').select('id').where('id', 'in', others).execute();
    const gone = others.filter((other) => !stillMerged.some((row) => row.id === other));
    if (gone.length > 0) await trx.deleteFrom('client_changes').where('client_id', 'in', gone).execute();
    await trx
      .deleteFrom('merges')
      .where(
        'id',
        'in',
        merges.map((merge) => merge.id),
      )
      .execute();
    kept = gone;
  }
}

/** Runs `work` in a transaction: a new one, or the caller's (a seed that batches its inserts). */
function inTransaction<T>(db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db as Transaction<Database>) : db.transaction().execute(work);
}

export function createClientsRepository(db: Kysely<Database>) {
  /** The conditions' WHERE on a live client; without any, any live client (last write wins). */
  function matching(trx: Transaction<Database>, id: string, ifMatch: IfMatch, ifNoneMatch: IfNoneMatch) {
    let query = trx.updateTable('clients').where('id', '=', id).where('deleted_at', 'is', null);
    if (ifMatch !== undefined && ifMatch !== '*') query = query.where('version', 'in', ifMatch.length > 0 ? [...ifMatch] : [0]);
    // `*`: no live client may be written (with none, the write is a 404); tags: none of the versions they name.
    if (ifNoneMatch === '*') query = query.where('version', '<', 0);
    else if (ifNoneMatch !== undefined && ifNoneMatch.length > 0) query = query.where('version', 'not in', [...ifNoneMatch]);
    return query;
  }

  /**
   * Without a condition a missing client is simply not found; with If-Match, the 412 says what happened to it. With
   * If-None-Match alone, only a live client refuses (412); a deleted one has no current version to match (404).
   */
  async function unwritten(
    trx: Transaction<Database>,
    id: string,
    ifMatch: IfMatch,
    ifNoneMatch: IfNoneMatch,
  ): Promise<WriteOutcome<never>> {
    if (ifMatch === undefined && ifNoneMatch === undefined) return { status: 'not-found' };
    const outcome = await refusal(trx, id);
    if (ifMatch === undefined && outcome.status === 'stale' && outcome.current.client === null) return { status: 'not-found' };
    return outcome;
  }

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
        .select([...clientColumns, 'version'])
        .executeTakeFirst();
      return row && { client: toClient(row), version: row.version };
    },

    insert(id: string, input: ClientInput, writer: Writer): Promise<VersionedClient> {
      return inTransaction(db, (trx) => insertClient(trx, id, input, writer));
    },

    /**
     * A registration sent with an Idempotency-Key: the key is claimed first, in the same transaction, so that a
     * second request with it waits for the first to commit (PostgreSQL) or comes after it (SQLite), then finds the key
     * and answers from the client's "registered" entry instead of registering again.
     */
    insertOnce(id: string, input: ClientInput, writer: Writer, key: string): Promise<RegistrationOutcome<VersionedClient>> {
      return inTransaction(db, async (trx) => {
        const now = writer.now.toISOString();
        const expired = new Date(writer.now.getTime() - IDEMPOTENCY_KEY_TTL_MS).toISOString();
        await trx
          .deleteFrom('idempotency_keys')
          .where('actor', '=', writer.by)
          .where('key', '=', key)
          .where('created_at', '<', expired)
          .execute();
        const claimed = await trx
          .insertInto('idempotency_keys')
          .values({ actor: writer.by, key, client_id: id, created_at: now })
          .onConflict((conflict) => conflict.columns(['actor', 'key']).doNothing())
          .returning('key')
          .executeTakeFirst();
        if (claimed) return { status: 'registered', value: await insertClient(trx, id, input, writer) };
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

    /** UPDATE … WHERE id = ? AND version IN (…) RETURNING …: one statement decides; the current state is read only when it wrote nothing. */
    update(
      id: string,
      input: ClientInput,
      writer: Writer,
      ifMatch: IfMatch,
      ifNoneMatch?: IfNoneMatch,
    ): Promise<WriteOutcome<VersionedClient>> {
      return inTransaction(db, async (trx) => {
        const row = await matching(trx, id, ifMatch, ifNoneMatch)
          .set((eb) => ({ ...toColumns(input), updated_at: writer.now.toISOString(), version: eb('version', '+', 1) }))
          .returning([...clientColumns, 'version'])
          .executeTakeFirst();
        if (!row) return unwritten(trx, id, ifMatch, ifNoneMatch);
        await appendChange(trx, id, row.version, 'updated', writer, toFields(row));
        return { status: 'written', value: { client: toClient(row), version: row.version } };
      });
    },

    /** Moves a client to "Recently deleted": it leaves the list, and keeps its id and history for a restore. */
    delete(id: string, writer: Writer, ifMatch: IfMatch, ifNoneMatch?: IfNoneMatch): Promise<WriteOutcome<number>> {
      return inTransaction(db, async (trx) => {
        const row = await matching(trx, id, ifMatch, ifNoneMatch)
          .set((eb) => ({ deleted_at: writer.now.toISOString(), deleted_by: writer.by, version: eb('version', '+', 1) }))
          .returning('version')
          .executeTakeFirst();
        if (!row) return unwritten(trx, id, ifMatch, ifNoneMatch);
        await appendChange(trx, id, row.version, 'deleted', writer, null);
        return { status: 'written', value: row.version };
      });
    },

    /** A deleted client back in the list, same id and history; undefined when no such client is deleted. */
    restore(id: string, writer: Writer): Promise<VersionedClient | undefined> {
      return inTransaction(db, async (trx) => {
        const row = await trx
          .updateTable('clients')
          .where('id', '=', id)
          .where('deleted_at', 'is not', null)
          .set((eb) => ({ deleted_at: null, deleted_by: null, updated_at: writer.now.toISOString(), version: eb('version', '+', 1) }))
          .returning([...clientColumns, 'version'])
          .executeTakeFirst();
        if (!row) return undefined;
        await appendChange(trx, id, row.version, 'restored', writer, toFields(row));
        return { client: toClient(row), version: row.version };
      });
    },

    /**
     * Removes a client (live or deleted) and its history, leaving one "erased" entry without personal data.
     * Whether there was such a client.
     */
    erase(id: string, writer: Writer): Promise<boolean> {
      return inTransaction(db, async (trx) => {
        const row = await trx.deleteFrom('clients').where('id', '=', id).returning('version').executeTakeFirst();
        if (!row) return false;
        await trx.deleteFrom('client_changes').where('client_id', '=', id).execute();
        await forgetMergedInto(trx, [id]);
        await appendChange(trx, id, row.version + 1, 'erased', writer, null);
        return true;
      });
    },

    /** "Recently deleted", newest deletion first. */
    async listDeleted(): Promise<DeletedClient[]> {
      const rows = await db
        .selectFrom('clients')
        .select([...clientColumns, 'deleted_at', 'deleted_by'])
        .where('deleted_at', 'is not', null)
        .orderBy('deleted_at', 'desc')
        .orderBy('id')
        .execute();
      return rows.map((row) => ({ ...toClient(row), deletedAt: row.deleted_at ?? '', deletedBy: row.deleted_by ?? '' }));
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

    /** Everything held about a live or deleted client; undefined when there is no such client. */
    async export(id: string, now: Date): Promise<ClientExport | undefined> {
      return inTransaction(db, async (trx) => {
        const row = await trx
          .selectFrom('clients')
          .select([...clientColumns, 'version', 'deleted_at', 'deleted_by'])
          .where('id', '=', id)
          .executeTakeFirst();
        if (!row) return undefined;
        const changes = await trx.selectFrom('client_changes').selectAll().where('client_id', '=', id).orderBy('seq', 'desc').execute();
        return {
          exportedAt: now.toISOString(),
          client: toClient(row),
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
     * batch's first at once (the batch's writes hold the others off: repositories/imports.ts).
     */
    async changesAfter(seq: number, limit: number): Promise<LogItem[]> {
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
      return items;
    },

    /** Removes the clients deleted before `cutoff`, with their history; how many. */
    purgeDeletedBefore(cutoff: Date): Promise<number> {
      return inTransaction(db, async (trx) => {
        const expired = trx.selectFrom('clients').select('id').where('deleted_at', '<', cutoff.toISOString());
        const removed = trx.selectFrom('client_changes').where('client_id', 'in', expired);
        // The log keeps how far it has gaps: a stream asked to replay from before there says it cannot.
        const highest = removed.select((eb) => eb.fn.max('seq').as('seq'));
        await trx
          .updateTable('client_changes_purged')
          .set({ through: sql`CASE WHEN (${highest}) > through THEN (${highest}) ELSE through END` })
          .execute();
        await trx.deleteFrom('client_changes').where('client_id', 'in', expired).execute();
        const mergedInto = await trx.selectFrom('merges').select('kept_id').where('kept_id', 'in', expired).execute();
        await forgetMergedInto(
          trx,
          mergedInto.map((merge) => merge.kept_id),
        );
        const result = await trx.deleteFrom('clients').where('deleted_at', '<', cutoff.toISOString()).executeTakeFirst();
        return Number(result.numDeletedRows);
      });
    },
  };
}

export type ClientsRepository = ReturnType<typeof createClientsRepository>;
