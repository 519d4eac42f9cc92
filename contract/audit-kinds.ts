/**
 * What the audit trail records (issue 28), without zod: the /audit route reads its address with them, and route
 * definitions are in what every page loads first, the landing page included (zod is 28 KiB of gzip there).
 */
export const AUDIT_KINDS = [
  'sign-in',
  'sign-in-failed',
  'sign-in-throttled',
  'sign-out',
  'sessions-ended',
  'password-changed',
  'password-reset',
  'account-added',
  'role-changed',
  'account-disabled',
  'account-enabled',
  'clients-exported',
  'client-exported',
  'client-erased',
  'clients-imported',
  'import-undone',
  'passkey-added',
  'passkey-removed',
  'passkey-failed',
  'passkey-setting-changed',
  'service-added',
  'service-changed',
  'service-removed',
  'hours-changed',
  'time-off-added',
  'time-off-removed',
  'appointment-booked',
  'appointment-moved',
  'appointment-cancelled',
  'appointment-restored',
  'appointment-booked-online',
  'appointment-cancelled-online',
] as const;

export function isAuditKind(value: unknown): value is (typeof AUDIT_KINDS)[number] {
  return (AUDIT_KINDS as readonly unknown[]).includes(value);
}

export type AuditKind = (typeof AUDIT_KINDS)[number];
