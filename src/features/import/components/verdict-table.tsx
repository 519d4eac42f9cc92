import { useMemo, useState } from 'react';
import { verdictText, type ImportRow, type RowVerdict, type VerdictKind } from '#contract/import';
import { DataTable } from '../../../components/data-table.tsx';
import { RowPages } from './row-pages.tsx';
import { VerdictCounts } from './verdict-counts.tsx';
import { VerdictFilter, type VerdictFilterValue } from './verdict-filter.tsx';

/** Rows shown at once: a page of the preview, so that a file of 10,000 rows stays quick. */
const PAGE_SIZE = 100;
const COLUMNS = ['Row', 'First name', 'Last name', 'Email', 'Registration', 'Verdict'];

type VerdictTableProps = {
  rows: readonly ImportRow[];
  verdicts: readonly RowVerdict[];
  counts: Record<VerdictKind, number>;
};

/** The import preview's rows (issue 29): each verdict's count, a filter by verdict, and the rows a page at a time. */
export function VerdictTable({ rows, verdicts, counts }: VerdictTableProps) {
  const [filter, setFilter] = useState<VerdictFilterValue>('all');
  const [page, setPage] = useState(0);
  const shown = useMemo(
    () => verdicts.flatMap((verdict, index) => (filter === 'all' || verdict.kind === filter ? [index] : [])),
    [verdicts, filter],
  );
  const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const onPage = shown.slice(current * PAGE_SIZE, (current + 1) * PAGE_SIZE);

  return (
    <div className="import-preview__verdicts">
      <VerdictCounts counts={counts} />
      <VerdictFilter
        value={filter}
        onChange={(chosen) => {
          setFilter(chosen);
          setPage(0);
        }}
        total={verdicts.length}
        counts={counts}
      />
      <DataTable
        className="import-table"
        density="regular"
        cards
        caption="The file’s rows and what the import does with each"
        columns={COLUMNS}
        message={onPage.length === 0 ? 'No rows with this verdict.' : undefined}
      >
        {onPage.map((index) => {
          const row = rows[index];
          const verdict = verdicts[index];
          return row && verdict && <VerdictRow key={index} number={index + 1} row={row} verdict={verdict} />;
        })}
      </DataTable>
      {pages > 1 && (
        <RowPages
          current={current}
          pages={pages}
          first={current * PAGE_SIZE + 1}
          last={current * PAGE_SIZE + onPage.length}
          total={shown.length}
          onPage={setPage}
        />
      )}
    </div>
  );
}

/** One of the file's rows (`number` from 1), its values as read and its verdict. */
function VerdictRow({ number, row, verdict }: { number: number; row: ImportRow; verdict: RowVerdict }) {
  return (
    <tr className={`import-table__row--${verdict.kind}`}>
      <td data-label="Row">{number}</td>
      <td data-label="First name">{row.firstName}</td>
      <td data-label="Last name">{row.lastName}</td>
      <td data-label="Email" className="import-table__email">
        {row.email}
      </td>
      <td data-label="Registration">{row.registrationDateTime ?? ''}</td>
      <td data-label="Verdict">{verdictText(verdict)}</td>
    </tr>
  );
}
