// The audit trail in words: what each kind of entry is called, its detail; and the trail as a CSV file.
import type { AuditEntry, AuditKind } from '#contract/team';
import { csvFileName, csvText, downloadCsv } from '../../../lib/csv.ts';

/** Each kind as the owner knows it: the buttons' own names for exports and erasures (issue 28). */
export const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
  'sign-in': 'Signed in',
  'sign-in-failed': 'Sign-in failed',
  'sign-in-throttled': 'Sign-in throttled',
  'sign-out': 'Signed out',
  'sessions-ended': 'Sessions ended',
  'password-changed': 'Password changed',
  'password-reset': 'Password reset',
  'account-added': 'Account added',
  'role-changed': 'Role changed',
  'account-disabled': 'Account disabled',
  'account-enabled': 'Account enabled',
  'clients-exported': 'Export CSV',
  'client-exported': 'Export data',
  'client-erased': 'Erase permanently',
  'clients-imported': 'Import clients',
  'import-undone': 'Undo import',
  'passkey-added': 'Passkey added',
  'passkey-removed': 'Passkey removed',
  'passkey-failed': 'Passkey step failed',
  'passkey-setting-changed': 'Ask for my passkey after my password',
  'service-added': 'Service added',
  'service-changed': 'Service changed',
  'service-removed': 'Service removed',
  'hours-changed': 'Working hours changed',
  'time-off-added': 'Time off added',
  'time-off-removed': 'Time off removed',
  'appointment-booked': 'Appointment booked',
  'appointment-moved': 'Appointment moved',
  'appointment-cancelled': 'Appointment cancelled',
  'appointment-restored': 'Appointment restored',
  'appointment-booked-online': 'Appointment booked online',
  'appointment-cancelled-online': 'Appointment cancelled online',
};

const ROLE_NAMES: Record<string, string> = { owner: 'Owner', staff: 'Staff' };
const THROTTLE_REASONS: Record<string, string> = {
  throttled: 'too many failed attempts',
  busy: 'too many sign-ins at once',
};

/** The detail in words: how many clients, the role, why a sign-in was refused; else as recorded. */
export function auditDetail({ kind, detail }: Pick<AuditEntry, 'kind' | 'detail'>): string {
  if (detail === null) return '';
  if ((kind === 'clients-exported' || kind === 'clients-imported') && /^\d+$/.test(detail)) {
    const count = Number(detail);
    return `${count.toLocaleString('en-US')} ${count === 1 ? 'client' : 'clients'}`;
  }
  if (kind === 'sign-in-throttled') return THROTTLE_REASONS[detail] ?? detail;
  return ROLE_NAMES[detail] ?? detail;
}

const HEADER = ['When (UTC)', 'What', 'Who', 'On what', 'Detail', 'IP', 'Browser'];

/** The entries as the page shows them, but each time as recorded (UTC, ISO 8601) and each browser whole. */
export function auditCsv(entries: readonly AuditEntry[]): string {
  const rows = entries.map((entry) => [
    entry.at,
    AUDIT_KIND_LABELS[entry.kind],
    entry.actor,
    entry.subject ?? '',
    auditDetail(entry),
    entry.ip ?? '',
    entry.userAgent ?? '',
  ]);
  return csvText(HEADER, rows);
}

/** audit-trail-YYYY-MM-DD.csv, on the salon's local date. */
export function downloadAuditCsv(entries: readonly AuditEntry[]): void {
  downloadCsv(auditCsv(entries), csvFileName('audit-trail'));
}
