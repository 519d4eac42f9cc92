// The mock's staff accounts, sign-in links and passkeys (issues 28, 30), apart from the clients' store (db.ts), in
// memory and in the browser also in localStorage. The rules are contract/'s, as the server's (decision 034); this keeps
// the rows. Seeded with the demo accounts (the README's admin and sam); `resetMockDb()` brings the seed back.
import {
  createPasskeyCeremonies,
  type CeremonyAccount,
  type PasskeyStore,
  type StoredPasskey,
  type WaitingChallenge,
} from '#contract/passkey-ceremonies';
import { isActiveOwner, type Role } from '#contract/team';
import type { TeamStore } from '#contract/team-service';
import { persisted } from './persisted.ts';

/** The mock's demo accounts (README): an owner and a member of staff. Their passwords are exempt from the length rule. */
export const DEMO_ACCOUNTS = [
  { username: 'admin', password: 'admin', role: 'owner' },
  { username: 'sam', password: 'sam', role: 'staff' },
] as const satisfies ReadonlyArray<{ username: string; password: string; role: Role }>;

type MockAccount = {
  username: string;
  role: Role;
  disabled: boolean;
  /** Kept as typed: the mock's store is one browser's. Null until a sign-in link sets it, and again after a reset. */
  password: string | null;
  lastSignInAt: string | null;
  /** Issue 30. Absent in a store saved before it: off. */
  askAfterPassword?: boolean;
};

type TeamState = {
  accounts: MockAccount[];
  /** The unused sign-in links: using one deletes it. */
  links: Array<{ token: string; username: string; expiresAt: string }>;
  /** The passkeys of every account; the mock's account id is its username. */
  passkeys: StoredPasskey[];
  /** When the mock's one session began ("Your sessions"). */
  signedInAt: string | null;
};

const initialState = (): TeamState => ({
  accounts: DEMO_ACCOUNTS.map(({ username, password, role }) => ({ username, role, password, disabled: false, lastSignInAt: null })),
  links: [],
  passkeys: [],
  signedInAt: null,
});

const store = persisted('salon-mock-team', initialState);
let state = store.load();
const save = () => store.save(state);

const accountOf = (username: string) => state.accounts.find((account) => account.username === username.trim().toLowerCase());

export const teamDb = {
  /** The account a username and password sign in as: null when unknown, wrong, not set yet or disabled. */
  verify(username: string, password: string): { username: string; role: Role } | null {
    const account = accountOf(username);
    if (!account || account.disabled || account.password === null || account.password !== password) return null;
    return { username: account.username, role: account.role };
  },
  /** The role of an account; undefined for one the store does not have (the `colleague` of the tests). */
  roleOf: (username: string): Role | undefined => accountOf(username)?.role,
  /** A sign-in: its time is the account's last sign-in and the start of the mock's one session. */
  signedIn(username: string) {
    const at = new Date().toISOString();
    const account = accountOf(username);
    if (account) account.lastSignInAt = at;
    state.signedInAt = at;
    save();
  },
  signedInAt: (): string | null => state.signedInAt,
  /** Whose link this is at `now`, while it is unused and within its 24 hours (and its account not disabled). */
  linkOwner(token: string, now = new Date().toISOString()): string | undefined {
    const link = state.links.find((candidate) => candidate.token === token);
    if (!link || link.expiresAt <= now) return undefined;
    return accountOf(link.username)?.disabled === false ? link.username : undefined;
  },
  /** Testers and tests: every link made so far is past its 24 hours. */
  expireLinks() {
    for (const link of state.links) link.expiresAt = new Date(Date.now() - 1000).toISOString();
    save();
  },
};

/** An account with the id the shared operations know it by: the mock's is its username. */
const withId = (account: MockAccount) => ({ id: account.username, ...account });
type MockTeamAccount = ReturnType<typeof withId>;
const accountIfAny = (account: MockAccount | undefined) => account && withId(account);

/** The one session of the mock, the browser's: how many an account has open (0 or 1), and ending them. */
type MockSessions = { open(username: string): number; end(username: string): number };

/**
 * The team's store of the shared staff operations (contract/team-service.ts), on the accounts above. Every write is
 * inside `exclusive`, which saves once its work is done.
 */
