/**
 * The change log's one writer (docs/decisions/031-one-writer-of-the-change-log.md): every entry of `client_changes`,
 * and every write of the `clients` rows they describe, in the caller's transaction, the row and its entry together.
 * Registering, editing, deleting, restoring, erasing and purging (clients.ts), an import and its undo (imports.ts), a
 * merge and its undo (merges.ts) all write here; no other module writes either table. Also the reads a write of
 * theirs decides on. The clients are always written before their entries: on PostgreSQL the first write to `clients`
 * takes the row of `data_versions` that every writer of clients updates, so entries are numbered in commit order and a
 * batch's entries are contiguous (decisions 014 and 028).
 */
import { sql, type Kysely, type Selectable, type SelectQueryBuilder, type Transaction } from 'kysely';
import type { ChangeKind, Client, ClientFields, ClientInput } from '#contract/api';
import { unwrittenOutcome, type Conditions, type VersionedClient, type WriteOutcome } from '#contract/if-match';
import type { ClientChangesTable, ClientsTable, Database } from '../db/schema.ts';
import * as appointments from './appointment-log.ts';
import * as outbox from './outbox.ts';

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

function toFields(row: ClientRow): ClientFields {
  const { _id, ...fields } = toClient(row);
  return fields;
}

/** A client's fields as the clients table's columns. */
function toColumns(input: ClientFields) {
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

/** The conditions' WHERE on a live client; without any, any live client (last write wins). */
function matching(trx: Transaction<Database>, id: string, { ifMatch, ifNoneMatch }: Conditions) {
  let query = trx.updateTable('clients').where('id', '=', id).where('deleted_at', 'is', null);
  if (ifMatch !== undefined && ifMatch !== '*') query = query.where('version', 'in', ifMatch.length > 0 ? [...ifMatch] : [0]);
  // `*`: no live client may be written (with none, the write is a 404); tags: none of the versions they name.
  if (ifNoneMatch === '*') query = query.where('version', '<', 0);
  else if (ifNoneMatch !== undefined && ifNoneMatch.length > 0) query = query.where('version', 'not in', [...ifNoneMatch]);
  return query;
}

/** Why a conditional write wrote nothing (the contract's rule), from the client's latest entry and its live row. */
async function unwritten(trx: Transaction<Database>, id: string, conditions: Conditions): Promise<WriteOutcome<never>> {
  const latest = await trx
    .selectFrom('client_changes')
    .select(['version', 'kind', 'actor as by', 'at'])
    .where('client_id', '=', id)
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  const row = await trx.selectFrom('clients').where('id', '=', id).where('deleted_at', 'is', null).select(clientColumns).executeTakeFirst();
  return unwrittenOutcome(conditions, latest, row ? toClient(row) : null);
}

/** UPDATE … WHERE id = ? AND version IN (…) RETURNING …: one statement decides; the current state is read only when it wrote nothing. */
export async function update(
  trx: Transaction<Database>,
  id: string,
  input: ClientInput,
  writer: Writer,
  conditions: Conditions,
): Promise<WriteOutcome<VersionedClient>> {
  const row = await matching(trx, id, conditions)
    .set((eb) => ({ ...toColumns(input), updated_at: writer.now.toISOString(), version: eb('version', '+', 1) }))
    .returning([...clientColumns, 'version'])
    .executeTakeFirst();
  if (!row) return unwritten(trx, id, conditions);
  await appendChange(trx, id, row.version, 'updated', writer, toFields(row));
  return { status: 'written', value: { client: toClient(row), version: row.version } };
}

/**
 * Moves a client to "Recently deleted", as update() decides, and cancels their upcoming appointments
 * (appointment-log.ts): the version it made, and the appointments it cancelled.
 */
export async function remove(
  trx: Transaction<Database>,
  id: string,
  writer: Writer,
  conditions: Conditions,
): Promise<WriteOutcome<ClientRemoval>> {
  const row = await matching(trx, id, conditions)
    .set((eb) => ({ deleted_at: writer.now.toISOString(), deleted_by: writer.by, version: eb('version', '+', 1) }))
    .returning('version')
    .executeTakeFirst();
  if (!row) return unwritten(trx, id, conditions);
  await appendChange(trx, id, row.version, 'deleted', writer, null);
  return { status: 'written', value: { version: row.version, cancelled: await appointments.cancelWithClient(trx, id, writer) } };
}

/** A client's deletion: the version it made, and the upcoming appointments it cancelled. */
export type ClientRemoval = { version: number; cancelled: appointments.ClientAppointment[] };
/** A client's restore: the client, and the appointments its deletion had cancelled that are booked again. */
export type ClientRestoration = VersionedClient & { restored: appointments.ClientAppointment[] };

/**
 * A deleted client back in the list, same id and history, with the upcoming appointments its deletion cancelled whose
 * time is still free; undefined when no such client is deleted.
 */
export async function restore(trx: Transaction<Database>, id: string, writer: Writer): Promise<ClientRestoration | undefined> {
  const row = await trx
    .updateTable('clients')
    .where('id', '=', id)
    .where('deleted_at', 'is not', null)
    .set((eb) => ({ deleted_at: null, deleted_by: null, updated_at: writer.now.toISOString(), version: eb('version', '+', 1) }))
    .returning([...clientColumns, 'version'])
    .executeTakeFirst();
  if (!row) return undefined;
  await appendChange(trx, id, row.version, 'restored', writer, toFields(row));
  return { client: toClient(row), version: row.version, restored: await appointments.restoreWithClient(trx, id, writer) };
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
  await appointments.forgetClients(trx, trx.selectFrom('clients').select('id').where('id', '=', id), writer);
  const row = await trx.deleteFrom('clients').where('id', '=', id).returning('version').executeTakeFirst();
  if (!row) return false;
  await trx.deleteFrom('client_changes').where('client_id', '=', id).execute();
  await outbox.forgetClients(trx, [id]);
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
  if (gone.length > 0) {
    await trx.deleteFrom('client_changes').where('client_id', 'in', gone).execute();
    await outbox.forgetClients(trx, gone);
  }
  return gone;
}

/**
 * Removes the clients deleted before `cutoff`, with their history and `forgetMergedInto`'s, their appointments keeping
 * no client (written by `writer`); how many.
 */
export async function purgeDeletedBefore(
  trx: Transaction<Database>,
  cutoff: Date,
  forgetMergedInto: ForgetMergedInto,
  writer: Writer,
): Promise<number> {
  const expired = trx.selectFrom('clients').select('id').where('deleted_at', '<', cutoff.toISOString());
  await appointments.forgetClients(trx, expired, writer);
  const removed = trx.selectFrom('client_changes').where('client_id', 'in', expired);
  // The log keeps how far it has gaps: a stream asked to replay from before there says it cannot.
  const highest = removed.select((eb) => eb.fn.max('seq').as('seq'));
  await trx
    .updateTable('client_changes_purged')
    .set({ through: sql`CASE WHEN (${highest}) > through THEN (${highest}) ELSE through END` })
    .execute();
  await trx.deleteFrom('client_changes').where('client_id', 'in', expired).execute();
  await outbox.forgetClients(trx, expired);
  await forgetMergedInto(trx, expired);
  const result = await trx.deleteFrom('clients').where('deleted_at', '<', cutoff.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Rows per INSERT or UPDATE: 10 columns each stays under SQLite's 32,766 parameters and PostgreSQL's 65,535. */
const CHUNK = 1000;

function chunks<T>(items: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += CHUNK) result.push(items.slice(start, start + CHUNK));
  return result;
}

type LogEntry = Omit<Selectable<ClientChangesTable>, 'seq'>;

/** Appends a batch's entries, in order, as few statements as the chunks need. */
async function appendChanges(trx: Transaction<Database>, entries: readonly LogEntry[]): Promise<void> {
  for (const chunk of chunks(entries)) await trx.insertInto('client_changes').values(chunk).execute();
}

/** The entries of one batch and kind: per client, the version its write made and its fields before and after (JSON). */
function entriesOf(batchId: string, kind: ChangeKind, { by, now }: Writer) {
  const at = now.toISOString();
  return (clientId: string, version: number, before: string | null, after: string | null): LogEntry => ({
    client_id: clientId,
    version,
    kind,
    actor: by,
    at,
    before,
    after,
    batch_id: batchId,
  });
}

/** Gives a client live at `version` the `fields` and the next version, in one conditional statement; whether it did. */
async function setIfAt(trx: Transaction<Database>, id: string, version: number, fields: ClientFields, at: string): Promise<boolean> {
  const row = await trx
    .updateTable('clients')
    .set({ ...toColumns(fields), updated_at: at, version: version + 1 })
    .where('id', '=', id)
    .where('version', '=', version)
    .where('deleted_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Gives each client (`id`, and the values as `fields`) those values and a new version, if it is live and in
 * `version`: one UPDATE … FROM (VALUES …) per chunk. The clients written, with their new versions.
 */
async function setFields(
  trx: Transaction<Database>,
  rows: ReadonlyArray<{ id: string; fields: ClientFields; version?: number }>,
  now: string,
): Promise<Map<string, number>> {
  const written = new Map<string, number>();
  for (const chunk of chunks(rows)) {
    const values = sql.join(
      chunk.map(
        (row) =>
          sql`(${row.id}, ${row.fields.firstName}, ${row.fields.lastName}, ${row.fields.email}, ${row.fields.registrationDateTime}, ${row.version ?? -1})`,
      ),
    );
    // A VALUES list's columns are column1, column2, … in both SQLite and PostgreSQL; -1: any version.
    const result = await sql<{ id: string; version: number }>`
      UPDATE clients SET first_name = v.column2, last_name = v.column3, email = v.column4,
        registration_date_time = v.column5, updated_at = ${now}, version = clients.version + 1
      FROM (VALUES ${values}) AS v
      WHERE clients.id = v.column1 AND clients.deleted_at IS NULL
        AND (CAST(v.column6 AS integer) = -1 OR clients.version = CAST(v.column6 AS integer))
      RETURNING clients.id, clients.version`.execute(trx);
    for (const row of result.rows) written.set(row.id, Number(row.version));
  }
  return written;
}

/**
 * An import's writes (decision 028), as one batch of the log: the new clients inserted 1,000 to a statement, the
 * existing ones given their row's values (a new version each, if still live), then an `imported` entry for each
 * client written, with the import's id as batch id (for an update, its `before` too). How many updates were written.
 */
export async function importClients(
  trx: Transaction<Database>,
  batchId: string,
  created: ReadonlyArray<{ id: string; fields: ClientFields }>,
  updates: ReadonlyArray<{ id: string; fields: ClientFields; before: ClientFields }>,
  writer: Writer,
): Promise<number> {
  const at = writer.now.toISOString();
  // The clients first, the log after: on PostgreSQL the first write to clients takes the row of data_versions that
  // every writer of clients bumps, so no other write's entry can fall among this batch's (decision 028).
  for (const chunk of chunks(created)) {
    await trx
      .insertInto('clients')
      .values(chunk.map(({ id, fields }) => ({ id, ...toColumns(fields), created_at: at, updated_at: at, version: 1 })))
      .execute();
  }
  const versions = await setFields(trx, updates, at);

  const entry = entriesOf(batchId, 'imported', writer);
  const updated = updates.filter((update) => versions.has(update.id));
  await appendChanges(trx, [
    ...created.map((client) => entry(client.id, 1, null, JSON.stringify(client.fields))),
    ...updated.map((update) =>
      entry(update.id, versions.get(update.id) ?? 0, JSON.stringify(update.before), JSON.stringify(update.fields)),
    ),
  ]);
  return updated.length;
}

/** A batch's entries, in the log's order, each with its client as it is now (its columns null: erased since). */
export function batchEntries(db: Kysely<Database>, batchId: string) {
  return db
    .selectFrom('client_changes as entry')
    .leftJoin('clients', 'clients.id', 'entry.client_id')
    .select([
      'entry.seq',
      'entry.client_id',
      'entry.version',
      'entry.before',
      'entry.after',
      'clients.version as current_version',
      'clients.first_name',
      'clients.last_name',
      'clients.deleted_at',
    ])
    .where('entry.batch_id', '=', batchId)
    .orderBy('entry.seq')
    .execute();
}

type BatchEntry = Pick<LogEntry, 'client_id' | 'version' | 'before' | 'after'>;

/**
 * Takes a batch's writes back, as a batch of its own (an import's undo): each client it `created` goes to "Recently
 * deleted" (a new version, a `deleted` entry) unless an upcoming appointment is booked for them, each one it `updated`
 * gets its `before` back (a new version, an `updated` entry), if it is still live at the version the batch left: the
 * condition is in the statement itself. The entries, all with `batchId`, follow the writes. Which clients were
 * written; the others changed meanwhile.
 */
export async function takeBack(
  trx: Transaction<Database>,
  created: readonly BatchEntry[],
  updated: readonly BatchEntry[],
  writer: Writer,
  batchId: string,
): Promise<Set<string>> {
  const { by } = writer;
  const at = writer.now.toISOString();
  const log: LogEntry[] = [];
  const deletedEntry = entriesOf(batchId, 'deleted', writer);
  const updatedEntry = entriesOf(batchId, 'updated', writer);
  /** A client the undo wrote gets its entry: its `before` is what the batch left. */
  const settle = (entry: BatchEntry, version: number | undefined, logged: ReturnType<typeof entriesOf>, after: string | null) => {
    if (version !== undefined) log.push(logged(entry.client_id, version, entry.after, after));
  };
  for (const chunk of chunks(created)) {
    const deleted = await trx
      .updateTable('clients')
      .set((eb) => ({ deleted_at: at, deleted_by: by, version: eb('version', '+', 1) }))
      .where('deleted_at', 'is', null)
      // A client the batch created: still at its first version, and booked for nothing still to come (the salon
      // counts on them: left, and named, as a client changed since).
      .where('version', '=', 1)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('appointments')
              .select('appointments.id')
              .whereRef('appointments.client_id', '=', 'clients.id')
              .where('appointments.status', '=', 'booked')
              .where('appointments.end_ms', '>', writer.now.getTime()),
          ),
        ),
      )
      .where(
        'id',
        'in',
        chunk.map((entry) => entry.client_id),
      )
      .returning(['id', 'version'])
      .execute();
    const versions = new Map(deleted.map((row) => [row.id, row.version]));
    for (const entry of chunk) settle(entry, versions.get(entry.client_id), deletedEntry, null);
  }
  const restored = await setFields(
    trx,
    updated.map((entry) => ({ id: entry.client_id, fields: JSON.parse(entry.before ?? '{}') as ClientFields, version: entry.version })),
    at,
  );
  for (const entry of updated) settle(entry, restored.get(entry.client_id), updatedEntry, entry.before);
  // In the log's order: the batch's entries follow the clients' writes (see importClients).
  await appendChanges(trx, log);
  return new Set(log.map((entry) => entry.client_id));
}

/** A client's row, every column: a merge reads both clients so, and keeps the other's whole. */
export function clientRow(db: Kysely<Database>, id: string): Promise<Selectable<ClientsTable> | undefined> {
  return db.selectFrom('clients').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The live clients with the contract's names, each with its version beside it: what an import matches, the pairs a merge is offered from. */
export function liveClientsVersioned(db: Kysely<Database>) {
  return db
    .selectFrom('clients')
    .select([
      'id as _id',
      'first_name as firstName',
      'last_name as lastName',
      'email',
      'registration_date_time as registrationDateTime',
      'version',
    ])
    .where('deleted_at', 'is', null)
    .execute();
}

/**
 * A merge's writes (decision 029), conditional on the versions read, in the statements themselves: the kept client,
 * live at `kept.version`, gets `after` and a new version; the other's appointments become the kept client's; the
 * other's row, live at `other.version`, leaves the table (the merge keeps it); each gets a `merged` entry with
 * `batchId`. The appointments moved (for the merge to keep), or undefined if not both were written: a write slipped in
 * since the read (PostgreSQL), and the caller rolls back.
 */
export async function mergeClients(
  trx: Transaction<Database>,
  kept: Selectable<ClientsTable>,
  other: Selectable<ClientsTable>,
  after: ClientFields,
  writer: Writer,
  batchId: string,
): Promise<string[] | undefined> {
  const at = writer.now.toISOString();
  if (!(await setIfAt(trx, kept.id, kept.version, after, at))) return undefined;
  // Before the other's row goes: its appointments would lose their client (ON DELETE SET NULL).
  const moved = await appointments.moveToClient(trx, other.id, kept.id, writer);
  const removed = await trx
    .deleteFrom('clients')
    .where('id', '=', other.id)
    .where('version', '=', other.version)
    .where('deleted_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!removed) return undefined;
  const entry = entriesOf(batchId, 'merged', writer);
  await appendChanges(trx, [
    entry(kept.id, kept.version + 1, JSON.stringify(toFields(kept)), JSON.stringify(after)),
    entry(other.id, other.version + 1, JSON.stringify(toFields(other)), null),
  ]);
  return moved;
}

/**
 * A merge's undo (decision 029): the kept client, if still live at the version the merge gave it, gets its values
 * from before (`kept.before`, from `kept.merged`) and a new version; the other its row again, at the version after its
 * `merged` entry's, and the appointments the merge moved (`movedAppointments`) back; each an `unmerged` entry with `batchId`. Whether the kept client was still at that version: if
 * not, nothing was written.
 */
export async function unmergeClients(
  trx: Transaction<Database>,
  kept: { id: string; version: number; merged: ClientFields; before: ClientFields },
  other: Selectable<ClientsTable>,
  movedAppointments: readonly string[],
  writer: Writer,
  batchId: string,
): Promise<boolean> {
  const at = writer.now.toISOString();
  if (!(await setIfAt(trx, kept.id, kept.version, kept.before, at))) return false;
  // The other's version counted its `merged` entry; its `unmerged` one makes the next.
  const otherVersion = Number(other.version) + 2;
  await trx
    .insertInto('clients')
    .values({ ...other, version: otherVersion, updated_at: at })
    .execute();
  await appointments.moveBack(trx, movedAppointments, kept.id, other.id, writer);
  const entry = entriesOf(batchId, 'unmerged', writer);
  await appendChanges(trx, [
    entry(kept.id, kept.version + 1, JSON.stringify(kept.merged), JSON.stringify(kept.before)),
    entry(other.id, otherVersion, null, JSON.stringify(toFields(other))),
  ]);
  return true;
}
