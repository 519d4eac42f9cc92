import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiPaths } from '#contract/paths';
import { AuditEntryList, AuditPage, type AuditEntry, type AuditExportQuery } from '#contract/team';
import { apiRequest } from '../../../lib/api-client.ts';

/** What the trail is filtered by: an account (who did it or had it done to it), a kind. */
export type AuditFilter = AuditExportQuery;

/** Query keys for the audit trail, general to specific: invalidating `all` reaches every filter's pages. */
export const auditKeys = {
  all: ['audit'] as const,
  trails: () => [...auditKeys.all, 'trail'] as const,
  trail: (filter: AuditFilter) => [...auditKeys.trails(), filter] as const,
};

function searchOf({ account, kind }: AuditFilter, before?: number): string {
  const params = new URLSearchParams();
  if (account) params.set('account', account);
  if (kind) params.set('kind', kind);
  if (before !== undefined) params.set('before', String(before));
  const query = params.toString();
  return query ? `?${query}` : '';
}

export const auditQueries = {
  /** GET {host}/api/audit: 100 entries a page, newest first; each next page is older. */
  trail: (filter: AuditFilter) =>
    infiniteQueryOptions({
      queryKey: auditKeys.trail(filter),
      queryFn: ({ pageParam, signal }) => apiRequest(`${apiPaths.audit}${searchOf(filter, pageParam)}`, { schema: AuditPage, signal }),
      initialPageParam: undefined as number | undefined,
      getNextPageParam: (last) => last.nextBefore ?? undefined,
      // Who did what is asked again each time the page opens: entries are added all the time, and no event says so.
      staleTime: 0,
      // Who signed in from where stays out of the offline copy (features/offline): the page needs the connection.
      meta: { offlineCopy: false },
    }),
};

/** GET {host}/api/audit-export: every entry the filter matches, newest first, for "Export CSV". */
export function fetchAuditExport(filter: AuditFilter): Promise<AuditEntry[]> {
  return apiRequest(`${apiPaths.auditExport}${searchOf(filter)}`, { schema: AuditEntryList });
}
