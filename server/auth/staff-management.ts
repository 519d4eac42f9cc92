/**
 * The owner runs the team (issue 28): the staff page's accounts, one-time sign-in links, and My account's password.
 * The operations are contract/team-service.ts's, shared with the mock, on the team's store (team-store.ts), here
 * with scrypt for the passwords, SHA-256 for the links' tokens and the sessions table's sessions.
 */
import type { Kysely } from 'kysely';
import { createTeamService } from '#contract/team-service';
import type { Database } from '../db/schema.ts';
import { createSignInLinksRepository } from '../repositories/sign-in-links.ts';
import { OWASP_SCRYPT_PARAMS, scryptPasswords, type ScryptParams } from './password.ts';
import { hashSessionToken } from './session-cookie.ts';
import type { Sessions } from './sessions.ts';
import { newStaffId } from './staff-accounts.ts';
import { createTeamStore } from './team-store.ts';

export type StaffManagementOptions = { sessions: Sessions; hashing?: ScryptParams; clock?: () => number };

export function createStaffManagement(
  db: Kysely<Database>,
  { sessions, hashing = OWASP_SCRYPT_PARAMS, clock = Date.now }: StaffManagementOptions,
) {
  const links = createSignInLinksRepository(db);
  const store = createTeamStore(db, {
    passwords: scryptPasswords(hashing),
    linkHash: hashSessionToken,
    newId: newStaffId,
    openSessions: () => sessions.openCounts(),
  });
  return {
    ...createTeamService(store, clock),

    /** Deletes the expired links; returns how many. */
    async purgeExpiredLinks(): Promise<number> {
      return links.deleteExpired(new Date(clock()).toISOString());
    },
  };
}

export type StaffManagement = ReturnType<typeof createStaffManagement>;
