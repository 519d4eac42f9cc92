/**
 * Imports of clients (issue 29): the imports table, and an import and its undo, each in one transaction
 * (docs/decisions/028-imports.md) with the clients and log entries they write, which client-log.ts writes. Every log
 * entry of one import, or of its undo, carries the same batch id, which the live updates send as one `batch` event
 * (repositories/clients.ts).
 */
import type { Kysely, Selectable } from 'kysely';
import { idempotencyKeysSince } from '#contract/idempotency-key';
import * as contract from '#contract/import';
import { undoableSince, undoRefusal } from '#contract/time-windows';
import type { Database, ImportsTable } from '../db/schema.ts';
import { batchEntries, importClients, liveClientsVersioned, takeBack, type Writer } from './client-log.ts';

type ImportSummary = contract.ImportSummary;
const { IMPORT_UNDO_DAYS } = contract;

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
        : { at: row.undone_at, by: row.undone_by ?? '', leftAsChanged: JSON.parse(row.undone_left ?? '[]') as contract.ClientNamed[] },
  };
}

export function createImportsRepository(db: Kysely<Database>) {
  return {
    /**
     * Gives every row its verdict against the live clients (an email → the client registered first with it), then
     * writes the new ones and, on "update", the existing ones, with their log entries, all in one transaction.
     * `idempotency`: the request's key and hash; the same key from the same account within 24 hours answers the
     * first import again (or refuses, with another request).
     */
    write(
      id: string,
      request: contract.ImportRequest,
      { by, now }: Writer,
      newClientId: () => string,
      idempotency?: { key: string; hash: string },
    ): Promise<contract.ImportOutcome> {
      return db.transaction().execute(async (trx) => {
        const at = now.toISOString();
        if (idempotency) {
          await trx
            .updateTable('imports')
            .set({ idempotency_key: null })
            .where('actor', '=', by)
            .where('idempotency_key', '=', idempotency.key)
            .where('at', '<', idempotencyKeysSince(now))
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

        // What the verdicts write (the contract's plan): client-log.ts writes the clients, then the batch's entries.
        const { created, updates } = contract.planImport(request, await liveClientsVersioned(trx), at, newClientId);
        const updated = await importClients(trx, id, created, updates, { by, now });

        const row = await trx
          .updateTable('imports')
          .set(contract.importCounts(request.rows.length, created.length, updated))
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
        .where('at', '>=', undoableSince(now, IMPORT_UNDO_DAYS))
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toSummary);
    },

    /** One import of the last IMPORT_UNDO_DAYS days. */
    async find(id: string, now: Date): Promise<ImportSummary | undefined> {
      const row = await db
        .selectFrom('imports')
        .selectAll()
        .where('id', '=', id)
        .where('at', '>=', undoableSince(now, IMPORT_UNDO_DAYS))
        .executeTakeFirst();
      return row && toSummary(row);
    },

    /**
     * Takes an import back, in one transaction: the clients it created go to "Recently deleted", the ones it updated
     * get their values from before it; a client whose version is no longer the one the import left is left as it is
     * and named. The undo's entries share the batch id `undoBatch`.
     */
    undo(id: string, { by, now }: Writer, undoBatch: string): Promise<contract.UndoImportOutcome> {
      return db.transaction().execute(async (trx) => {
        const at = now.toISOString();
        // Marked first: a second undo at the same moment waits for this one (PostgreSQL), then finds it undone.
        const marked = await trx
          .updateTable('imports')
          .set({ undone_at: at, undone_by: by, undone_left: '[]' })
          .where('id', '=', id)
          .where('undone_at', 'is', null)
          .where('at', '>=', undoableSince(now, IMPORT_UNDO_DAYS))
          .returning('id')
          .executeTakeFirst();
        if (!marked) {
          const found = await trx.selectFrom('imports').select(['at', 'undone_at as undone']).where('id', '=', id).executeTakeFirst();
          // Not marked, yet undoable: undone meanwhile (PostgreSQL).
          return undoRefusal(found, now, IMPORT_UNDO_DAYS) ?? { status: 'already-undone' };
        }

        // The contract's plan, from the batch's entries and their clients as they are now.
        const entries = (await batchEntries(trx, id)).map((entry) => ({
          ...entry,
          clientId: entry.client_id,
          created: entry.before === null,
          current:
            entry.current_version === null || entry.first_name === null || entry.last_name === null
              ? null
              : {
                  version: entry.current_version,
                  deleted: entry.deleted_at !== null,
                  firstName: entry.first_name,
                  lastName: entry.last_name,
                },
        }));
        const { toDelete, toRestore, leftAsChanged } = contract.planImportUndo(entries);
        const written = await takeBack(trx, toDelete, toRestore, { by, now }, undoBatch);
        // A client the undo's condition missed (changed meanwhile) is named too.
        const missed = [...toDelete, ...toRestore].filter((entry) => !written.has(entry.client_id));
        const left = [
          ...leftAsChanged,
          ...missed.map((entry) => contract.namedClient(entry.client_id, entry.current ?? { firstName: '', lastName: '' })),
        ];

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
