/**
 * Merging duplicates (issue 29): the merges table, and a merge and its undo, each in one transaction
 * (docs/decisions/029-merges.md) with the two clients it writes, which client-log.ts writes. The kept client gets the
 * chosen values and a new version; the other leaves the clients table, its row kept whole in the merge's, its history
 * left in the log, its appointments the kept client's (the merge keeps which); both get a `merged` entry, sharing the
 * merge's id as batch id (one `batch` event, as an import). The undo checks that neither changed since, then gives both
 * an `unmerged` entry: the kept one its values from before, the other its row and appointments again.
 */
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { ClientFields } from '#contract/api';
import { duplicatePairs } from '#contract/duplicates';
import * as contract from '#contract/merge';
import { undoableSince, undoRefusal } from '#contract/time-windows';
import type { ClientsTable, Database, MergesTable } from '../db/schema.ts';
import {
  clientRow,
  forgetMergedAway,
  liveClientsVersioned,
  mergeClients,
  toClient,
  unmergeClients,
  type ClientIds,
  type Writer,
} from './client-log.ts';

const { MERGE_UNDO_DAYS } = contract;

/** The other client's row while it is merged: every column, as it was. */
type OtherRow = Selectable<ClientsTable>;

function toSummary(row: Selectable<MergesTable>): contract.MergeSummary {
  return contract.mergeSummary({
    id: row.id,
    at: row.at,
    by: row.actor,
    client: { _id: row.kept_id, ...(JSON.parse(row.kept_after) as ClientFields) },
    version: Number(row.kept_version),
    keptBefore: JSON.parse(row.kept_before) as ClientFields,
    other: toClient(JSON.parse(row.other_row) as OtherRow),
    fields: JSON.parse(row.fields) as contract.MergeChoices,
    undone: row.undone_at === null ? null : { at: row.undone_at, by: row.undone_by ?? '' },
  });
}

/** A row as the contract's plans read a client. */
const stateOf = (row: OtherRow | undefined) =>
  row && { client: toClient(row), version: Number(row.version), deleted: row.deleted_at !== null, row };

