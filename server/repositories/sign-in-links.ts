/** One-time sign-in links: the SHA-256 of each token, the account it opens, until when (issue 28). */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { StaffRow } from './staff.ts';

export type SignInLinkRow = { token_hash: string; staff_id: string; created_at: string; expires_at: string };

export function createSignInLinksRepository(db: Kysely<Database>) {
  return {
    /** The account's new link; its older ones stop working. */
    async replaceForStaff(row: SignInLinkRow): Promise<void> {
      await db.deleteFrom('sign_in_links').where('staff_id', '=', row.staff_id).execute();
      await db.insertInto('sign_in_links').values(row).execute();
    },

    /** The account a link still opens at `now`: not expired, and the account not disabled. */
    async findUsable(tokenHash: string, now: string): Promise<StaffRow | undefined> {
      return db
        .selectFrom('sign_in_links')
        .innerJoin('staff', 'staff.id', 'sign_in_links.staff_id')
        .selectAll('staff')
        .where('sign_in_links.token_hash', '=', tokenHash)
        .where('sign_in_links.expires_at', '>', now)
        .where('staff.disabled_at', 'is', null)
        .executeTakeFirst();
    },

    /** Uses the link up; false when another request already did. */
    async consume(tokenHash: string): Promise<boolean> {
      const result = await db.deleteFrom('sign_in_links').where('token_hash', '=', tokenHash).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    async deleteForStaff(staffId: string): Promise<void> {
      await db.deleteFrom('sign_in_links').where('staff_id', '=', staffId).execute();
    },

    /** Deletes the links expired before `now`. */
    async deleteExpired(now: string): Promise<number> {
      const result = await db.deleteFrom('sign_in_links').where('expires_at', '<=', now).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
