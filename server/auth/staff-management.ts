/**
 * The owner runs the team (issue 28): the staff page's accounts, one-time sign-in links, and My account's password.
 * Every change that could leave the salon without an active owner is decided inside one transaction that holds the
 * staff lock (PostgreSQL: an advisory lock; SQLite: its write transactions are exclusive), so two owners demoting each
 * other at once cannot both succeed (docs/decisions/026-roles-and-the-audit-trail.md).
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  newSignInLink,
  planStaffChange,
  SIGN_IN_LINK_TOKEN,
  type LinkUseResult,
  type OwnPasswordResult,
  type Role,
  type SignInLink,
  type StaffChange,
  type StaffChangeResult,
  type StaffMember,
} from '#contract/team';
import { isPostgres } from '../db/engine.ts';
import { ADVISORY_LOCKS } from '../db/postgres.ts';
import type { Database } from '../db/schema.ts';
import { createSessionsRepository } from '../repositories/sessions.ts';
import { createSignInLinksRepository } from '../repositories/sign-in-links.ts';
import { createStaffRepository, type StaffRow } from '../repositories/staff.ts';
import { passwordProblem } from '#contract/new-password';
import { hashPassword, OWASP_SCRYPT_PARAMS, verifyPassword, type ScryptParams } from './password.ts';
import { hashSessionToken } from './session-cookie.ts';
import type { Sessions } from './sessions.ts';
import { newStaffRow, normalizeUsername } from './staff-accounts.ts';

/**
 * What an account without a usable password stores (a new account until its link is used, an account whose password
 * an owner reset): no password hashes to it, and login checks a dummy hash instead (staff-accounts.ts).
 */
const NO_PASSWORD = '!no password: set through a sign-in link';

export type StaffManagementOptions = { sessions: Sessions; hashing?: ScryptParams; clock?: () => number };

/** Inside the transaction, waits for any other instance changing the staff. */
async function lockStaffChanges(trx: Transaction<Database>): Promise<void> {
  if (isPostgres(trx)) await sql`SELECT pg_advisory_xact_lock(${ADVISORY_LOCKS.staffChanges})`.execute(trx);
}

const standingOf = (row: StaffRow) => ({ role: row.role, disabled: row.disabled_at !== null });

function memberOf(row: StaffRow, openSessions: Map<string, number>): StaffMember {
  return {
    username: row.username,
    role: row.role,
    status: row.disabled_at === null ? 'active' : 'disabled',
    lastSignInAt: row.last_sign_in_at,
    sessions: openSessions.get(row.id) ?? 0,
  };
}

