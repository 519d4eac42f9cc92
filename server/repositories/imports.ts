/**
 * Imports of clients (issue 29): the imports table, and the clients and log entries an import writes and its undo
 * takes back, each in one transaction (docs/decisions/028-imports.md). Every log entry of one import, or of its undo,
 * carries the same batch id, which the live updates send as one `batch` event (repositories/clients.ts).
 */
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { ClientFields } from '#contract/api';
import { IDEMPOTENCY_KEY_TTL_MS } from '#contract/idempotency-key';
import { importVerdicts, IMPORT_UNDO_DAYS, type ClientNamed, type ImportRequest, type ImportSummary } from '#contract/import';
import { emailKey } from '#contract/text';
import type { ClientChangesTable, Database, ImportsTable } from '../db/schema.ts';
import { toColumns, type Writer } from './client-log.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Rows per INSERT or UPDATE: 10 columns each stays under SQLite's 32,766 parameters and PostgreSQL's 65,535. */
const CHUNK = 1000;

function chunks<T>(items: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += CHUNK) result.push(items.slice(start, start + CHUNK));
  return result;
}

function toSummary(row: Selectable<ImportsTable>): ImportSummary {
  return {
    id: row.id,
    at: row.at,
    by: row.actor,
    fileName: row.file_name,
    existing: row.existing,
    created: Number(row.created),
    updated: Number(row.updated),
    skipped: Number(row.skipped),
    undone:
      row.undone_at === null
        ? null
        : { at: row.undone_at, by: row.undone_by ?? '', leftAsChanged: JSON.parse(row.undone_left ?? '[]') as ClientNamed[] },
  };
}

type LogEntry = Omit<Selectable<ClientChangesTable>, 'seq'>;

