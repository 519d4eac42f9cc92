/**
 * The owner runs the team (issue 28): the staff page's accounts, one-time sign-in links, and My account's password.
 * The operations are contract/team-service.ts's, shared with the mock; this is their store on the server's tables.
 * Every change that could leave the salon without an active owner is decided inside one transaction that holds the
 * staff lock (PostgreSQL: an advisory lock; SQLite: its write transactions are exclusive), so two owners demoting each
 * other at once cannot both succeed (docs/decisions/026-roles-and-the-audit-trail.md).
 */
import { sql, type Kysely } from 'kysely';
import { createTeamService, type TeamAccount, type TeamStore } from '#contract/team-service';
import { isPostgres } from '../db/engine.ts';
import { ADVISORY_LOCKS } from '../db/postgres.ts';
import type { Database } from '../db/schema.ts';
import { createSessionsRepository } from '../repositories/sessions.ts';
import { createSignInLinksRepository } from '../repositories/sign-in-links.ts';
import { createStaffRepository, type StaffRow } from '../repositories/staff.ts';
import { hashPassword, OWASP_SCRYPT_PARAMS, verifyPassword, type ScryptParams } from './password.ts';
import { hashSessionToken } from './session-cookie.ts';
import type { Sessions } from './sessions.ts';
import { newStaffRow } from './staff-accounts.ts';

/**
 * What an account without a usable password stores (a new account until its link is used, an account whose password
 * an owner reset): no password hashes to it, and login checks a dummy hash instead (staff-accounts.ts).
 */
const NO_PASSWORD = '!no password: set through a sign-in link';

export type StaffManagementOptions = { sessions: Sessions; hashing?: ScryptParams; clock?: () => number };

/** A staff row as the shared operations see it; still a row for the session that a sign-in link starts. */
type StaffAccount = StaffRow & TeamAccount;

const accountOf = (row: StaffRow): StaffAccount => ({ ...row, disabled: row.disabled_at !== null, lastSignInAt: row.last_sign_in_at });
const accountIfAny = (row: StaffRow | undefined) => row && accountOf(row);

/** The team's store on `db`; `exclusive` is a transaction that first waits for any other instance changing the staff. */
function createTeamStore(
  db: Kysely<Database>,
  { sessions, hashing = OWASP_SCRYPT_PARAMS }: StaffManagementOptions,
): TeamStore<StaffAccount> {
  const staff = createStaffRepository(db);
  const links = createSignInLinksRepository(db);
  const sessionRows = createSessionsRepository(db);
  return {
    all: async () => (await staff.listAll()).map(accountOf),
    byUsername: async (username) => accountIfAny(await staff.findByUsername(username)),
    byId: async (id) => accountIfAny(await staff.findById(id)),
    openSessions: () => sessions.openCounts(),
    countActiveOwners: () => staff.countActiveOwners(),
    async insert(username, role, at) {
      const row = newStaffRow(username, NO_PASSWORD, role, at);
      await staff.insert(row);
      return accountOf(row);
    },
    async setStanding(account, { role, disabled }, at) {
      const disabledAt = disabled ? (account.disabled_at ?? at) : null;
      if (role !== account.role || disabledAt !== account.disabled_at) {
        await staff.update(account.id, { role, disabled_at: disabledAt });
      }
      return accountOf({ ...account, role, disabled_at: disabledAt });
    },
    hashPassword: (password) => hashPassword(password, hashing),
    passwordMatches: (account, password) => verifyPassword(password, account.password_hash),
    async setPassword(accountId, hash, at) {
      await staff.setPasswordHash(accountId, hash ?? NO_PASSWORD, new Date(at));
    },
    recordSignIn: (accountId, at) => staff.recordSignIn(accountId, at),
    endSessions: (accountId, exceptSession) =>
      exceptSession === undefined ? sessionRows.deleteForStaff(accountId) : sessionRows.deleteForStaffExcept(accountId, exceptSession),
    replaceLink: (accountId, token, createdAt, expiresAt) =>
      links.replaceForStaff({ token_hash: hashSessionToken(token), staff_id: accountId, created_at: createdAt, expires_at: expiresAt }),
    endLinks: (accountId) => links.deleteForStaff(accountId),
    linkAccount: async (token, now) => accountIfAny(await links.findUsable(hashSessionToken(token), now)),
    consumeLink: (token) => links.consume(hashSessionToken(token)),
    exclusive: (work) =>
      db.transaction().execute(async (trx) => {
        if (isPostgres(trx)) await sql`SELECT pg_advisory_xact_lock(${ADVISORY_LOCKS.staffChanges})`.execute(trx);
        return work(createTeamStore(trx, { sessions, hashing }));
      }),
  };
}

export function createStaffManagement(db: Kysely<Database>, options: StaffManagementOptions) {
  const clock = options.clock ?? Date.now;
  const links = createSignInLinksRepository(db);
  return {
    ...createTeamService(createTeamStore(db, options), clock),

    /** Deletes the expired links; returns how many. */
    async purgeExpiredLinks(): Promise<number> {
      return links.deleteExpired(new Date(clock()).toISOString());
    },
  };
}

export type StaffManagement = ReturnType<typeof createStaffManagement>;
