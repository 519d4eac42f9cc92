/** The sessions table: one row per logged-in browser, keyed by the hash of its token. */
import type { Kysely, Selectable } from 'kysely';
import type { Role } from '#contract/team';
import type { Database, SessionsTable } from '../db/schema.ts';

export type SessionRow = Selectable<SessionsTable> & { username: string; role: Role };

export function createSessionsRepository(db: Kysely<Database>) {
  return {
    async insert(row: Selectable<SessionsTable>): Promise<void> {
      await db.insertInto('sessions').values(row).execute();
    },

    async findByTokenHash(tokenHash: string): Promise<SessionRow | undefined> {
      return (
        db
          .selectFrom('sessions')
          .innerJoin('staff', 'staff.id', 'sessions.staff_id')
          .selectAll('sessions')
          .select(['staff.username', 'staff.role'])
          .where('sessions.token_hash', '=', tokenHash)
          // A disabled account's sessions were ended with it; one started meanwhile does not open it either.
          .where('staff.disabled_at', 'is', null)
          .executeTakeFirst()
      );
    },

    /** Records a use; never moves the last use back (on a pool, an older touch may commit after a newer one). */
    async touch(tokenHash: string, lastSeenAt: string): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ last_seen_at: lastSeenAt })
        .where('token_hash', '=', tokenHash)
        .where('last_seen_at', '<', lastSeenAt)
        .execute();
    },

    /** Of `tokenHashes`, those whose session was used since `idleCutoff` and started after `absoluteCutoff`. */
    async findLive(tokenHashes: readonly string[], idleCutoff: string, absoluteCutoff: string): Promise<string[]> {
      if (tokenHashes.length === 0) return [];
      const rows = await db
        .selectFrom('sessions')
        .select('token_hash')
        .where('token_hash', 'in', [...tokenHashes])
        .where('last_seen_at', '>', idleCutoff)
        .where('created_at', '>', absoluteCutoff)
        .execute();
      return rows.map((row) => row.token_hash);
    },

    async delete(tokenHash: string): Promise<void> {
      await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
    },

    async deleteForStaff(staffId: string): Promise<number> {
      const result = await db.deleteFrom('sessions').where('staff_id', '=', staffId).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Every session of the account but the one of `keepTokenHash`; returns how many ended. */
    async deleteForStaffExcept(staffId: string, keepTokenHash: string): Promise<number> {
      const result = await db
        .deleteFrom('sessions')
        .where('staff_id', '=', staffId)
        .where('token_hash', '<>', keepTokenHash)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** The session named `id`, when it is the account's; whether there was one. */
    async deleteByIdForStaff(id: string, staffId: string): Promise<boolean> {
      const result = await db.deleteFrom('sessions').where('id', '=', id).where('staff_id', '=', staffId).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    /** The account's sessions used since `idleCutoff` and started after `absoluteCutoff`, last used first. */
    async listLiveForStaff(staffId: string, idleCutoff: string, absoluteCutoff: string): Promise<Selectable<SessionsTable>[]> {
      return db
        .selectFrom('sessions')
        .selectAll()
        .where('staff_id', '=', staffId)
        .where('last_seen_at', '>', idleCutoff)
        .where('created_at', '>', absoluteCutoff)
        .orderBy('last_seen_at', 'desc')
        .orderBy('id')
        .execute();
    },

    /** Live sessions per account (accounts without one are absent). */
    async countLiveByStaff(idleCutoff: string, absoluteCutoff: string): Promise<Map<string, number>> {
      const rows = await db
        .selectFrom('sessions')
        .select((eb) => ['staff_id', eb.fn.countAll<number | string | bigint>().as('count')])
        .where('last_seen_at', '>', idleCutoff)
        .where('created_at', '>', absoluteCutoff)
        .groupBy('staff_id')
        .execute();
      return new Map(rows.map((row) => [row.staff_id, Number(row.count)]));
    },

    /** Deletes sessions idle since before `idleCutoff` or created before `absoluteCutoff`. */
    async deleteExpired(idleCutoff: string, absoluteCutoff: string): Promise<number> {
      const result = await db
        .deleteFrom('sessions')
        .where((eb) => eb.or([eb('last_seen_at', '<', idleCutoff), eb('created_at', '<', absoluteCutoff)]))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