/** Appends a batch's entries, in order, as few statements as the chunks need. */
async function appendEntries(trx: Transaction<Database>, entries: readonly LogEntry[]): Promise<void> {
  for (const chunk of chunks(entries)) await trx.insertInto('client_changes').values(chunk).execute();
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

/** An import written now, one answered again for a retry with its Idempotency-Key, or a key sent before with another request. */
export type ImportOutcome = { status: 'imported' | 'replayed'; summary: ImportSummary } | { status: 'key-reused' };

export type UndoOutcome = { status: 'undone'; summary: ImportSummary } | { status: 'not-found' } | { status: 'already-undone' };

export function createImportsRepository(db: Kysely<Database>) {
  /** The oldest `at` still listed and undoable. */
  const undoableSince = (now: Date) => new Date(now.getTime() - IMPORT_UNDO_DAYS * DAY_MS).toISOString();

  return {
    /**
     * Gives every row its verdict against the live clients (an email → the client registered first with it), then
     * writes the new ones and, on "update", the existing ones, with their log entries, all in one transaction.
     * `idempotency`: the request's key and hash; the same key from the same account within 24 hours answers the
     * first import again (or refuses, with another request).
     */
    write(
      id: string,
      request: ImportRequest,
      { by, now }: Writer,
      newClientId: () => string,
      idempotency?: { key: string; hash: string },
    ): Promise<ImportOutcome> {
      return db.transaction().execute(async (trx) => {
        const at = now.toISOString();
        if (idempotency) {
          const expired = new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS).toISOString();
          await trx
            .updateTable('imports')
            .set({ idempotency_key: null })
            .where('actor', '=', by)
            .where('idempotency_key', '=', idempotency.key)
            .where('at', '<', expired)
            .execute();
        }
        // Claimed first: a retry sent meanwhile waits for this one to commit (PostgreSQL), then finds it.
        const claimed = await trx
          .insertInto('imports')
          .values({
            id,
            at,
            actor: by,
            file_name: request.fileName,
            existing: request.existing,
            created: 0,
            updated: 0,
            skipped: 0,
            undone_at: null,
            undone_by: null,
            undone_left: null,
            idempotency_key: idempotency?.key ?? null,
            request_hash: idempotency?.hash ?? null,
          })
          .onConflict((conflict) => conflict.columns(['actor', 'idempotency_key']).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!claimed && idempotency) {
          const first = await trx
            .selectFrom('imports')
            .selectAll()
            .where('actor', '=', by)
            .where('idempotency_key', '=', idempotency.key)
            .executeTakeFirstOrThrow();
          return first.request_hash === idempotency.hash ? { status: 'replayed', summary: toSummary(first) } : { status: 'key-reused' };
        }

        // Oldest registration first: the first client seen with an email is the one its rows match.
        const live = await trx
          .selectFrom('clients')
          .select(['id', 'email', 'first_name', 'last_name', 'registration_date_time', 'version'])
          .where('deleted_at', 'is', null)
          .orderBy('registration_date_time')
          .orderBy('id')
          .execute();
        const byEmail = new Map<string, (typeof live)[number]>();
        for (const client of live) {
          const key = emailKey(client.email);
          if (!byEmail.has(key)) byEmail.set(key, client);
        }
        const verdicts = importVerdicts(request.rows, (key) => byEmail.get(key)?.id, at);

        // The clients first, the log after: on PostgreSQL the first write to clients takes the row of data_versions
        // that every writer of clients bumps, so no other write's entry can fall among this batch's (decision 028).
        const created: Array<{ id: string; fields: ClientFields }> = [];
        const updates: Array<{ id: string; fields: ClientFields; before: ClientFields }> = [];
        for (const verdict of verdicts) {
          if (verdict.kind === 'new') created.push({ id: newClientId(), fields: verdict.client });
          else if (verdict.kind === 'existing' && request.existing === 'update') {
            const current = byEmail.get(emailKey(verdict.client.email));
            if (!current) continue;
            const before = {
              firstName: current.first_name,
              lastName: current.last_name,
              email: current.email,
              registrationDateTime: current.registration_date_time,
            };
            updates.push({ id: verdict.clientId, fields: verdict.client, before });
          }
        }
        for (const chunk of chunks(created)) {
          await trx
            .insertInto('clients')
            .values(
              chunk.map(({ id: clientId, fields }) => ({
                id: clientId,
                ...toColumns(fields),
                created_at: at,
                updated_at: at,
                version: 1,
              })),
            )
            .execute();
        }
        const versions = await setFields(trx, updates, at);

        const entry = (clientId: string, version: number, before: ClientFields | null, after: ClientFields): LogEntry => ({
          client_id: clientId,
          version,
          kind: 'imported',
          actor: by,
          at,
          before: before && JSON.stringify(before),
          after: JSON.stringify(after),
          batch_id: id,
        });
        const updated = updates.filter((update) => versions.has(update.id));
        await appendEntries(trx, [
          ...created.map((client) => entry(client.id, 1, null, client.fields)),
          ...updated.map((update) => entry(update.id, versions.get(update.id) ?? 0, update.before, update.fields)),
        ]);

        const written = created.length + updated.length;
        const row = await trx
          .updateTable('imports')
          .set({ created: created.length, updated: updated.length, skipped: request.rows.length - written })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
        return { status: 'imported', summary: toSummary(row) };
      });
    },

    /** The imports of the last IMPORT_UNDO_DAYS days, newest first. */
    async list(now: Date): Promise<ImportSummary[]> {
      const rows = await db
        .selectFrom('imports')
        .selectAll()
        .where('at', '>=', undoableSince(now))
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toSummary);
    },

    /** One import of the last IMPORT_UNDO_DAYS days. */
    async find(id: string, now: Date): Promise<ImportSummary | undefined> {
      const row = await db.selectFrom('imports').selectAll().where('id', '=', id).where('at', '>=', undoableSince(now)).executeTakeFirst();
      return row && toSummary(row);
    },

    /**
     * Takes an import back, in one transaction: the clients it created go to "Recently deleted", the ones it updated
     * get their values from before it; a client whose version is no longer the one the import left is left as it is
     * and named. The undo's entries share the batch id `undoBatch`.
     */
    undo(id: string, { by, now }: Writer, undoBatch: string): Promise<UndoOutcome> {
      return db.transaction().execute(async (trx) => {
        const at = now.toISOString();
        // Marked first: a second undo at the same moment waits for this one (PostgreSQL), then finds it undone.
        const marked = await trx
          .updateTable('imports')
          .set({ undone_at: at, undone_by: by, undone_left: '[]' })
          .where('id', '=', id)
          .where('undone_at', 'is', null)
          .where('at', '>=', undoableSince(now))
          .returning('id')
          .executeTakeFirst();
        if (!marked) {
          const found = await trx
            .selectFrom('imports')
            .select('undone_at')
            .where('id', '=', id)
            .where('at', '>=', undoableSince(now))
            .executeTakeFirst();
          return found ? { status: 'already-undone' } : { status: 'not-found' };
        }

        const entries = await trx
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
          .where('entry.batch_id', '=', id)
          .orderBy('entry.seq')
          .execute();
        const left: ClientNamed[] = [];
        const toDelete: typeof entries = [];
        const toRestore: typeof entries = [];
        for (const entry of entries) {
          // Erased since: nothing left to take back, nor to name.
          if (entry.current_version === null || entry.first_name === null || entry.last_name === null) continue;
          if (entry.current_version !== entry.version || entry.deleted_at !== null) {
            left.push({ clientId: entry.client_id, firstName: entry.first_name, lastName: entry.last_name });
          } else if (entry.before === null) toDelete.push(entry);
          else toRestore.push(entry);
        }

        const log: LogEntry[] = [];
        /** A client the undo wrote gets its log entry; one its condition missed (changed meanwhile) is named. */
        const settle = (
          entry: (typeof entries)[number],
          version: number | undefined,
          kind: 'deleted' | 'updated',
          after: string | null,
        ) => {
          if (version === undefined) {
            left.push({ clientId: entry.client_id, firstName: entry.first_name ?? '', lastName: entry.last_name ?? '' });
          } else {
            log.push({ client_id: entry.client_id, version, kind, actor: by, at, before: entry.after, after, batch_id: undoBatch });
          }
        };
        for (const chunk of chunks(toDelete)) {
          const deleted = await trx
            .updateTable('clients')
            .set((eb) => ({ deleted_at: at, deleted_by: by, version: eb('version', '+', 1) }))
            .where('deleted_at', 'is', null)
            .where('version', '=', 1)
            .where(
              'id',
              'in',
              chunk.map((entry) => entry.client_id),
            )
            .returning(['id', 'version'])
            .execute();
          const versions = new Map(deleted.map((row) => [row.id, row.version]));
          for (const entry of chunk) settle(entry, versions.get(entry.client_id), 'deleted', null);
        }
        const restored = await setFields(
          trx,
          toRestore.map((entry) => ({
            id: entry.client_id,
            fields: JSON.parse(entry.before ?? '{}') as ClientFields,
            version: entry.version,
          })),
          at,
        );
        for (const entry of toRestore) settle(entry, restored.get(entry.client_id), 'updated', entry.before);
        // In the log's order: the batch's entries follow the clients' writes (see `write`).
        await appendEntries(trx, log);

        const row = await trx
          .updateTable('imports')
          .set({ undone_left: JSON.stringify(left) })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
        return { status: 'undone', summary: toSummary(row) };
      });
    },
  };
}
