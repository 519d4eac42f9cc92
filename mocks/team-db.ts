// The mock's staff accounts, sign-in links and passkeys (issues 28, 30): the server's own tables, team store and
// passkey store in the mock's database (db.ts), seeded with the demo accounts (seed.ts). Here, what only the mock has:
// the testers' and tests' ways to see and age what the store holds.
import { mockDb } from './db.ts';

const past = () => new Date(Date.now() - 1000).toISOString();

export const teamDb = {
  /** Whose link this is now, while it is unused and within its 24 hours (and its account not disabled). */
  linkOwner: (token: string) => mockDb.team(async ({ staff }) => (await staff.usableLink(token))?.username),
  /** Testers and tests: every link made so far is past its 24 hours. */
  expireLinks: () => mockDb.team(({ connection }) => connection.db.updateTable('sign_in_links').set({ expires_at: past() }).execute()),
  /** Testers and tests: every challenge given so far is past its 5 minutes. */
  expireChallenges: () =>
    mockDb.team(({ connection }) => connection.db.updateTable('passkey_challenges').set({ expires_at: past() }).execute()),
};
