/**
 * The change log's one writer (docs/decisions/031-one-writer-of-the-change-log.md): every entry of `client_changes`,
 * and every write of the `clients` rows they describe, in the caller's transaction, the row and its entry together.
 * Registering, editing, deleting, restoring, erasing and purging (clients.ts), an import and its undo (imports.ts), a
 * merge and its undo (merges.ts) all write here; no other module writes either table. Also the reads a write of
 * theirs decides on. The clients are always written before their entries: on PostgreSQL the first write to `clients`
 * takes the row of `data_versions` that every writer of clients updates, so entries are numbered in commit order and a
 * batch's entries are contiguous (decisions 014 and 028).
 */
import { sql, type Selectable, type SelectQueryBuilder, type Transaction } from 'kysely';
import type { ChangeKind, Client, ClientFields, ClientInput } from '#contract/api';
import type { IfMatch, IfNoneMatch, VersionedClient, WriteOutcome } from '#contract/if-match';
import type { ClientsTable, Database } from '../db/schema.ts';

export const clientColumns = ['id', 'first_name', 'last_name', 'email', 'registration_date_time'] as const;

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

/** Who writes, and when (the change log's actor and at). */
export type Writer = { by: string; now: Date };

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

/** Registers a client: its row at version 1, and its `registered` entry. */
export async function register(trx: Transaction<Database>, id: string, input: ClientInput, writer: Writer): Promise<VersionedClient> {
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
  const row = await trx.selectFrom('clients').where('id', '=', id).where('deleted_at', 'is', null).select(clientColumns).executeTakeFirst();
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
async function unwritten(trx: Transaction<Database>, id: string, ifMatch: IfMatch, ifNoneMatch: IfNoneMatch): Promise<WriteOutcome<never>> {
  if (ifMatch === undefined && ifNoneMatch === undefined) return { status: 'not-found' };
  const outcome = await refusal(trx, id);
  if (ifMatch === undefined && outcome.status === 'stale' && outcome.current.client === null) return { status: 'not-found' };
  return outcome;
}

/** UPDATE … WHERE id = ? AND version IN (…) RETURNING …: one statement decides; the current state is read only when it wrote nothing. */
export async function update(
  trx: Transaction<Database>,
  id: string,
  input: ClientInput,
  writer: Writer,
  ifMatch: IfMatch,
  ifNoneMatch: IfNoneMatch,
): Promise<WriteOutcome<VersionedClient>> {
  const row = await matching(trx, id, ifMatch, ifNoneMatch)
    .set((eb) => ({ ...toColumns(input), updated_at: writer.now.toISOString(), version: eb('version', '+', 1) }))
    .returning([...clientColumns, 'version'])
    .executeTakeFirst();
  if (!row) return unwritten(trx, id, ifMatch, ifNoneMatch);
  await appendChange(trx, id, row.version, 'updated', writer, toFields(row));
  return { status: 'written', value: { client: toClient(row), version: row.version } };
}

/** Moves a client to "Recently deleted", as update() decides; the version it made. */
export async function remove(
  trx: Transaction<Database>,
  id: string,
  writer: Writer,
  ifMatch: IfMatch,
  ifNoneMatch: IfNoneMatch,
): Promise<WriteOutcome<number>> {
  const row = await matching(trx, id, ifMatch, ifNoneMatch)
    .set((eb) => ({ deleted_at: writer.now.toISOString(), deleted_by: writer.by, version: eb('version', '+', 1) }))
    .returning('version')
    .executeTakeFirst();
  if (!row) return unwritten(trx, id, ifMatch, ifNoneMatch);
  await appendChange(trx, id, row.version, 'deleted', writer, null);
  return { status: 'written', value: row.version };
}

/** A deleted client back in the list, same id and history; undefined when no such client is deleted. */
export async function restore(trx: Transaction<Database>, id: string, writer: Writer): Promise<VersionedClient | undefined> {
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
}

/** Some clients, by id or as a query of the clients table (a purge's expired ones), for a statement to name. */
export type ClientIds = readonly string[] | SelectQueryBuilder<Database, 'clients', { id: string }>;

/**
 * What an erasure or a purge takes along: the clients merged into these, and theirs (merges.ts). Called in the
 * transaction, after the clients' own entries are gone and before an erasure's entry or a purge's removal of rows.
 */
type ForgetMergedInto = (trx: Transaction<Database>, kept: ClientIds) => Promise<void>;

/**
 * Removes a client (live or deleted) and its history, with `forgetMergedInto`'s, leaving one "erased" entry without
 * personal data. Whether there was such a client.
 */
export async function erase(trx: Transaction<Database>, id: string, writer: Writer, forgetMergedInto: ForgetMergedInto): Promise<boolean> {
  const row = await trx.deleteFrom('clients').where('id', '=', id).returning('version').executeTakeFirst();
  if (!row) return false;
  await trx.deleteFrom('client_changes').where('client_id', '=', id).execute();
  await forgetMergedInto(trx, [id]);
  await appendChange(trx, id, row.version + 1, 'erased', writer, null);
  return true;
}

/**
 * Of clients merged into another, forgets the histories of those still merged away (no row of their own: a merge
 * taken back left the other a client again, with its history); which they were.
 */
export async function forgetMergedAway(trx: Transaction<Database>, others: readonly string[]): Promise<string[]> {
  const back = await trx.selectFrom('clients').select('id').where('id', 'in', others).execute();
  const gone = others.filter((other) => !back.some((row) => row.id === other));
  if (gone.length > 0) await trx.deleteFrom('client_changes').where('client_id', 'in', gone).execute();
  return gone;
}

/** Removes the clients deleted before `cutoff`, with their history and `forgetMergedInto`'s; how many. */
export async function purgeDeletedBefore(trx: Transaction<Database>, cutoff: Date, forgetMergedInto: ForgetMergedInto): Promise<number> {
  const expired = trx.selectFrom('clients').select('id').where('deleted_at', '<', cutoff.toISOString());
  const removed = trx.selectFrom('client_changes').where('client_id', 'in', expired);
  // The log keeps how far it has gaps: a stream asked to replay from before there says it cannot.
  const highest = removed.select((eb) => eb.fn.max('seq').as('seq'));
  await trx
    .updateTable('client_changes_purged')
    .set({ through: sql`CASE WHEN (${highest}) > through THEN (${highest}) ELSE through END` })
    .execute();
  await trx.deleteFrom('client_changes').where('client_id', 'in', expired).execute();
  await forgetMergedInto(trx, expired);
  const result = await trx.deleteFrom('clients').where('deleted_at', '<', cutoff.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
