// The mock's staff accounts and one-time sign-in links (issue 28), apart from the clients' store (db.ts), in memory
// and in the browser also in localStorage. Seeded with the demo accounts (the README's admin and sam); `resetMockDb()` brings the seed back.
import {
  isActiveOwner,
  leavesNoOwner,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  passwordMessages,
  signInLinkExpiresAt,
  type Role,
  type SignInLink,
  type StaffMember,
} from '#contract/team';

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
  /** Issue 30. Absent in a store saved before it: none, and off. */
  passkeys?: MockPasskey[];
  askAfterPassword?: boolean;
};

/** A passkey as the mock keeps it: the credential's public key (COSE, base64url) and its signature counter. */
export type MockPasskey = {
  id: string;
  name: string;
  publicKey: string;
  counter: number;
  transports: string[];
  createdAt: string;
  lastUsedAt: string | null;
};

type MockSignInLink = { token: string; username: string; expiresAt: string; used: boolean };

type TeamState = {
  accounts: MockAccount[];
  links: MockSignInLink[];
  /** When the mock's one session began ("Your sessions"). */
  signedInAt: string | null;
};

type AccountStatus = StaffMember['status'];

const STORAGE_KEY = 'salon-mock-team';

/** A few of the server's list of common passwords, so that a tester sees its message in the mock too. */
const COMMON_PASSWORDS = new Set(['123456789012', 'password1234', 'passwordpassword', 'qwertyuiopas']);

function initialState(): TeamState {
  return {
    accounts: DEMO_ACCOUNTS.map(({ username, password, role }) => ({ username, role, password, disabled: false, lastSignInAt: null })),
    links: [],
    signedInAt: null,
  };
}

function canPersist(): boolean {
  return typeof window !== 'undefined' && typeof window.localStorage !== 'undefined' && !import.meta.env.VITEST;
}

function load(): TeamState {
  if (!canPersist()) return initialState();
  try {
    const saved = window.localStorage.getItem(STORAGE_KEY);
    return saved ? (JSON.parse(saved) as TeamState) : initialState();
  } catch {
    return initialState();
  }
}

let state = load();

function save() {
  if (canPersist()) window.localStorage.setItem(STORAGE_KEY, JSON.stringify(state));
}

const accountOf = (username: string) => state.accounts.find((account) => account.username === username.trim().toLowerCase());

/** 128 random bits, base64url, as the server's tokens. */
function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

const statusOf = (account: MockAccount): AccountStatus => (account.disabled ? 'disabled' : 'active');

/** What the last-owner rule, a missing account or a password refuses with; the handlers give each its status. */
export type TeamRefusal = 'not-found' | 'last-owner' | 'taken';

