/**
 * Merging duplicates (issue 29): the merges table, and a merge and its undo, each in one transaction
 * (docs/decisions/029-merges.md) with the two clients it writes, which client-log.ts writes. The kept client gets the
 * chosen values and a new version; the other leaves the clients table, its row kept whole in the merge's, its history
 * left in the log; both get a `merged` entry, sharing the merge's id as batch id (one `batch` event, as an import). The
 * undo checks that neither changed since, then gives both an `unmerged` entry: the kept one its values from before,
 * the other its row again.
 */
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Client, ClientFields } from '#contract/api';
import { duplicatePairs, registeredFirst } from '#contract/duplicates';
import {
  MERGE_UNDO_DAYS,
  mergedFields,
  type DuplicatePairBody,
  type MergeChoices,
  type MergeOutcome,
  type MergeRequest,
  type MergeSummary,
  type UnmergeOutcome,
} from '#contract/merge';
import { undoableSince, undoableUntil } from '#contract/time-windows';
import type { ClientsTable, Database, MergesTable } from '../db/schema.ts';
import {
  clientRow,
  forgetMergedAway,
  liveClientsVersioned,
  mergeClients,
  toClient,
  toFields,
  unmergeClients,
  type ClientIds,
  type Writer,
} from './client-log.ts';

/** The other client's row while it is merged: every column, as it was. */
type OtherRow = Selectable<ClientsTable>;

const clientOf = (id: string, fields: ClientFields): Client => ({ _id: id, ...fields });

function toSummary(row: Selectable<MergesTable>): MergeSummary {
  const other = JSON.parse(row.other_row) as OtherRow;
  return {
    id: row.id,
    at: row.at,
    by: row.actor,
    client: clientOf(row.kept_id, JSON.parse(row.kept_after) as ClientFields),
    version: Number(row.kept_version),
    keptBefore: JSON.parse(row.kept_before) as ClientFields,
    other: toClient(other),
    fields: JSON.parse(row.fields) as MergeChoices,
    undoableUntil: undoableUntil(row.at, MERGE_UNDO_DAYS),
    undone: row.undone_at === null ? null : { at: row.undone_at, by: row.undone_by ?? '' },
  };
}

const asBody = (row: OtherRow) => ({
  client: row.deleted_at === null ? toClient(row) : null,
  version: Number(row.version),
});

export function createMergesRepository(db: Kysely<Database>) {
  return {
    /**
     * The pairs of live clients alike in email or name, each client with its version. Each row is read as a client
     * with its version beside it (no second object per row, no map of versions): the pairing looks only at the client's
     * fields, and the few hundred clients paired are split into client and version at the end.
     */
    async duplicates(): Promise<DuplicatePairBody[]> {
      const rows = await liveClientsVersioned(db);
      const versioned = ({ version, ...client }: (typeof rows)[number]) => ({ client, version: Number(version) });
      return duplicatePairs(rows).map(({ kept, other, reasons }) => ({ kept: versioned(kept), other: versioned(other), reasons }));
    },

    /**
     * Two clients into one, in one transaction, if both are live and at the versions sent: the one registered first
     * keeps its id and gets the chosen values; the other's row moves into the merge's.
     */
    merge(id: string, request: MergeRequest, { by, now }: Writer): Promise<MergeOutcome> {
      return rollingBack<MergeOutcome>(db, async (trx) => {
        if (request.keepId === request.otherId) return { status: 'same-client' };
        const at = now.toISOString();
        const kept = await clientRow(trx, request.keepId);
        const other = await clientRow(trx, request.otherId);
        if (!kept || !other) return { status: 'not-found' };
        if (
          kept.deleted_at !== null ||
          other.deleted_at !== null ||
          Number(kept.version) !== request.keepVersion ||
          Number(other.version) !== request.otherVersion
        ) {
          return { status: 'changed', conflict: { kept: asBody(kept), other: asBody(other) } };
        }
        const keptFields = toFields(kept);
        const otherFields = toFields(other);
        if (registeredFirst(toClient(kept), toClient(other)) > 0) return { status: 'kept-not-first' };
        const after = mergedFields(keptFields, otherFields, request.fields);

        // Conditional on the versions in the statements themselves: a write that slipped in since the read (PostgreSQL)
        // rolls the merge back, which answers both as they are now.
        if (!(await mergeClients(trx, kept, other, after, { by, now }, id))) {
          const [keptNow, otherNow] = await Promise.all([clientRow(trx, kept.id), clientRow(trx, other.id)]);
          if (!keptNow || !otherNow) throw new RolledBack({ status: 'not-found' });
          throw new RolledBack({ status: 'changed', conflict: { kept: asBody(keptNow), other: asBody(otherNow) } });
        }
        const row = await trx
          .insertInto('merges')
          .values({
            id,
            at,
            actor: by,
            kept_id: kept.id,
            other_id: other.id,
            kept_version: kept.version + 1,
            kept_before: JSON.stringify(keptFields),
            kept_after: JSON.stringify(after),
            fields: JSON.stringify(request.fields),
            other_row: JSON.stringify(other),
            undone_at: null,
            undone_by: null,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        return { status: 'merged', summary: toSummary(row) };
      });
    },

    /** The merges of the last MERGE_UNDO_DAYS days a client took part in (kept or merged into another), newest first. */
    async forClient(clientId: string, now: Date): Promise<MergeSummary[]> {
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
    undo(id: string, { by, now }: Writer, undoBatch: string): Promise<UnmergeOutcome> {
      return rollingBack<UnmergeOutcome>(db, async (trx) => {
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
          const found = await trx
            .selectFrom('merges')
            .select('id')
            .where('id', '=', id)
            .where('at', '>=', undoableSince(now, MERGE_UNDO_DAYS))
            .executeTakeFirst();
          return found ? { status: 'already-undone' } : { status: 'not-found' };
        }
        const merge = toSummary(marked);
        const other = JSON.parse(marked.other_row) as OtherRow;
        const kept = await clientRow(trx, marked.kept_id);
        const otherNow = await clientRow(trx, other.id);
        // Changed since: the kept client written again, deleted or erased; the other back in the list some other way.
        if (!kept || kept.deleted_at !== null || Number(kept.version) !== merge.version)
          throw new RolledBack({ status: 'changed', client: kept ? toClient(kept) : merge.client });
        if (otherNow) throw new RolledBack({ status: 'changed', client: merge.other });
        const { _id, ...merged } = merge.client;
        const keptBack = { id: marked.kept_id, version: merge.version, merged, before: merge.keptBefore };
        if (!(await unmergeClients(trx, keptBack, other, { by, now }, undoBatch))) {
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
