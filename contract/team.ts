/**
 * The owner runs the team (issue 28): roles, staff accounts, sign-in links, sessions and the audit trail, one
 * reading for the server and the mock (docs/decisions/026-roles-and-the-audit-trail.md).
 */
import { z } from 'zod';
import { AUDIT_KINDS, type AuditKind as Kind } from './audit-kinds.ts';
import { atMostCharacters } from './text.ts';
import { HOUR_MS } from './time-windows.ts';

/** Every account keeps what SPEC.md gives a logged-in user; an owner may also export, erase and run the team. */
export const Role = z.enum(['owner', 'staff']);
export type Role = z.infer<typeof Role>;

/** GET /api/me: who this session is, so the SPA shows only what the server will allow. */
export const Me = z.object({ username: z.string(), role: Role });
export type Me = z.infer<typeof Me>;

/** 503 while too many sign-ins are checked at once (the hashing slots), or too many passkey challenges are open. */
export const LOGINS_BUSY = 'Too many logins at once, try again in a moment';

/** An account as the last-owner rule sees it. */
export type OwnerStanding = { role: Role; disabled: boolean };

/** An owner whose account is not disabled: the salon always keeps at least one. */
const isActiveOwner = ({ role, disabled }: OwnerStanding): boolean => role === 'owner' && !disabled;

/**
 * The last-owner rule, for the server and the mock: a change of role or status that takes an active owner away is
 * refused when that owner is the only one. `activeOwners` counts every active owner before the change, this one included.
 */
export function leavesNoOwner(before: OwnerStanding, after: OwnerStanding, activeOwners: number): boolean {
  return isActiveOwner(before) && !isActiveOwner(after) && activeOwners <= 1;
}

/** What an owner-only route answers anyone else, with 403: "Only an owner can …". */
export const ownerOnly = {
  eraseClient: 'Only an owner can erase a client.',
  exportClients: 'Only an owner can export clients.',
  exportClient: 'Only an owner can export a client’s data.',
  manageStaff: 'Only an owner can manage staff.',
  readAudit: 'Only an owner can see the audit trail.',
  importClients: 'Only an owner can import clients.',
  manageServices: 'Only an owner can manage services.',
  manageHours: 'Only an owner can set a colleague’s working hours.',
  readOutbox: 'Only an owner can see the outbox.',
} as const;

/** 3 to 32 letters, digits, dots, dashes or underscores; stored lower-case (usernames match without regard to case). */
export const USERNAME_RULE = 'Use 3 to 32 letters, digits, dots, dashes or underscores.';
export const Username = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._-]{3,32}$/, USERNAME_RULE)
  .transform((value) => value.toLowerCase());

/** How an account's name is looked up: usernames match without regard to case or surrounding spaces. */
export function normalizeUsername(username: string): string {
  return username.trim().toLowerCase();
}

/** NIST SP 800-63B: length, no composition rules, not a common or breached password. */
export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 1024;
export const passwordMessages = {
  tooShort: 'Use at least 12 characters.',
  tooLong: atMostCharacters(MAX_PASSWORD_LENGTH),
  tooCommon: 'This password is too common. Choose another.',
  mismatch: 'The passwords do not match.',
  wrongCurrent: 'Your current password is not right.',
} as const;
/** The length rule; the list of common passwords is the server's (it does not travel to the browser). */
export const NewPassword = z
  .string()
  .min(MIN_PASSWORD_LENGTH, passwordMessages.tooShort)
  .max(MAX_PASSWORD_LENGTH, passwordMessages.tooLong);

const AccountStatus = z.enum(['active', 'disabled']);

/** A row of the staff page. */
export const StaffMember = z.object({
  username: z.string(),
  role: Role,
  status: AccountStatus,
  lastSignInAt: z.iso.datetime({ offset: true }).nullable(),
  /** Open sessions. */
  sessions: z.number().int().nonnegative(),
});
export type StaffMember = z.infer<typeof StaffMember>;
export const StaffList = z.array(StaffMember);

/** POST /api/staff. */
export const NewStaffMember = z.strictObject({ username: Username, role: Role });
export type NewStaffMember = z.input<typeof NewStaffMember>;

/** PATCH /api/staff/:username: a role, or disabled / enabled. */
export const StaffChange = z.strictObject({ role: Role.optional(), status: AccountStatus.optional() });
export type StaffChange = z.infer<typeof StaffChange>;

export const LAST_OWNER = 'There must be at least one active owner.';
export const USERNAME_TAKEN = 'That username is already taken.';
export const NO_SUCH_ACCOUNT = 'No staff account has that username.';
export const NO_SUCH_SESSION = 'This account has no such session.';

/**
 * What a role or status change comes to, on the server and in the mock: the last-owner rule refuses it, or the
 * account's standing after it; disabling an account ends its sessions and its sign-in links.
 */
export function planStaffChange(before: OwnerStanding, { role, status }: StaffChange, activeOwners: number) {
  const after: OwnerStanding = { role: role ?? before.role, disabled: status === undefined ? before.disabled : status === 'disabled' };
  if (leavesNoOwner(before, after, activeOwners)) return { outcome: 'last-owner' } as const;
  return { outcome: 'apply', after, disables: !before.disabled && after.disabled } as const;
}

