import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '#contract/team';
import { auditCsv, auditDetail } from './audit-entries.ts';

const entry = (fields: Partial<AuditEntry>): AuditEntry => ({
  seq: 1,
  at: '2026-11-26T04:35:16.123Z',
  kind: 'sign-in',
  actor: 'admin',
  subject: null,
  detail: null,
  ip: '203.0.113.7',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/142.0',
  ...fields,
});

describe('audit entries in words', () => {
  it('say how many clients an export or an import had, which role, why a sign-in was refused', () => {
    expect(auditDetail(entry({ kind: 'clients-exported', detail: '1' }))).toBe('1 client');
    expect(auditDetail(entry({ kind: 'clients-exported', detail: '50000' }))).toBe('50,000 clients');
    expect(auditDetail(entry({ kind: 'clients-imported', detail: '10000' }))).toBe('10,000 clients');
    expect(auditDetail(entry({ kind: 'role-changed', detail: 'owner' }))).toBe('Owner');
    expect(auditDetail(entry({ kind: 'sign-in-throttled', detail: 'throttled' }))).toBe('too many failed attempts');
    expect(auditDetail(entry({ kind: 'sign-in', detail: null }))).toBe('');
  });

  it('export as CSV with the time as recorded, the browser whole and every cell defused', () => {
    const csv = auditCsv([
      entry({ kind: 'clients-exported', detail: '12' }),
      entry({ seq: 2, kind: 'sign-in-failed', actor: '=cmd|x', ip: null, userAgent: 'Agent, "quoted"' }),
    ]);
    expect(csv).toBe(
      '\uFEFFWhen (UTC),What,Who,On what,Detail,IP,Browser\r\n' +
        '2026-11-26T04:35:16.123Z,Export CSV,admin,,12 clients,203.0.113.7,Mozilla/5.0 (X11; Linux x86_64) Chrome/142.0\r\n' +
        '2026-11-26T04:35:16.123Z,Sign-in failed,\'=cmd|x,,,,"Agent, ""quoted"""\r\n',
    );
  });
});
