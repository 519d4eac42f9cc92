/**
 * The staff operations (issue 28), written once for the server and the mock (docs/decisions/034-team-rules-once.md):
 * the order of each change's steps (find, plan, write, end the sessions and links) on a small TeamStore. The server's
 * store is its tables, `exclusive` a transaction holding the staff lock; the mock's is its arrays in memory. Hashing a
 * password is the store's: the server keeps scrypt hashes, the mock the password as typed. Server and mock only.
 */
import { NO_STORE, refusal, type Answered } from './http.ts';
import { passwordProblem } from './new-password.ts';
import {
  LAST_OWNER,
  newSignInLink,
  NO_SUCH_ACCOUNT,
  passwordMessages,
  SIGN_IN_LINK_EXPIRED,
  USERNAME_TAKEN,
  staffChangeAudit,
  type NewStaffMember,
  normalizeUsername,
  planStaffChange,
  SIGN_IN_LINK_TOKEN,
  type LinkUseResult,
  type OwnerStanding,
  type OwnPasswordResult,
  type Role,
  type SignInLink,
  type StaffChange,
  type StaffMember,
} from './team.ts';

/** An account as the staff operations see it. */
export type TeamAccount = { id: string; username: string; role: Role; disabled: boolean; lastSignInAt: string | null };

/** Where the accounts, their sessions and their sign-in links live: the server's tables, the mock's memory. */
export type TeamStore<Account extends TeamAccount> = {
  all(): Promise<Account[]>;
  byUsername(username: string): Promise<Account | undefined>;
  byId(id: string): Promise<Account | undefined>;
  /** How many sessions each account has open, by account id. */
  openSessions(): Promise<Map<string, number>>;
  countActiveOwners(): Promise<number>;
  /** A new account without a usable password. */
  insert(username: string, role: Role, at: string): Promise<Account>;
  /** The account with its new role and status (a disabled account keeps when it was disabled). */
  setStanding(account: Account, standing: OwnerStanding, at: string): Promise<Account>;
  /** What the store keeps of a password: the server's hash, the mock's password as typed. */
  hashPassword(password: string): Promise<string>;
  /** Whether the password is the account's; an unknown account (undefined) costs as long as a known one. */
  passwordMatches(account: Account | undefined, password: string): Promise<boolean>;
  /** The password's new hash; null: no password works until a sign-in link sets one. */
  setPassword(accountId: string, hash: string | null, at: string): Promise<void>;
  recordSignIn(accountId: string, at: string): Promise<void>;
  /** Ends the account's sessions, all or all but `exceptSession`; how many ended. */
  endSessions(accountId: string, exceptSession?: string): Promise<number>;
  /** The account's one sign-in link: the earlier ones end. */
  replaceLink(accountId: string, token: string, createdAt: string, expiresAt: string): Promise<void>;
  endLinks(accountId: string): Promise<void>;
  /** The account a link still opens at `now` (not used, not expired, the account not disabled). */
  linkAccount(token: string, now: string): Promise<Account | undefined>;
  /** Uses the link up; false when another request used it first. */
  consumeLink(token: string): Promise<boolean>;
  /** Runs `work` as one change no other staff change interleaves with. */
  exclusive<T>(work: (store: TeamStore<Account>) => Promise<T>): Promise<T>;
};

/** What a sign-in reads of the team's store. */
export type SignInStore<Account extends TeamAccount> = Pick<TeamStore<Account>, 'byUsername' | 'passwordMatches'>;

/**
 * The account a username and password sign in as: undefined when unknown, wrong, without a usable password yet, or
 * disabled. Each costs one password check, and a disabled account is answered like a wrong password: the form says
 * nothing of which accounts exist.
 */
export async function signIn<Account extends TeamAccount>(store: SignInStore<Account>, username: string, password: string) {
  const account = await store.byUsername(normalizeUsername(username));
  const matches = await store.passwordMatches(account, password);
  return account && matches && !account.disabled ? account : undefined;
}

