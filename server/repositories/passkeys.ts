/** Passkeys and their challenges (issue 30): the rows, without WebAuthn (auth/passkeys.ts checks the answers). */
import type { Kysely, Selectable } from 'kysely';
import type { Database, PasskeyChallengePurpose, PasskeysTable } from '../db/schema.ts';

export type PasskeyRow = Selectable<PasskeysTable>;
export type PasskeyChallengeRow = { challenge: string; purpose: PasskeyChallengePurpose; staff_id: string | null; expires_at: string };

export function createPasskeysRepository(db: Kysely<Database>) {
  return {
    async listForStaff(staffId: string): Promise<PasskeyRow[]> {
      return db.selectFrom('passkeys').selectAll().where('staff_id', '=', staffId).orderBy('created_at').orderBy('id').execute();
    },

    async find(id: string): Promise<PasskeyRow | undefined> {
      return db.selectFrom('passkeys').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** False when a passkey with this credential id exists already (any account's). */
    async insert(row: PasskeyRow): Promise<boolean> {
      const result = await db
        .insertInto('passkeys')
        .values(row)
        .onConflict((conflict) => conflict.column('id').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
    },

    /**
     * Records a use: the new counter and when. The counter only goes up (or stays 0, for authenticators that keep
     * none): false when another request already recorded this counter or a later one.
     */
    async recordUse(id: string, counter: number, at: string): Promise<boolean> {
      const result = await db
        .updateTable('passkeys')
        .set({ counter, last_used_at: at })
        .where('id', '=', id)
        .where((eb) => (counter === 0 ? eb('counter', '=', 0) : eb('counter', '<', counter)))
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /**
     * Removes one of the account's passkeys; removing its last one turns "ask for my passkey after my password" off,
     * in the same transaction. The removed row, or undefined when the account has no such passkey.
     */
    async remove(staffId: string, id: string): Promise<{ row: PasskeyRow; settingTurnedOff: boolean } | undefined> {
      return db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('passkeys').selectAll().where('id', '=', id).where('staff_id', '=', staffId).executeTakeFirst();
        if (!row) return undefined;
        await trx.deleteFrom('passkeys').where('id', '=', id).execute();
        const left = await trx.selectFrom('passkeys').select('id').where('staff_id', '=', staffId).executeTakeFirst();
        if (left) return { row, settingTurnedOff: false };
        const turnedOff = await trx
          .updateTable('staff')
          .set({ passkey_after_password: 0 })
          .where('id', '=', staffId)
          .where('passkey_after_password', '=', 1)
          .executeTakeFirst();
        return { row, settingTurnedOff: turnedOff.numUpdatedRows > 0n };
      });
    },

    /** Sets "ask for my passkey after my password"; turning it on needs a passkey (false when the account has none). */
    async setAskAfterPassword(staffId: string, on: boolean): Promise<boolean> {
      const result = await db
        .updateTable('staff')
        .set({ passkey_after_password: on ? 1 : 0 })
        .where('id', '=', staffId)
        .$if(on, (query) => query.where((eb) => eb.exists(eb.selectFrom('passkeys').select('id').where('passkeys.staff_id', '=', staffId))))
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async addChallenge(row: PasskeyChallengeRow): Promise<void> {
      await db.insertInto('passkey_challenges').values(row).execute();
    },

    /**
     * Spends a challenge: the row as it was, when this call removed it (another request, on any instance, that
     * removes it first wins), else undefined. Whether it had expired is the caller's to judge (and to record).
     */
    async takeChallenge(challenge: string): Promise<PasskeyChallengeRow | undefined> {
      const row = await db.selectFrom('passkey_challenges').selectAll().where('challenge', '=', challenge).executeTakeFirst();
      if (!row) return undefined;
      const result = await db.deleteFrom('passkey_challenges').where('challenge', '=', challenge).executeTakeFirst();
      return result.numDeletedRows > 0n ? row : undefined;
    },

    /** How many challenges handed out for `purpose` are still open at `now`. */
    async countOpenChallenges(purpose: PasskeyChallengePurpose, now: string): Promise<number> {
      const { count } = await db
        .selectFrom('passkey_challenges')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('purpose', '=', purpose)
        .where('expires_at', '>', now)
        .executeTakeFirstOrThrow();
      return Number(count);
    },

    /** Deletes the challenges expired before `now`. */
    async deleteExpiredChallenges(now: string): Promise<number> {
      const result = await db.deleteFrom('passkey_challenges').where('expires_at', '<=', now).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
