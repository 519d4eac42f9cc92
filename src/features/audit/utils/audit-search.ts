import { isAuditKind } from '#contract/audit-kinds';
import type { AuditFilter } from '../api/audit-queries.ts';

/**
 * The filters in the address (`/audit?account=sam&kind=sign-in`), so that a reload or Back shows the same entries. The
 * router reads `?account=1234` as a number: an account is taken back as text; anything else unknown is dropped.
 */
export function parseAuditSearch(search: Record<string, unknown>): AuditFilter {
  const raw = typeof search.account === 'number' ? String(search.account) : search.account;
  const account = typeof raw === 'string' && raw.trim() !== '' ? raw.trim().slice(0, 64) : undefined;
  return { ...(account === undefined ? {} : { account }), ...(isAuditKind(search.kind) ? { kind: search.kind } : {}) };
}