function memberOf(account: TeamAccount, openSessions: Map<string, number>): StaffMember {
  return {
    username: account.username,
    role: account.role,
    status: account.disabled ? 'disabled' : 'active',
    lastSignInAt: account.lastSignInAt,
    sessions: openSessions.get(account.id) ?? 0,
  };
}

const standingOf = ({ role, disabled }: TeamAccount): OwnerStanding => ({ role, disabled });

export function createTeamService<Account extends TeamAccount>(store: TeamStore<Account>, clock: () => number = Date.now) {
  const nowIso = () => new Date(clock()).toISOString();

  /** A new link for the account, replacing its older ones. */
  async function newLink(locked: TeamStore<Account>, accountId: string): Promise<SignInLink> {
    const createdMs = clock();
    const { token, link } = newSignInLink(createdMs);
    await locked.replaceLink(accountId, token, new Date(createdMs).toISOString(), link.expiresAt);
    return link;
  }

  /** The account a link still opens, or undefined (unknown, used, expired, or the account disabled: all the same). */
  async function usableLink(token: string): Promise<Account | undefined> {
    if (!SIGN_IN_LINK_TOKEN.test(token)) return undefined;
    return store.linkAccount(token, nowIso());
  }

  return {
    /** GET /api/staff: the staff page's table. */
    async list(): Promise<Answered<StaffMember[]>> {
      const [accounts, openSessions] = await Promise.all([store.all(), store.openSessions()]);
      return { status: 200, body: accounts.map((account) => memberOf(account, openSessions)), headers: NO_STORE };
    },

    /** POST /api/staff: a new account, with no usable password until its sign-in link (shown once) is used. */
    async invite(actor: string, { username, role }: NewStaffMember): Promise<Answered> {
      const name = normalizeUsername(username);
      const created = await store.exclusive(async (locked) => {
        if (await locked.byUsername(name)) return undefined;
        const account = await locked.insert(name, role, nowIso());
        return { account, link: await newLink(locked, account.id) };
      });
      if (!created) return refusal(409, USERNAME_TAKEN);
      const body = { member: memberOf(created.account, new Map()), link: created.link };
      return { status: 201, body, headers: NO_STORE, audit: [{ kind: 'account-added', actor, subject: name, detail: role }] };
    },

    /**
     * PATCH /api/staff/:username: a role, or disabled / enabled. Refused when it would leave no active owner. Disabling
     * ends the account's sessions and its sign-in links.
     */
    async change(actor: string, username: string, change: StaffChange): Promise<Answered> {
      const result = await store.exclusive(async (locked) => {
        const before = await locked.byUsername(normalizeUsername(username));
        if (!before) return { outcome: 'not-found' as const };
        // Counted under the lock: another owner's change waits for this one, then counts again.
        const plan = planStaffChange(standingOf(before), change, await locked.countActiveOwners());
        if (plan.outcome === 'last-owner') return plan;
        const after = await locked.setStanding(before, plan.after, nowIso());
        if (plan.disables) {
          await locked.endSessions(before.id);
          await locked.endLinks(before.id);
        }
        return { outcome: 'done' as const, after, before: standingOf(before) };
      });
      if (result.outcome === 'not-found') return refusal(404, NO_SUCH_ACCOUNT);
      if (result.outcome === 'last-owner') return refusal(409, LAST_OWNER);
      const member = memberOf(result.after, await store.openSessions());
      const audit = staffChangeAudit(result.before, member).map((entry) => ({ ...entry, actor, subject: member.username }));
      return { status: 200, body: member, audit };
    },

    /** POST …/password-reset: the old password stops working at once, the sessions end; a new link sets the next one. */
    async resetPassword(actor: string, username: string): Promise<Answered> {
      const name = normalizeUsername(username);
      const link = await store.exclusive(async (locked) => {
        const account = await locked.byUsername(name);
        if (!account) return undefined;
        await locked.setPassword(account.id, null, nowIso());
        await locked.endSessions(account.id);
        return newLink(locked, account.id);
      });
      if (!link) return refusal(404, NO_SUCH_ACCOUNT);
      return { status: 200, body: link, headers: NO_STORE, audit: [{ kind: 'password-reset', actor, subject: name }] };
    },

    /** POST …/sign-out: ends every session of the account, on every instance. */
    async signOutEverywhere(actor: string, username: string): Promise<Answered> {
      const name = normalizeUsername(username);
      const account = await store.byUsername(name);
      if (!account) return refusal(404, NO_SUCH_ACCOUNT);
      const ended = await store.endSessions(account.id);
      return { status: 204, body: undefined, audit: [{ kind: 'sessions-ended', actor, subject: name, detail: String(ended) }] };
    },

    usableLink,

    /**
     * Sets the password through a link, which is used up; the account's other sessions end. Two requests with one
     * link at once: one sets the password, the other finds it used.
     */
    async useLink(token: string, password: string): Promise<LinkUseResult<Account>> {
      if (!(await usableLink(token))) return { outcome: 'expired' };
      const problem = passwordProblem(password);
      if (problem) return { outcome: 'refused', message: problem };
      const hash = await store.hashPassword(password);
      return store.exclusive(async (locked): Promise<LinkUseResult<Account>> => {
        const account = await locked.linkAccount(token, nowIso());
        if (!account || !(await locked.consumeLink(token))) return { outcome: 'expired' };
        await locked.setPassword(account.id, hash, nowIso());
        await locked.endSessions(account.id);
        await locked.recordSignIn(account.id, nowIso());
        return { outcome: 'set', account };
      });
    },

    /** My account's "Change password": the current one first; the account's other sessions end, this one stays. */
    async changeOwnPassword(
      session: { staffId: string; tokenHash: string },
      currentPassword: string,
      newPassword: string,
    ): Promise<OwnPasswordResult> {
      const account = await store.byId(session.staffId);
      if (!account || !(await store.passwordMatches(account, currentPassword))) return { outcome: 'wrong-current' };
      const problem = passwordProblem(newPassword);
      if (problem) return { outcome: 'refused', message: problem };
      const hash = await store.hashPassword(newPassword);
      await store.exclusive(async (locked) => {
        await locked.setPassword(account.id, hash, nowIso());
        await locked.endSessions(account.id, session.tokenHash);
      });
      return { outcome: 'changed' };
    },
  };
}

