import { useInfiniteQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { ActionFailure } from '../components/action-failure.tsx';
import { ExportCsvButton } from '../components/export-csv-button.tsx';
import { queryStatusMessage } from '../components/data-table.tsx';
import { isRefusedToStaff, OwnerOnlyNotice } from '../components/owner-only.tsx';
import { auditQueries, type AuditFilter } from '../features/audit/api/audit-queries.ts';
import { useExportAuditCsv } from '../features/audit/api/export-audit.ts';
import { AuditFilters } from '../features/audit/components/audit-filters.tsx';
import { AuditTable } from '../features/audit/components/audit-table.tsx';
import { parseAuditSearch } from '../features/audit/utils/audit-search.ts';
import { requireLogin } from '../lib/require-login.ts';

/**
 * The audit trail (issue 28), an owner's page: who used which access, newest first, by account and by kind, 100 entries
 * at a time, and its own "Export CSV". The server decides who may see it: staff who open it by its address get 403,
 * and the page says so.
 */
export const Route = createFileRoute('/audit')({
  validateSearch: parseAuditSearch,
  beforeLoad: requireLogin,
  head: () => ({ meta: [{ title: 'Audit trail · Your Beauty Salon' }] }),
  component: AuditTrailPage,
});

const count = (value: number) => value.toLocaleString('en-US');

function AuditTrailPage() {
  const filter = Route.useSearch();
  const navigate = Route.useNavigate();
  const trail = useInfiniteQuery(auditQueries.trail(filter));
  const exportCsv = useExportAuditCsv();

  if (isRefusedToStaff(trail.error)) {
    return (
      <div className="page">
        <h1 className="page__title">Audit trail</h1>
        <OwnerOnlyNotice />
      </div>
    );
  }

  const entries = trail.data?.pages.flatMap((page) => page.entries) ?? [];
  const filtered = filter.account !== undefined || filter.kind !== undefined;
  const emptyMessage =
    queryStatusMessage(trail, 'The audit trail could not be loaded.') ?? (filtered ? 'No entries match these filters.' : 'No entries yet.');
  const onFilter = (next: AuditFilter) => void navigate({ search: next });

  return (
    <div className="page">
      <h1 className="page__title">Audit trail</h1>
      <AuditFilters key={`${filter.account ?? ''}`} filter={filter} onFilter={onFilter}>
        <ExportCsvButton className="audit-filters__export" pending={exportCsv.isPending} onExport={() => exportCsv.mutate(filter)} />
      </AuditFilters>
      <ActionFailure error={exportCsv.error} failed="The audit trail could not be exported" />
      <AuditTable entries={entries} emptyMessage={emptyMessage} />
      <div className="audit-trail__more">
        <p className="audit-trail__count" role="status">
          {trail.isSuccess &&
            `${count(entries.length)} ${entries.length === 1 ? 'entry' : 'entries'} shown${trail.hasNextPage ? '' : ', the oldest included'}`}
        </p>
        {trail.hasNextPage && (
          <button type="button" className="button" disabled={trail.isFetchingNextPage} onClick={() => void trail.fetchNextPage()}>
            Show older entries
          </button>
        )}
        {trail.isFetchNextPageError && (
          <p className="form__error" role="alert">
            The older entries could not be loaded. Try again.
          </p>
        )}
      </div>
    </div>
  );
}