export function createStaffManagement(
  db: Kysely<Database>,
  { sessions, hashing = OWASP_SCRYPT_PARAMS, clock = Date.now }: StaffManagementOptions,
) {
  const staff = createStaffRepository(db);
  const links = createSignInLinksRepository(db);
  const nowIso = () => new Date(clock()).toISOString();

  async function memberOfRow(row: StaffRow): Promise<StaffMember> {
    return memberOf(row, await sessions.openCounts());
  }

  /** A new link for the account, replacing its older ones, inside `trx`. */
  async function newLink(trx: Transaction<Database>, staffId: string): Promise<SignInLink> {
    const createdMs = clock();
    const { token, link } = newSignInLink(createdMs);
    await createSignInLinksRepository(trx).replaceForStaff({
      token_hash: hashSessionToken(token),
      staff_id: staffId,
      created_at: new Date(createdMs).toISOString(),
      expires_at: link.expiresAt,
    });
    return link;
  }

  /** The account a link still opens, or undefined (unknown, used, expired, or the account disabled: all the same). */
  async function usableLink(token: string): Promise<StaffRow | undefined> {
    if (!SIGN_IN_LINK_TOKEN.test(token)) return undefined;
    return links.findUsable(hashSessionToken(token), nowIso());
  }

  return {
    /** The staff page's table, by username. */
    async list(): Promise<StaffMember[]> {
      const [rows, openSessions] = await Promise.all([staff.listAll(), sessions.openCounts()]);
      return rows.map((row) => memberOf(row, openSessions));
    },

    /** A new account, with no usable password until its sign-in link is used; undefined when the name is taken. */
    async invite(username: string, role: Role): Promise<{ member: StaffMember; link: SignInLink } | undefined> {
      const name = normalizeUsername(username);
      const created = await db.transaction().execute(async (trx) => {
        await lockStaffChanges(trx);
        const lockedStaff = createStaffRepository(trx);
        if (await lockedStaff.findByUsername(name)) return undefined;
        const row = newStaffRow(name, NO_PASSWORD, role, nowIso());
        await lockedStaff.insert(row);
        return { row, link: await newLink(trx, row.id) };
      });
      return created && { member: memberOf(created.row, new Map()), link: created.link };
    },

    /**
     * A role, or disabled / enabled. Refused when it would leave no active owner. Disabling ends the account's
     * sessions and its sign-in links.
     */
    async change(username: string, change: StaffChange): Promise<StaffChangeResult> {
      const result = await db
        .transaction()
        .execute(async (trx): Promise<StaffChangeResult | { outcome: 'done'; row: StaffRow; before: StaffRow }> => {
          await lockStaffChanges(trx);
          const lockedStaff = createStaffRepository(trx);
          const before = await lockedStaff.findByUsername(normalizeUsername(username));
          if (!before) return { outcome: 'not-found' };
          // Counted under the lock: another owner's change waits for this transaction, then counts again.
          const plan = planStaffChange(standingOf(before), change, await lockedStaff.countActiveOwners());
          if (plan.outcome === 'last-owner') return plan;
          const disabledAt = plan.after.disabled ? (before.disabled_at ?? nowIso()) : null;
          const row = { ...before, role: plan.after.role, disabled_at: disabledAt };
          if (row.role !== before.role || disabledAt !== before.disabled_at) {
            await lockedStaff.update(before.id, { role: row.role, disabled_at: disabledAt });
          }
          if (plan.disables) {
            await createSessionsRepository(trx).deleteForStaff(before.id);
            await createSignInLinksRepository(trx).deleteForStaff(before.id);
          }
          return { outcome: 'done', row, before };
        });
      if (result.outcome !== 'done') return result;
      return { outcome: 'changed', member: await memberOfRow(result.row), before: standingOf(result.before) };
    },

    /** The old password stops working at once and the account's sessions end; a new link sets the next one. */
    async resetPassword(username: string): Promise<{ link: SignInLink; ended: number } | undefined> {
      return db.transaction().execute(async (trx) => {
        await lockStaffChanges(trx);
        const lockedStaff = createStaffRepository(trx);
        const account = await lockedStaff.findByUsername(normalizeUsername(username));
        if (!account) return undefined;
        await lockedStaff.setPasswordHash(account.id, NO_PASSWORD, new Date(clock()));
        const ended = await createSessionsRepository(trx).deleteForStaff(account.id);
        return { link: await newLink(trx, account.id), ended };
      });
    },

    /** Ends every session of the account; undefined when there is no such account, else how many ended. */
    async signOutEverywhere(username: string): Promise<number | undefined> {
      const account = await staff.findByUsername(normalizeUsername(username));
      if (!account) return undefined;
      return sessions.endForAccount(account.id);
    },

    /** Whose link it is, while it can be used. */
    usableLink,

    /**
     * Sets the password through a link, which is used up; the account's other sessions end. Two requests with one
     * link at once: one sets the password, the other finds it used.
     */
    async useLink(token: string, password: string): Promise<LinkUseResult<StaffRow>> {
      if (!(await usableLink(token))) return { outcome: 'expired' };
      const problem = passwordProblem(password);
      if (problem) return { outcome: 'refused', message: problem };
      const passwordHash = await hashPassword(password, hashing);
      const tokenHash = hashSessionToken(token);
      return db.transaction().execute(async (trx): Promise<LinkUseResult<StaffRow>> => {
        const lockedLinks = createSignInLinksRepository(trx);
        const account = await lockedLinks.findUsable(tokenHash, nowIso());
        if (!account || !(await lockedLinks.consume(tokenHash))) return { outcome: 'expired' };
        const lockedStaff = createStaffRepository(trx);
        await lockedStaff.setPasswordHash(account.id, passwordHash, new Date(clock()));
        await createSessionsRepository(trx).deleteForStaff(account.id);
        await lockedStaff.recordSignIn(account.id, nowIso());
        return { outcome: 'set', account };
      });
    },

    /** My account's "Change password": the current one first; the account's other sessions end, this one stays. */
    async changeOwnPassword(
      session: { staffId: string; tokenHash: string },
      currentPassword: string,
      newPassword: string,
    ): Promise<OwnPasswordResult> {
      const account = await staff.findById(session.staffId);
      if (!account || !(await verifyPassword(currentPassword, account.password_hash))) return { outcome: 'wrong-current' };
      const problem = passwordProblem(newPassword);
      if (problem) return { outcome: 'refused', message: problem };
      const passwordHash = await hashPassword(newPassword, hashing);
      await db.transaction().execute(async (trx) => {
        await createStaffRepository(trx).setPasswordHash(account.id, passwordHash, new Date(clock()));
        await createSessionsRepository(trx).deleteForStaffExcept(account.id, session.tokenHash);
      });
      return { outcome: 'changed' };
    },

    /** Deletes the expired links; returns how many. */
    async purgeExpiredLinks(): Promise<number> {
      return links.deleteExpired(nowIso());
    },
  };
}

export type StaffManagement = ReturnType<typeof createStaffManagement>;