export function createMockTeamStore(sessions: MockSessions): TeamStore<MockTeamAccount> {
  const store: TeamStore<MockTeamAccount> = {
    all: async () => state.accounts.map(withId),
    byUsername: async (username) => accountIfAny(accountOf(username)),
    byId: async (id) => accountIfAny(accountOf(id)),
    openSessions: async () => new Map(state.accounts.map(({ username }) => [username, sessions.open(username)])),
    countActiveOwners: async () => state.accounts.filter(isActiveOwner).length,
    async insert(username, role) {
      const account: MockAccount = { username, role, disabled: false, password: null, lastSignInAt: null };
      state.accounts.push(account);
      return withId(account);
    },
    setStanding: async (account, standing) => withId(Object.assign(accountOf(account.id)!, standing)),
    hashPassword: async (password) => password,
    passwordMatches: async (account, password) => account.password === password,
    async setPassword(accountId, password) {
      accountOf(accountId)!.password = password;
    },
    async recordSignIn(accountId, at) {
      accountOf(accountId)!.lastSignInAt = at;
    },
    // The mock's one session is the one that asks when one is kept.
    endSessions: async (accountId, exceptSession) => (exceptSession === undefined ? sessions.end(accountId) : 0),
    async replaceLink(username, token, _createdAt, expiresAt) {
      await store.endLinks(username);
      state.links.push({ token, username, expiresAt });
    },
    async endLinks(username) {
      state.links = state.links.filter((link) => link.username !== username);
    },
    linkAccount: async (token, now) => accountIfAny(accountOf(teamDb.linkOwner(token, now) ?? '')),
    async consumeLink(token) {
      const count = state.links.length;
      state.links = state.links.filter((link) => link.token !== token);
      return state.links.length < count;
    },
    async exclusive(work) {
      const result = await work(store);
      save();
      return result;
    },
  };
  return store;
}

type MockCeremonyAccount = CeremonyAccount & { role: Role };

/** In memory only: a reload of the page forgets them, as a restart of the server would. */
const challenges = new Map<string, WaitingChallenge>();

/** The passkeys' store of the shared ceremonies (contract/passkey-ceremonies.ts), on the accounts above. */
const passkeyStore: PasskeyStore<MockCeremonyAccount> = {
  async account(id) {
    const account = accountOf(id);
    return account && { ...withId(account), askAfterPassword: account.askAfterPassword === true };
  },
  passkeysOf: async (accountId) => state.passkeys.filter((passkey) => passkey.accountId === accountId),
  passkey: async (id) => state.passkeys.find((passkey) => passkey.id === id),
  async insert(passkey) {
    if (state.passkeys.some(({ id }) => id === passkey.id)) return false;
    state.passkeys.push(passkey);
    save();
    return true;
  },
  async delete(id) {
    state.passkeys = state.passkeys.filter((passkey) => passkey.id !== id);
    save();
  },
  async recordUse(id, from, to, at) {
    const passkey = state.passkeys.find((candidate) => candidate.id === id && candidate.counter === from);
    if (passkey) Object.assign(passkey, { counter: to, lastUsedAt: at });
    save();
    return passkey !== undefined;
  },
  async setAskAfterPassword(accountId, on) {
    const account = accountOf(accountId);
    if (!account || (account.askAfterPassword === true) === on) return false;
    account.askAfterPassword = on;
    save();
    return true;
  },
  recordSignIn: async (accountId) => teamDb.signedIn(accountId),
  addChallenge: async (waiting) => void challenges.set(waiting.challenge, waiting),
  async takeChallenge(challenge) {
    const waiting = challenges.get(challenge);
    challenges.delete(challenge);
    return waiting;
  },
  countOpenChallenges: async (purpose, now) =>
    [...challenges.values()].filter((one) => one.purpose === purpose && one.expiresAt > now).length,
  async deleteExpiredChallenges(now) {
    const expired = [...challenges.values()].filter((one) => one.expiresAt <= now);
    for (const { challenge } of expired) challenges.delete(challenge);
    return expired.length;
  },
  atomically: (work) => work(passkeyStore),
};

export const passkeyCeremonies = createPasskeyCeremonies(passkeyStore);

/** Testers and tests: every challenge given so far is past its 5 minutes. */
export function expireChallenges() {
  for (const waiting of challenges.values()) waiting.expiresAt = new Date(Date.now() - 1).toISOString();
}

export function resetTeamDb(): void {
  state = initialState();
  challenges.clear();
  save();
}