/** GET /welcome-links/:token: whose link it is; unknown, used, expired or the account disabled all answer 410. */
export const welcomeLinkAnswer = (account: { username: string } | undefined): Answered =>
  account ? { status: 200, body: { username: account.username }, headers: NO_STORE } : refusal(410, SIGN_IN_LINK_EXPIRED);

/** POST /welcome-links/:token: the password set, the account is signed in as `start` begins a session. */
export async function linkUseAnswer<Account extends { username: string }>(
  result: LinkUseResult<Account>,
  start: (account: Account) => Promise<Answered>,
): Promise<Answered> {
  if (result.outcome === 'expired') return refusal(410, SIGN_IN_LINK_EXPIRED);
  if (result.outcome === 'refused') return refusal(400, result.message);
  const { username } = result.account;
  const started = await start(result.account);
  return {
    ...started,
    audit: [{ kind: 'password-changed', actor: username, subject: username, detail: 'sign-in link' }, ...(started.audit ?? [])],
  };
}

/** PUT /api/account/password: the account's own password changed, or why not. */
export function ownPasswordAnswer(username: string, result: OwnPasswordResult): Answered {
  if (result.outcome === 'wrong-current') return refusal(400, passwordMessages.wrongCurrent);
  if (result.outcome === 'refused') return refusal(400, result.message);
  return { status: 204, body: undefined, audit: [{ kind: 'password-changed', actor: username, subject: username }] };
}
