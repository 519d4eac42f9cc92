/**
 * Staff account management, shared by the server (first-start account, login) and the
 * staff CLI. Changing a password or removing an account ends that account's sessions in
 * the same transaction, so a leaked session dies with the old password.
 */
import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { passwordProblem } from '#contract/new-password';
import { normalizeUsername, type Role, Username, USERNAME_RULE } from '#contract/team';
import { signIn } from '#contract/team-service';
import { ADVISORY_LOCKS, isPostgres } from '../db/engine.ts';
import type { Database } from '../db/schema.ts';
import { createSessionsRepository } from '../repositories/sessions.ts';
import { createSignInLinksRepository } from '../repositories/sign-in-links.ts';
import { createStaffRepository, newStaffRow, type StaffRow } from '../repositories/staff.ts';
import { generatePassword, hashPassword, needsRehash, OWASP_SCRYPT_PARAMS, scryptPasswords, type ScryptParams } from './password.ts';
import { createSignInStore } from './team-store.ts';

/** A refusal with a message fit to show to whoever ran the command. */
export class StaffAccountError extends Error {
  override name = 'StaffAccountError';
}

/** Usernames are matched without regard to case or surrounding spaces. */
export { normalizeUsername };

/** A new account's username: the staff page's rule (contract/team.ts), lower-case. */
function checkedUsername(username: string): string {
  const parsed = Username.safeParse(username);
  if (!parsed.success) throw new StaffAccountError(USERNAME_RULE);
  return parsed.data;
}

function checkedPassword(password: string): string {
  const problem = passwordProblem(password);
  if (problem) throw new StaffAccountError(problem);
  return password;
}

/**
 * Inside the transaction, waits for any other instance creating the first account. SQLite's
 * write transactions (BEGIN IMMEDIATE) are exclusive already.
 */
async function lockForInitialAccount(trx: Transaction<Database>): Promise<void> {
  if (isPostgres(trx)) await sql`SELECT pg_advisory_xact_lock(${ADVISORY_LOCKS.initialAccount})`.execute(trx);
}

export type StaffAccountSummary = { username: string; role: Role; createdAt: string; passwordChangedAt: string };

const summary = (row: StaffRow): StaffAccountSummary => ({
  username: row.username,
  role: row.role,
  createdAt: row.created_at,
  passwordChangedAt: row.password_changed_at,
});

/** A new account's id: 16 random bytes. */
export const newStaffId = () => randomBytes(16).toString('base64url');

export type StaffAccountsOptions = { hashing?: ScryptParams; clock?: () => number };

export function createStaffAccounts(db: Kysely<Database>, { hashing = OWASP_SCRYPT_PARAMS, clock = Date.now }: StaffAccountsOptions = {}) {
  const staff = createStaffRepository(db);
  const passwords = scryptPasswords(hashing);
  const signInStore = createSignInStore(db, passwords);

  async function requireAccount(username: string): Promise<StaffRow> {
    const account = await staff.findByUsername(normalizeUsername(username));
    if (!account) throw new StaffAccountError(`No staff account named ${normalizeUsername(username)}`);
    return account;
  }

  async function add(username: string, password: string, role: Role): Promise<StaffAccountSummary> {
    const name = checkedUsername(username);
    const passwordHash = await hashPassword(checkedPassword(password), hashing);
    if (await staff.findByUsername(name)) throw new StaffAccountError(`A staff account named ${name} already exists`);
    const row = newStaffRow(newStaffId(), name, passwordHash, role, new Date(clock()).toISOString());
    await staff.insert(row);
    return summary(row);
  }

  return {
    add,

    /** Made ahead of the first login (it takes as long as one), so that login is not slower once. */
    dummyPasswordHash: passwords.dummyPasswordHash,

    /**
     * The account these credentials open, or undefined. Unknown usernames and wrong
     * passwords cost the same hash and give the same response. A hash made with weaker
     * parameters than the current ones is replaced (the password is known right now).
     */
    async authenticate(username: string, password: string): Promise<StaffRow | undefined> {
      const account = await signIn(signInStore, username, password);
      if (!account) return undefined;
      if (needsRehash(account.password_hash, hashing)) {
        await staff.setPasswordHash(account.id, await hashPassword(password, hashing), new Date(clock()));
      }
      // An account that asks for its passkey after the password is signed in by that step, which records it.
      if (account.passkey_after_password !== 1) await staff.recordSignIn(account.id, new Date(clock()).toISOString());
      return account;
    },

    /**
     * Sets a new password and ends every session of the account: the owner's way back in (the CLI), so "ask for my
     * passkey after my password" turns off too (a lost passkey would keep the account shut). How many sessions ended,
     * and whether the passkey step was on.
     */
    async changePassword(username: string, password: string): Promise<{ ended: number; passkeyStepTurnedOff: boolean }> {
      const account = await requireAccount(username);
      const passwordHash = await hashPassword(checkedPassword(password), hashing);
      return db.transaction().execute(async (trx) => {
        await createStaffRepository(trx).setPasswordHash(account.id, passwordHash, new Date(clock()));
        const turnedOff = await trx
          .updateTable('staff')
          .set({ passkey_after_password: 0 })
          .where('id', '=', account.id)
          .where('passkey_after_password', '=', 1)
          .executeTakeFirst();
        // A sign-in link still out would set another password over this one.
        await createSignInLinksRepository(trx).deleteForStaff(account.id);
        const ended = await createSessionsRepository(trx).deleteForStaff(account.id);
        return { ended, passkeyStepTurnedOff: turnedOff.numUpdatedRows > 0n };
      });
    },

    /**
     * Removes the account and ends its sessions; returns how many ended. An account with appointments in the book
     * stays (the book's past keeps its member, decision 038): it can be disabled instead.
     */
    async remove(username: string): Promise<number> {
      const account = await requireAccount(username);
      const booked = await db.selectFrom('appointments').select('id').where('staff_id', '=', account.id).limit(1).executeTakeFirst();
      if (booked) {
        throw new StaffAccountError(
          `${account.username} has appointments in the book, so the account stays: disable it on the staff page instead`,
        );
      }
      return db.transaction().execute(async (trx) => {
        const ended = await createSessionsRepository(trx).deleteForStaff(account.id);
        await createStaffRepository(trx).delete(account.id);
        return ended;
      });
    },

    async list(): Promise<StaffAccountSummary[]> {
      const rows = await staff.listAll();
      return rows.map(summary);
    },

    /**
     * The first start: when no account exists, creates `username` with `password`, or with a
     * generated password that the caller prints once. Does nothing when an account exists.
     */
    async ensureInitialAccount(username: string, password: string | undefined): Promise<InitialAccountResult> {
      if ((await staff.count()) > 0) return { created: false };
      const name = checkedUsername(username);
      const chosen = password ?? generatePassword();
      const passwordHash = await hashPassword(checkedPassword(chosen), hashing);
      // Several instances may start at once on an empty database: one of them creates it.
      const created = await db.transaction().execute(async (trx) => {
        await lockForInitialAccount(trx);
        const lockedStaff = createStaffRepository(trx);
        if ((await lockedStaff.count()) > 0) return false;
        // The first account runs the salon.
        await lockedStaff.insert(newStaffRow(newStaffId(), name, passwordHash, 'owner', new Date(clock()).toISOString()));
        return true;
      });
      if (!created) return { created: false };
      return password === undefined ? { created: true, username: name, generatedPassword: chosen } : { created: true, username: name };
    },
  };
}

export type InitialAccountResult = { created: false } | { created: true; username: string; generatedPassword?: string };

export type StaffAccounts = ReturnType<typeof createStaffAccounts>;
