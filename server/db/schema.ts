/**
 * The tables as Kysely sees them. Column names are snake_case (portable to PostgreSQL
 * without quoting); repositories map rows to the contract's camelCase shapes. Times are
 * ISO 8601 UTC text, which sorts and compares correctly as text in SQLite and PostgreSQL.
 */
import type { ColumnType, Generated } from 'kysely';
import type { ChangeKind } from '#contract/api';
import type { ChallengePurpose } from '#contract/passkey-ceremonies';
import type { AuditKind, Role } from '#contract/team';

export interface ClientsTable {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  registration_date_time: string;
  created_at: string;
  updated_at: string;
  /** Counts the client's changes: its number of entries in client_changes (the ETag's `"v3"`). */
  version: ColumnType<number, number | undefined, number>;
  /** Set while the client is in "Recently deleted" (purged after DELETED_CLIENTS_KEEP_DAYS). */
  deleted_at: string | null;
  deleted_by: string | null;
}

/** The change log: one entry per write of a client, in the same transaction (repositories/client-log.ts). */
export interface ClientChangesTable {
  /** Generated; PostgreSQL's bigint arrives as a string. */
  seq: Generated<number | string>;
  client_id: string;
  version: number;
  kind: ChangeKind;
  /** The staff account's username ("unknown" before the log existed). */
  actor: string;
  at: string;
  /** The client's fields as JSON text (ClientFields), or null. */
  before: string | null;
  after: string | null;
  /** The import (or its undo) that wrote it, shared by all its entries; null for a write of one client (migration 0008). */
  batch_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One row: the highest `seq` a purge of deleted clients removed (0 before any), below which the log has gaps. */
interface ClientChangesPurgedTable {
  through: number | string;
}

/** The Idempotency-Key of a registration, per staff account, kept 24 hours (contract/idempotency-key.ts). */
interface IdempotencyKeysTable {
  actor: string;
  key: string;
  client_id: string;
  created_at: string;
}

/** One import of clients (issue 29), listed and undoable for IMPORT_UNDO_DAYS; its log entries have its id as batch_id. */
export interface ImportsTable {
  id: string;
  at: string;
  actor: string;
  file_name: string;
  existing: 'skip' | 'update';
  created: number;
  updated: number;
  skipped: number;
  undone_at: string | null;
  undone_by: string | null;
  /** JSON text: the clients the undo left as they were (ClientNamed[]). */
  undone_left: string | null;
  /** The request's Idempotency-Key, and a hash of what it sent (a retry answers this import again). */
  idempotency_key: string | null;
  request_hash: string | null;
}

/** One merge of two clients (issue 29), undoable for MERGE_UNDO_DAYS; its two log entries have its id as batch_id. */
export interface MergesTable {
  id: string;
  at: string;
  actor: string;
  kept_id: string;
  other_id: string;
  kept_version: number;
  /** JSON text: ClientFields before and after the merge, and the choices (MergeChoices). */
  kept_before: string;
  kept_after: string;
  fields: string;
  /** JSON text: the other client's row as it was (OtherRow in repositories/merges.ts). */
  other_row: string;
  /** JSON text: the ids of the other client's appointments the merge gave the kept client (migration 0014). */
  moved_appointments: Generated<string>;
  undone_at: string | null;
  undone_by: string | null;
}

export interface StaffTable {
  id: string;
  /** Stored lower-case: usernames are matched without regard to case. */
  username: string;
  /** `$scrypt$ln=…,r=…,p=…$salt$hash`: the parameters travel with the hash. */
  password_hash: string;
  created_at: string;
  password_changed_at: string;
  /** The accounts of a database older than roles became owners (migration 0007). */
  role: Role;
  /** Set while the account is disabled: it cannot sign in, and had its sessions ended. */
  disabled_at: string | null;
  last_sign_in_at: string | null;
  /** 1 when a password alone no longer signs the account in: its passkey is asked for after it (migration 0010). */
  passkey_after_password: ColumnType<number, number | undefined, number>;
}

export interface SessionsTable {
  /** SHA-256 of the cookie's token: a copy of the database does not hold live tokens. */
  token_hash: string;
  staff_id: string;
  created_at: string;
  last_seen_at: string;
  /** Names the session on My account (the token's hash is never sent). */
  id: string;
  ip: string | null;
  user_agent: string | null;
}

/** A one-time sign-in link: the token's SHA-256, as for sessions. */
interface SignInLinksTable {
  token_hash: string;
  staff_id: string;
  created_at: string;
  expires_at: string;
}

/** A passkey (issue 30): a WebAuthn credential of one account; `id` is the credential id (base64url). */
export interface PasskeysTable {
  id: string;
  staff_id: string;
  name: string;
  /** The COSE public key, base64url. */
  public_key: string;
  /** The signature counter last seen (PostgreSQL's bigint arrives as a string). */
  counter: number | string;
  /** JSON text: the transports the browser reported. */
  transports: string;
  created_at: string;
  last_used_at: string | null;
}

/** A challenge handed out for one ceremony, until `expires_at`; spent by deleting it. */
interface PasskeyChallengesTable {
  challenge: string;
  purpose: ChallengePurpose;
  /** The account it is bound to; null for a sign-in with no username. */
  staff_id: string | null;
  expires_at: string;
}

/** The audit trail: append-only (the databases refuse changes, migration 0007), purged after AUDIT_KEEP_DAYS. */
export interface AuditEntriesTable {
  seq: Generated<number | string>;
  at: string;
  kind: AuditKind;
  actor: string;
  subject: string | null;
  detail: string | null;
  ip: string | null;
  user_agent: string | null;
}

/** A service the salon offers (migration 0011): a removed one stays on its appointments and is no longer offered. */
export interface ServicesTable {
  id: string;
  name: string;
  duration_minutes: number;
  /** Minor units of SALON_CURRENCY, or null. */
  price: number | null;
  created_at: string;
  removed_at: string | null;
}

/** A member's working week (contract/book.ts's WorkingHours as JSON text); no row: no hours, no appointments. */
interface WorkingHoursTable {
  staff_id: string;
  hours: string;
  updated_at: string;
}

/** A member's time off, from its first to its last day (the salon's local dates), both included. */
interface TimeOffTable {
  id: string;
  staff_id: string;
  first_day: string;
  last_day: string;
  created_at: string;
}

/** An appointment (migration 0012): a member's time for a client and a service; never two of a member at once. */
export interface AppointmentsTable {
  id: string;
  /** Null once the client was erased. */
  client_id: string | null;
  service_id: string;
  staff_id: string;
  /** Epoch milliseconds, half-open (PostgreSQL's bigint arrives as a string). */
  start_ms: number | string;
  end_ms: number | string;
  status: 'booked' | 'cancelled';
  /** Counts the appointment's changes: its number of entries in appointment_changes (the ETag's `"v3"`). */
  version: number;
  created_at: string;
  updated_at: string;
  /** Who booked it, and the Idempotency-Key they sent (null without one, or once older than 24 hours). */
  booked_by: string;
  idempotency_key: string | null;
  /** Set (the deletion's time) when the client's deletion cancelled it: the deletion's Undo books it back (migration 0014). */
  cancelled_with_client: string | null;
  /** 1 when a visitor booked it on the landing page (migration 0015), else 0. */
  online: Generated<number>;
}

/** A time a visitor holds while they type (migration 0015): no two open holds of a member share a moment. */
interface BookingHoldsTable {
  token_hash: string;
  staff_id: string;
  service_id: string;
  /** Epoch milliseconds (PostgreSQL's bigint arrives as a string): the time held, and when the hold is open. */
  start_ms: number | string;
  end_ms: number | string;
  held_from_ms: number | string;
  expires_ms: number | string;
  /** The connection's address. */
  visitor: string;
}

/** An online booking's cancel link: its token's hash, used once. */
interface BookingCancelLinksTable {
  token_hash: string;
  appointment_id: string;
  created_at: string;
  used_at: string | null;
}

/** What an online booking keeps beside the client: the phone, and when they agreed to offers by email. */
interface ClientDetailsTable {
  client_id: string;
  phone: string | null;
  offers_consent_at: string | null;
  updated_at: string;
}

/** The visitors' bookings and holds within the rate limits' hour (`booking:<address>`, `hold:<address>`). */
interface BookingRequestsTable {
  id: string;
  key: string;
  at_ms: number | string;
}

/** An appointment's own history: one entry per write, in the same transaction (repositories/appointment-log.ts). */
interface AppointmentChangesTable {
  seq: Generated<number | string>;
  appointment_id: string;
  version: number;
  kind: 'booked' | 'moved' | 'cancelled' | 'restored' | 'client-changed';
  actor: string;
  at: string;
  /** JSON text: the appointment's member, times and status (AppointmentState), before (null when booked) and after. */
  before: string | null;
  after: string;
}

/** PostgreSQL only: a counter per group of tables, bumped by triggers on every change (postgres.ts). */
interface DataVersionsTable {
  name: 'clients' | 'auth' | 'book';
  version: string;
}

/** PostgreSQL only: the shared login throttle's failures and logins in flight (auth/shared-login-throttle.ts). */
interface LoginAttemptsTable {
  id: string;
  /** `account:<username>` or `address:<ip>`. */
  key: string;
  at: string;
  state: 'in_flight' | 'failed';
}

/** An email to send (migration 0016): written with what it tells, sent once by the sender (server/email/sender.ts). */
export interface OutboxTable {
  id: string;
  /** `<id@domain>`, fixed when written: every attempt sends the same. */
  message_id: string;
  recipient: string;
  subject: string;
  text: string;
  html: string;
  /** JSON text: EmailAttachment[]. */
  attachments: string;
  created_at: string;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: string;
  claimed_by: string | null;
  claimed_until: string | null;
  sent_at: string | null;
  last_error: string | null;
  logged_at: string | null;
  /** The client it is written to (erased with them: migration 0018); null for none. */
  client_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface Database {
  booking_holds: BookingHoldsTable;
  booking_cancel_links: BookingCancelLinksTable;
  client_details: ClientDetailsTable;
  booking_requests: BookingRequestsTable;
  clients: ClientsTable;
  client_changes: ClientChangesTable;
  client_changes_purged: ClientChangesPurgedTable;
  idempotency_keys: IdempotencyKeysTable;
  imports: ImportsTable;
  merges: MergesTable;
  staff: StaffTable;
  sessions: SessionsTable;
  data_versions: DataVersionsTable;
  login_attempts: LoginAttemptsTable;
  sign_in_links: SignInLinksTable;
  audit_entries: AuditEntriesTable;
  passkeys: PasskeysTable;
  passkey_challenges: PasskeyChallengesTable;
  services: ServicesTable;
  working_hours: WorkingHoursTable;
  time_off: TimeOffTable;
  appointments: AppointmentsTable;
  appointment_changes: AppointmentChangesTable;
  outbox: OutboxTable;
}