/** What the audit trail records of a change (the role, disabled, enabled), the session's account as its actor. */
export function staffChangeAudit(before: OwnerStanding, after: StaffMember): Array<{ kind: AuditKind; detail?: string }> {
  const disabled = after.status === 'disabled';
  return [
    ...(after.role === before.role ? [] : [{ kind: 'role-changed' as const, detail: after.role }]),
    ...(disabled === before.disabled ? [] : [{ kind: disabled ? ('account-disabled' as const) : ('account-enabled' as const) }]),
  ];
}

/** POST /welcome-links/:token's outcome: the link no longer works, the password is refused, or set for `account`. */
export type LinkUseResult<Account> =
  { outcome: 'expired' } | { outcome: 'refused'; message: string } | { outcome: 'set'; account: Account };

/** PUT /api/account/password's outcome. */
export type OwnPasswordResult = { outcome: 'wrong-current' } | { outcome: 'refused'; message: string } | { outcome: 'changed' };

/** A one-time sign-in link, shown once to the owner who made it: `/welcome/{token}`, valid 24 hours. */
export const SignInLink = z.object({ path: z.string(), expiresAt: z.iso.datetime({ offset: true }) });
export type SignInLink = z.infer<typeof SignInLink>;
export const StaffMemberWithLink = z.object({ member: StaffMember, link: SignInLink });
const SIGN_IN_LINK_HOURS = 24;

/** A link's token: 128 random bits, base64url (22 characters). */
export const SIGN_IN_LINK_TOKEN = /^[A-Za-z0-9_-]{22}$/;

/** A new sign-in link made at `createdMs`: its token (kept by the store, hashed on the server) and what the owner is shown. */
export function newSignInLink(createdMs: number): { token: string; link: SignInLink } {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const token = btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
  return { token, link: { path: `/welcome/${token}`, expiresAt: new Date(createdMs + SIGN_IN_LINK_HOURS * HOUR_MS).toISOString() } };
}
export const SIGN_IN_LINK_EXPIRED = 'This sign-in link has expired. Ask the salon’s owner for a new one.';

/** GET /welcome-links/:token: whose link it is. POST it with the new password to set it and be logged in. */
export const WelcomeLink = z.object({ username: z.string() });
export const SetPasswordRequest = z.strictObject({ password: z.string().max(MAX_PASSWORD_LENGTH) });

/** PUT /api/account/password. */
export const ChangePasswordRequest = z.strictObject({
  currentPassword: z.string().max(MAX_PASSWORD_LENGTH),
  newPassword: z.string().max(MAX_PASSWORD_LENGTH),
});

/** A row of "Your sessions" on My account. */
export const AccountSession = z.object({
  id: z.string(),
  /** From the User-Agent, e.g. "Chrome 142 on Android"; null when the browser did not say. */
  browser: z.string().nullable(),
  system: z.string().nullable(),
  ip: z.string().nullable(),
  signedInAt: z.iso.datetime({ offset: true }),
  lastUsedAt: z.iso.datetime({ offset: true }),
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof AccountSession>;
export const AccountSessionList = z.array(AccountSession);

/** What the audit trail records. */
export const AuditKind = z.enum(AUDIT_KINDS);
export type AuditKind = Kind;

export const AuditEntry = z.object({
  seq: z.number().int().positive(),
  at: z.iso.datetime({ offset: true }),
  kind: AuditKind,
  /** Who did it: the account, or for a sign-in the username tried. */
  actor: z.string(),
  /** What it was done to: an account's username or a client's id; null when nothing. */
  subject: z.string().nullable(),
  /** What else it says: how many clients were exported, the new role. */
  detail: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;
export const AuditPage = z.object({ entries: z.array(AuditEntry), nextBefore: z.number().int().positive().nullable() });
export type AuditPage = z.infer<typeof AuditPage>;
export const AuditQuery = z.object({
  account: z.string().max(64).optional(),
  kind: AuditKind.optional(),
  /** Entries older than this seq (the next page). */
  before: z.coerce.number().int().positive().optional(),
});
export type AuditQuery = z.infer<typeof AuditQuery>;
/** GET /api/audit-export: every entry the filters match, newest first (the page's own "Export CSV"). */
export const AuditExportQuery = AuditQuery.omit({ before: true });
export type AuditExportQuery = z.infer<typeof AuditExportQuery>;
export const AuditEntryList = z.array(AuditEntry);
/** A page of the trail holds this many entries. */
export const AUDIT_PAGE_SIZE = 100;
/** A page of the trail from the entries older than its `before`, newest first: `size + 1` of them tell there are more. */
export function auditPageOf(older: readonly AuditEntry[], size: number): AuditPage {
  const entries = older.slice(0, size);
  return { entries, nextBefore: older.length > size ? (entries.at(-1)?.seq ?? null) : null };
}

/** The least AUDIT_KEEP_DAYS accepted: the databases refuse to remove a younger entry. */
export const MIN_AUDIT_KEEP_DAYS = 30;
