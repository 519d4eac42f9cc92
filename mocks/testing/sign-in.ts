import { signIn } from '#contract/team-service';
import { mockDb } from '../db.ts';

/** For tests: the account a username and password sign in as in the mock (the login's check), null when none. */
export const mockSignIn = async (username: string, password: string) =>
  (await mockDb.team(({ team }) => signIn(team, username, password))) ?? null;