export function createMergesRepository(db: Kysely<Database>) {
  return {
    /**
     * The pairs of live clients alike in email or name, each client with its version. Each row is read as a client
     * with its version beside it (no second object per row, no map of versions): the pairing looks only at the client's
     * fields, and the few hundred clients paired are split into client and version at the end.
     */
    async duplicates(): Promise<contract.DuplicatePairBody[]> {
      const rows = await liveClientsVersioned(db);
      const versioned = ({ version, ...client }: (typeof rows)[number]) => ({ client, version: Number(version) });
      return duplicatePairs(rows).map(({ kept, other, reasons }) => ({ kept: versioned(kept), other: versioned(other), reasons }));
    },

    /**
     * Two clients into one, in one transaction, if both are live and at the versions sent: the one registered first
     * keeps its id and gets the chosen values; the other's row moves into the merge's.
     */
    merge(id: string, request: contract.MergeRequest, { by, now }: Writer): Promise<contract.MergeOutcome> {
      return rollingBack<contract.MergeOutcome>(db, async (trx) => {
        const at = now.toISOString();
        const plan = contract.planMerge(
          request,
          stateOf(await clientRow(trx, request.keepId)),
          stateOf(await clientRow(trx, request.otherId)),
        );
        if (plan.status !== 'merge') return plan;
        const { kept, other, keptBefore, after } = plan;

        // Conditional on the versions in the statements themselves: a write that slipped in since the read (PostgreSQL)
        // rolls the merge back, which answers both as they are now.
        const movedAppointments = await mergeClients(trx, kept.row, other.row, after, { by, now }, id);
        if (!movedAppointments) {
          const [keptNow, otherNow] = await Promise.all([clientRow(trx, kept.row.id), clientRow(trx, other.row.id)]);
          if (!keptNow || !otherNow) throw new RolledBack({ status: 'not-found' });
          throw new RolledBack(contract.mergeConflict(stateOf(keptNow) ?? kept, stateOf(otherNow) ?? other));
        }
        const row = await trx
          .insertInto('merges')
          .values({
            id,
            at,
            actor: by,
            kept_id: kept.row.id,
            other_id: other.row.id,
            kept_version: kept.version + 1,
            kept_before: JSON.stringify(keptBefore),
            kept_after: JSON.stringify(after),
            fields: JSON.stringify(request.fields),
            other_row: JSON.stringify(other.row),
            moved_appointments: JSON.stringify(movedAppointments),
            undone_at: null,
            undone_by: null,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        return { status: 'merged', summary: toSummary(row) };
      });
    },

    /** The merges of the last MERGE_UNDO_DAYS days a client took part in (kept or merged into another), newest first. */
    async forClient(clientId: string, now: Date): Promise<contract.MergeSummary[]> {
      const rows = await db
        .selectFrom('merges')
        .selectAll()
        .where((eb) => eb.or([eb('kept_id', '=', clientId), eb('other_id', '=', clientId)]))
        .where('at', '>=', undoableSince(now, MERGE_UNDO_DAYS))
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toSummary);
    },

    /**
     * Takes a merge back, in one transaction, if neither client changed since: the kept one gets its values from
     * before, the other its row again (same id, values and history), each with an `unmerged` entry.
     */
    undo(id: string, { by, now }: Writer, undoBatch: string): Promise<contract.UnmergeOutcome> {
      return rollingBack<contract.UnmergeOutcome>(db, async (trx) => {
        const at = now.toISOString();
        // Marked first: a second undo at the same moment waits for this one (PostgreSQL), then finds it undone.
        const marked = await trx
          .updateTable('merges')
          .set({ undone_at: at, undone_by: by })
          .where('id', '=', id)
          .where('undone_at', 'is', null)
          .where('at', '>=', undoableSince(now, MERGE_UNDO_DAYS))
          .returningAll()
          .executeTakeFirst();
        if (!marked) {
          const found = await trx.selectFrom('merges').select(['at', 'undone_at as undone']).where('id', '=', id).executeTakeFirst();
          // Not marked, yet undoable: undone meanwhile (PostgreSQL).
          return undoRefusal(found, now, MERGE_UNDO_DAYS) ?? { status: 'already-undone' };
        }
        const merge = toSummary(marked);
        const other = JSON.parse(marked.other_row) as OtherRow;
        // Changed since (the contract's rule): the kept client written again, deleted or erased; the other back.
        const changed = contract.unmergeRefusal(
          merge,
          stateOf(await clientRow(trx, marked.kept_id)),
          (await clientRow(trx, other.id)) !== undefined,
        );
        if (changed) throw new RolledBack(changed);
        const { _id, ...merged } = merge.client;
        const keptBack = { id: marked.kept_id, version: merge.version, merged, before: merge.keptBefore };
        const movedAppointments = JSON.parse(marked.moved_appointments) as string[];
        if (!(await unmergeClients(trx, keptBack, other, movedAppointments, { by, now }, undoBatch))) {
          throw new RolledBack({ status: 'changed', client: merge.client });
        }
        return { status: 'undone', summary: merge };
      });
    },
  };
}

/**
 * Forgets the clients merged into `clients` (an erasure's or a purge's, in its transaction): their rows kept in the
 * merges, and their histories (client-log.ts). What was merged into those goes too, and so on down a chain of merges.
 */
export async function forgetMergedInto(trx: Transaction<Database>, clients: ClientIds): Promise<void> {
  let kept: ClientIds | undefined = clients;
  while (kept) {
    const merges = await trx.selectFrom('merges').select(['id', 'other_id']).where('kept_id', 'in', kept).execute();
    if (merges.length === 0) return;
    const gone = await forgetMergedAway(
      trx,
      merges.map((merge) => merge.other_id),
    );
    await trx
      .deleteFrom('merges')
      .where(
        'id',
        'in',
        merges.map((merge) => merge.id),
      )
      .execute();
    kept = gone.length > 0 ? gone : undefined;
  }
}

/** Thrown inside a transaction to roll it back and answer `outcome`: a client changed since it was read. */
class RolledBack<T> extends Error {
  constructor(readonly outcome: T) {
    super('Rolled back: a client changed');
  }
}

/** `work` in a transaction; a RolledBack thrown in it rolls everything back and answers its outcome. */
async function rollingBack<T>(db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  try {
    return await db.transaction().execute(work);
  } catch (error) {
    if (error instanceof RolledBack) return error.outcome as T;
    throw error;
  }
}
