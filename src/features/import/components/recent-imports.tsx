import type { UseQueryResult } from '@tanstack/react-query';
import type { ImportSummary } from '#contract/import';
import { DataTable, queryStatusMessage } from '../../../components/data-table.tsx';
import { localDateTime } from '../../../lib/local-time.ts';
import { clientsWritten, formatCount, leftAsChangedText } from './import-texts.ts';

const COLUMNS = ['When', 'By', 'File', 'Clients', 'Undone'];

type RecentImportsProps = {
  imports: UseQueryResult<ImportSummary[]>;
  undoing: boolean;
  onUndo: (importId: string) => void;
};

/** The last 30 days' imports (issue 29): when, by whom, how many, and "Undo import" on those not taken back. */
export function RecentImports({ imports, undoing, onUndo }: RecentImportsProps) {
  return (
    <section className="import-recent" aria-labelledby="import-recent-title">
      <h2 id="import-recent-title">Recent imports</h2>
      <DataTable
        className="import-recent__table"
        density="regular"
        cards
        columns={COLUMNS}
        actions
        message={
          queryStatusMessage(imports, 'The recent imports could not be loaded.') ??
          (imports.data?.length === 0 ? 'No imports in the last 30 days.' : undefined)
        }
      >
        {imports.data?.map((summary) => (
          <tr key={summary.id}>
            <td id={`import-${summary.id}-when`} data-label="When">
              <time dateTime={summary.at}>{localDateTime(summary.at)}</time>
            </td>
            <td data-label="By">{summary.by}</td>
            <td data-label="File" className="import-recent__file">
              {summary.fileName}
            </td>
            <td data-label="Clients">
              {formatCount(clientsWritten(summary))}
              {summary.updated > 0 && ` (${formatCount(summary.updated)} updated)`}
            </td>
            <td data-label="Undone" className="import-recent__undone">
              {summary.undone ? (
                <>
                  {localDateTime(summary.undone.at)} by {summary.undone.by}
                  {summary.undone.leftAsChanged.length > 0 && <p>{leftAsChangedText(summary.undone.leftAsChanged)}</p>}
                </>
              ) : (
                'No'
              )}
            </td>
            <td>
              {!summary.undone && (
                <button
                  type="button"
                  className="button button--small"
                  aria-describedby={`import-${summary.id}-when`}
                  disabled={undoing}
                  onClick={() => onUndo(summary.id)}
                >
                  Undo import
                </button>
              )}
            </td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}
