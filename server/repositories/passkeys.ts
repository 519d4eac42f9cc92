/**
 * Passkeys and their challenges (issue 30) on the server's tables: the PasskeyStore the shared ceremonies run on
 * (contract/passkey-ceremonies.ts checks the answers, this only keeps the rows).
 */
import type { Kysely, Selectable } from 'kysely';
import type { PasskeyStore, StoredPasskey, WaitingChallenge } from '#contract/passkey-ceremonies';
import type { Database, PasskeysTable } from '../db/schema.ts';
import { createStaffRepository, type StaffRow } from './staff.ts';

/** A staff row as the ceremonies see an account. */
export type PasskeyAccount = StaffRow & { disabled: boolean; askAfterPassword: boolean };

const accountOf = (row: StaffRow): PasskeyAccount => ({
  ...row,
  disabled: row.disabled_at !== null,
  askAfterPassword: row.passkey_after_password === 1,
});

const passkeyOf = (row: Selectable<PasskeysTable>): StoredPasskey => ({
  id: row.id,
  accountId: row.staff_id,
  name: row.name,
  publicKey: row.public_key,
  counter: Number(row.counter),
  transports: JSON.parse(row.transports) as string[],
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
});

export function createPasskeyStore(db: Kysely<Database>): PasskeyStore<PasskeyAccount> {
  const staff = createStaffRepository(db);
  return {
    async account(id) {
      const row = await staff.findById(id);
      return row && accountOf(row);
    },

    async passkeysOf(accountId) {
      const rows = await db
        .selectFrom('passkeys')
        .selectAll()
        .where('staff_id', '=', accountId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(passkeyOf);
    },

    async passkey(id) {
      const row = await db.selectFrom('passkeys').selectAll().where('id', '=', id).executeTakeFirst();
      return row && passkeyOf(row);
    },

    async insert(passkey) {
      const { id, accountId, name, publicKey, counter, transports, createdAt, lastUsedAt } = passkey;
      const result = await db
        .insertInto('passkeys')
        .values({
          id,
          staff_id: accountId,
          name,
          public_key: publicKey,
          counter,
          transports: JSON.stringify(transports),
          created_at: createdAt,
          last_used_at: lastUsedAt,
        })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
    },

    async delete(id) {
      await db.deleteFrom('passkeys').where('id', '=', id).execute();
    },

    async recordUse(id, from, to, at) {
      const result = await db
        .updateTable('passkeys')
        .set({ counter: to, last_used_at: at })
        .where('id', '=', id)
        .where('counter', '=', from)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async setAskAfterPassword(accountId, on) {
      const result = await db
        .updateTable('staff')
        .set({ passkey_after_password: on ? 1 : 0 })
        .where('id', '=', accountId)
        .where('passkey_after_password', '=', on ? 0 : 1)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    recordSignIn: (accountId, at) => staff.recordSignIn(accountId, at),

    async addChallenge({ challenge, purpose, accountId, expiresAt }) {
      await db.insertInto('passkey_challenges').values({ challenge, purpose, staff_id: accountId, expires_at: expiresAt }).execute();
    },

    async takeChallenge(challenge): Promise<WaitingChallenge | undefined> {
      const row = await db.selectFrom('passkey_challenges').selectAll().where('challenge', '=', challenge).executeTakeFirst();
      if (!row) return undefined;
      const result = await db.deleteFrom('passkey_challenges').where('challenge', '=', challenge).executeTakeFirst();
      return result.numDeletedRows > 0n
        ? { challenge, purpose: row.purpose, accountId: row.staff_id, expiresAt: row.expires_at }
        : undefined;
    },

    async countOpenChallenges(purpose, now) {
      const { count } = await db
        .selectFrom('passkey_challenges')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('purpose', '=', purpose)
        .where('expires_at', '>', now)
        .executeTakeFirstOrThrow();
      return Number(count);
    },

    async deleteExpiredChallenges(now) {
      const result = await db.deleteFrom('passkey_challenges').where('expires_at', '<=', now).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    atomically: (work) => db.transaction().execute((trx) => work(createPasskeyStore(trx))),
  };
}
