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
import { isActiveOwner, newSignInLink, planStaffChange } from '#contract/team';
import type { Role, SignInLink, StaffChange, StaffChangeResult, StaffMember } from '#contract/team';
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
  links: Array<{ token: string; username: string; expiresAt: string; used: boolean }>;
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
  /** The staff page's rows; `openSessions` counts an account's sessions (the mock has one, the browser's). */
  list: (openSessions: (username: string) => number): StaffMember[] =>
    state.accounts.map((account) => teamDb.member(account.username, openSessions) as StaffMember),
  member(username: string, openSessions: (username: string) => number): StaffMember | undefined {
    const account = accountOf(username);
    if (!account) return undefined;
    const { role, disabled, lastSignInAt } = account;
    return { username: account.username, role, status: disabled ? 'disabled' : 'active', lastSignInAt, sessions: openSessions(username) };
  },
  /** A new account without a password, and its sign-in link. */
  add(username: string, role: Role): { refused: 'taken' } | { link: SignInLink } {
    if (accountOf(username)) return { refused: 'taken' };
    state.accounts.push({ username, role, disabled: false, password: null, lastSignInAt: null });
    return { link: newLink(username) };
  },
  /** A role or a status, by the server's rule; a disabled account's links end (its session is the handler's). */
  change(username: string, change: StaffChange, openSessions: (username: string) => number): StaffChangeResult {
    const account = accountOf(username);
    if (!account) return { outcome: 'not-found' };
    const before = { role: account.role, disabled: account.disabled };
    const plan = planStaffChange(before, change, state.accounts.filter(isActiveOwner).length);
    if (plan.outcome === 'last-owner') return plan;
    Object.assign(account, plan.after);
    if (plan.disables) state.links = state.links.filter((link) => link.username !== account.username);
    save();
    return { outcome: 'changed', member: teamDb.member(username, openSessions)!, before };
  },
  /** The old password stops working at once; earlier links of the account too. */
  resetPassword(username: string): SignInLink | undefined {
    const account = accountOf(username);
    if (!account) return undefined;
    account.password = null;
    return newLink(account.username);
  },
  /** Whose link this is, while it is unused and within its 24 hours (and its account not disabled). */
  linkOwner(token: string): string | undefined {
    const link = state.links.find((candidate) => candidate.token === token);
    if (!link || link.used || Date.parse(link.expiresAt) <= Date.now()) return undefined;
    return accountOf(link.username)?.disabled === false ? link.username : undefined;
  },
  /** Sets the password through a link, which is then used; undefined when the link no longer works. */
  useLink(token: string, password: string): { username: string; role: Role } | undefined {
    const account = accountOf(teamDb.linkOwner(token) ?? '');
    const link = state.links.find((candidate) => candidate.token === token);
    if (!account || !link) return undefined;
    link.used = true;
    account.password = password;
    save();
    return { username: account.username, role: account.role };
  },
  /** Testers and tests: every link made so far is past its 24 hours. */
  expireLinks() {
    for (const link of state.links) link.expiresAt = new Date(Date.now() - 1000).toISOString();
    save();
  },
  isPassword: (username: string, password: string): boolean => accountOf(username)?.password === password,
  setPassword(username: string, password: string) {
    const account = accountOf(username);
    if (account) account.password = password;
    save();
  },
};

/** One link at a time per account: a new one (a reset) ends the earlier ones. */
function newLink(username: string): SignInLink {
  const { token, link } = newSignInLink(Date.now());
  state.links = [
    ...state.links.filter((earlier) => earlier.username !== username),
    { token, username, expiresAt: link.expiresAt, used: false },
  ];
  save();
  return link;
}

type MockCeremonyAccount = CeremonyAccount & { role: Role };

/** In memory only: a reload of the page forgets them, as a restart of the server would. */
const challenges = new Map<string, WaitingChallenge>();

/** The passkeys' store of the shared ceremonies (contract/passkey-ceremonies.ts), on the accounts above. */
const passkeyStore: PasskeyStore<MockCeremonyAccount> = {
  async account(id) {
    const account = accountOf(id);
    return account && { id: account.username, ...account, askAfterPassword: account.askAfterPassword === true };
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