export const teamDb = {
  /** The account a username and password sign in as: null when unknown, wrong, not set yet or disabled. */
  verify(username: string, password: string): { username: string; role: Role } | null {
    const account = accountOf(username);
    if (!account || account.disabled || account.password === null || account.password !== password) return null;
    return { username: account.username, role: account.role };
  },
  /** The role of an account; undefined for one the store does not have (the `colleague` of the tests). */
  roleOf(username: string): Role | undefined {
    return accountOf(username)?.role;
  },
  /** A sign-in: its time is the account's last sign-in and the start of the mock's one session. */
  signedIn(username: string) {
    const account = accountOf(username);
    const at = new Date().toISOString();
    if (account) account.lastSignInAt = at;
    state.signedInAt = at;
    save();
  },
  signedInAt(): string | null {
    return state.signedInAt;
  },
  /** The staff page's rows; `openSessions` counts an account's sessions (the mock has one, the browser's). */
  list(openSessions: (username: string) => number): StaffMember[] {
    return state.accounts.map((account) => teamDb.member(account.username, openSessions) as StaffMember);
  },
  member(username: string, openSessions: (username: string) => number): StaffMember | undefined {
    const account = accountOf(username);
    return (
      account && {
        username: account.username,
        role: account.role,
        status: statusOf(account),
        lastSignInAt: account.lastSignInAt,
        sessions: openSessions(account.username),
      }
    );
  },
  /** A new account without a password, and its sign-in link. */
  add(username: string, role: Role): { refused: 'taken' } | { link: SignInLink } {
    if (accountOf(username)) return { refused: 'taken' };
    state.accounts.push({ username, role, disabled: false, password: null, lastSignInAt: null });
    return { link: newLink(username) };
  },
  /** A role or a status; refused when no active owner would be left. */
  change(username: string, change: { role?: Role; status?: AccountStatus }): TeamRefusal | undefined {
    const account = accountOf(username);
    if (!account) return 'not-found';
    const after = {
      ...account,
      role: change.role ?? account.role,
      disabled: change.status ? change.status === 'disabled' : account.disabled,
    };
    if (leavesNoOwner(account, after, state.accounts.filter(isActiveOwner).length)) return 'last-owner';
    Object.assign(account, after);
    save();
    return undefined;
  },
  /** The old password stops working at once; earlier links of the account too. */
  resetPassword(username: string): { refused: 'not-found' } | { link: SignInLink } {
    const account = accountOf(username);
    if (!account) return { refused: 'not-found' };
    account.password = null;
    return { link: newLink(account.username) };
  },
  /** Whose link this is, while it is unused and within its 24 hours (and its account not disabled). */
  linkOwner(token: string): string | undefined {
    const link = state.links.find((candidate) => candidate.token === token);
    if (!link || link.used || Date.parse(link.expiresAt) <= Date.now()) return undefined;
    return accountOf(link.username)?.disabled === false ? link.username : undefined;
  },
  /** Sets the password through a link, which is then used; undefined when the link no longer works. */
  useLink(token: string, password: string): { username: string; role: Role } | undefined {
    const username = teamDb.linkOwner(token);
    const account = username === undefined ? undefined : accountOf(username);
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
  /** Whether `password` is the account's current one. */
  isPassword(username: string, password: string): boolean {
    return accountOf(username)?.password === password;
  },
  setPassword(username: string, password: string) {
    const account = accountOf(username);
    if (account) account.password = password;
    save();
  },
};

function newLink(username: string): SignInLink {
  const expiresAt = signInLinkExpiresAt(Date.now());
  const token = newToken();
  // One link at a time per account: a new one (a reset) ends the earlier ones.
  state.links = [...state.links.filter((link) => link.username !== username), { token, username, expiresAt, used: false }];
  save();
  return { path: `/welcome/${token}`, expiresAt };
}

/** The password rules of the server, for a password set through the mock: undefined when it passes. */
export function passwordRefusal(password: string): string | undefined {
  if (password.length < MIN_PASSWORD_LENGTH) return passwordMessages.tooShort;
  if (password.length > MAX_PASSWORD_LENGTH) return passwordMessages.tooLong;
  if (COMMON_PASSWORDS.has(password.toLowerCase())) return passwordMessages.tooCommon;
  return undefined;
}

/** The passkeys of the accounts (issue 30), beside the accounts they belong to. */
export const passkeyDb = {
  of(username: string): MockPasskey[] {
    return accountOf(username)?.passkeys ?? [];
  },
  asksAfterPassword(username: string): boolean {
    const account = accountOf(username);
    return account?.askAfterPassword === true && (account.passkeys ?? []).length > 0;
  },
  add(username: string, passkey: MockPasskey) {
    const account = accountOf(username);
    if (!account) return;
    account.passkeys = [...(account.passkeys ?? []), passkey];
    save();
  },
  /** The passkey removed, or undefined when the account has none of that id. Removing the last turns the setting off. */
  remove(username: string, passkeyId: string): MockPasskey | undefined {
    const account = accountOf(username);
    const passkey = account?.passkeys?.find((candidate) => candidate.id === passkeyId);
    if (!account || !passkey) return undefined;
    account.passkeys = (account.passkeys ?? []).filter((candidate) => candidate !== passkey);
    if (account.passkeys.length === 0) account.askAfterPassword = false;
    save();
    return passkey;
  },
  /** False (and nothing changed) when turning it on for an account without a passkey. */
  setAskAfterPassword(username: string, on: boolean): boolean {
    const account = accountOf(username);
    if (!account || (on && (account.passkeys ?? []).length === 0)) return false;
    account.askAfterPassword = on;
    save();
    return true;
  },
  /** Whose passkey this credential id is, whatever the account's state. */
  find(passkeyId: string): { username: string; role: Role; disabled: boolean; passkey: MockPasskey } | undefined {
    for (const account of state.accounts) {
      const passkey = account.passkeys?.find((candidate) => candidate.id === passkeyId);
      if (passkey) return { username: account.username, role: account.role, disabled: account.disabled, passkey };
    }
    return undefined;
  },
  used(passkeyId: string, counter: number) {
    const found = passkeyDb.find(passkeyId);
    if (!found) return;
    found.passkey.counter = counter;
    found.passkey.lastUsedAt = new Date().toISOString();
    save();
  },
};

export function resetTeamDb(): void {
  state = initialState();
  save();
}
