/**
 * The team's store (issue 28) on the server's tables: the TeamStore the shared staff operations run on
 * (contract/team-service.ts), for the server and the mock alike (issue 39: the mock runs it on sql.js). Every change
 * that could leave the salon without an active owner is decided inside one transaction that holds the staff lock
 * (PostgreSQL: an advisory lock; SQLite: its write transactions are exclusive), so two owners demoting each other at
 * once cannot both succeed (docs/decisions/026-roles-and-the-audit-trail.md). What differs between the two is
 * injected (TeamStoreOptions): nothing here needs Node.
 */
import { sql, type Kysely } from 'kysely';
import type { SignInStore, TeamAccount, TeamStore } from '#contract/team-service';
import { ADVISORY_LOCKS, isPostgres } from '../db/engine.ts';
import type { Database } from '../db/schema.ts';
import { createSessionsRepository } from '../repositories/sessions.ts';
import { createSignInLinksRepository } from '../repositories/sign-in-links.ts';
import { createStaffRepository, newStaffRow, type StaffRow } from '../repositories/staff.ts';

/**
 * What an account without a usable password stores (a new account until its link is used, an account whose password
 * an owner reset): no password hashes to it, and login checks a dummy hash instead (staff-accounts.ts).
 */
const NO_PASSWORD = '!no password: set through a sign-in link';

export type TeamStoreOptions = {
  /**
   * What is kept of a password, and whether one matches what was kept (undefined: an unknown account, which costs as
   * long as a known one): the server's scrypt, the mock's cheaper one.
   */
  passwords: { hash(password: string): Promise<string>; verify(password: string, stored: string | undefined): Promise<boolean> };
  /** What is kept of a sign-in link's token: the server's SHA-256. */
  linkHash(token: string): string;
  /** A new account's id. */
  newId(username: string): string;
  /** How many sessions each account has open, by account id. */
  openSessions(): Promise<Map<string, number>>;
  /** Ends an account's sessions, all or all but one, where they are not the sessions table's (the mock's one session). */
  endSessions?(accountId: string, exceptSession?: string): Promise<number>;
};

/** A staff row as the shared operations see it; still a row for the session that a sign-in link starts. */
export type StaffAccount = StaffRow & TeamAccount;

const accountOf = (row: StaffRow): StaffAccount => ({ ...row, disabled: row.disabled_at !== null, lastSignInAt: row.last_sign_in_at });
const accountIfAny = (row: StaffRow | undefined) => row && accountOf(row);

/** The part of the team's store a sign-in reads (contract/team-service.ts): all the server's login needs. */
export function createSignInStore(db: Kysely<Database>, passwords: TeamStoreOptions['passwords']): SignInStore<StaffAccount> {
  const staff = createStaffRepository(db);
  return {
    byUsername: async (username) => accountIfAny(await staff.findByUsername(username)),
    passwordMatches: (account, password) => passwords.verify(password, account?.password_hash),
  };
}

/** The team's store on `db`; `exclusive` is a transaction that first waits for any other instance changing the staff. */
export function createTeamStore(db: Kysely<Database>, options: TeamStoreOptions): TeamStore<StaffAccount> {
  const { passwords, linkHash, newId, openSessions, endSessions } = options;
  const staff = createStaffRepository(db);
  const links = createSignInLinksRepository(db);
  const sessionRows = createSessionsRepository(db);
  return {
    all: async () => (await staff.listAll()).map(accountOf),
    ...createSignInStore(db, passwords),
    byId: async (id) => accountIfAny(await staff.findById(id)),
    openSessions,
    countActiveOwners: () => staff.countActiveOwners(),
    async insert(username, role, at) {
      const row = newStaffRow(newId(username), username, NO_PASSWORD, role, at);
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
    hashPassword: (password) => passwords.hash(password),
    async setPassword(accountId, hash, at) {
      await staff.setPasswordHash(accountId, hash ?? NO_PASSWORD, new Date(at));
    },
    recordSignIn: (accountId, at) => staff.recordSignIn(accountId, at),
    endSessions: (accountId, exceptSession) =>
      endSessions?.(accountId, exceptSession) ??
      (exceptSession === undefined ? sessionRows.deleteForStaff(accountId) : sessionRows.deleteForStaffExcept(accountId, exceptSession)),
    replaceLink: (accountId, token, createdAt, expiresAt) =>
      links.replaceForStaff({ token_hash: linkHash(token), staff_id: accountId, created_at: createdAt, expires_at: expiresAt }),
    endLinks: (accountId) => links.deleteForStaff(accountId),
    linkAccount: async (token, now) => accountIfAny(await links.findUsable(linkHash(token), now)),
    consumeLink: (token) => links.consume(linkHash(token)),
    exclusive: (work) =>
      db.transaction().execute(async (trx) => {
        if (isPostgres(trx)) await sql`SELECT pg_advisory_xact_lock(${ADVISORY_LOCKS.staffChanges})`.execute(trx);
        return work(createTeamStore(trx, options));
      }),
  };
}
