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
