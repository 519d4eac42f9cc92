/** The staff table: accounts that may log in. */
import type { Kysely, Selectable } from 'kysely';
import type { Role } from '#contract/team';
import type { Database, StaffTable } from '../db/schema.ts';

export type StaffRow = Selectable<StaffTable>;

/** A new account's row, made at `now`: active, its password `passwordHash` (team-store.ts's NO_PASSWORD until a sign-in link sets one). */
export function newStaffRow(id: string, username: string, passwordHash: string, role: Role, now: string): StaffRow {
  return {
    id,
    username,
    password_hash: passwordHash,
    created_at: now,
    password_changed_at: now,
    role,
    disabled_at: null,
    last_sign_in_at: null,
    passkey_after_password: 0,
  };
}

export function createStaffRepository(db: Kysely<Database>) {
  return {
    async findByUsername(username: string): Promise<StaffRow | undefined> {
      return db.selectFrom('staff').selectAll().where('username', '=', username).executeTakeFirst();
    },

    async findById(id: string): Promise<StaffRow | undefined> {
      return db.selectFrom('staff').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async listAll(): Promise<StaffRow[]> {
      return db.selectFrom('staff').selectAll().orderBy('username').execute();
    },

    async count(): Promise<number> {
      const { count } = await db
        .selectFrom('staff')
        .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(count);
    },

    async insert(row: StaffRow): Promise<void> {
      await db.insertInto('staff').values(row).execute();
    },

    /** Whether the account exists (and now has the new hash). */
    async setPasswordHash(id: string, passwordHash: string, now: Date): Promise<boolean> {
      const result = await db
        .updateTable('staff')
        .set({ password_hash: passwordHash, password_changed_at: now.toISOString() })
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Active (not disabled) owners. */
    async countActiveOwners(): Promise<number> {
      const { count } = await db
        .selectFrom('staff')
        .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
        .where('role', '=', 'owner')
        .where('disabled_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(count);
    },

    async update(id: string, changes: Partial<Pick<StaffRow, 'role' | 'disabled_at'>>): Promise<void> {
      await db.updateTable('staff').set(changes).where('id', '=', id).execute();
    },

    async recordSignIn(id: string, at: string): Promise<void> {
      await db.updateTable('staff').set({ last_sign_in_at: at }).where('id', '=', id).execute();
    },

    async delete(id: string): Promise<boolean> {
      const result = await db.deleteFrom('staff').where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}
