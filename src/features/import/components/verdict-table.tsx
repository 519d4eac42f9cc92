import { useId, useMemo, useState } from 'react';
import { VERDICT_LABELS, verdictText, type ImportRow, type RowVerdict, type VerdictKind } from '#contract/import';
import { DataTable } from '../../../components/data-table.tsx';
import { formatCount } from './import-texts.ts';

/** Rows shown at once: a page of the preview, so that a file of 10,000 rows stays quick. */
const PAGE_SIZE = 100;
const VERDICT_KINDS = Object.keys(VERDICT_LABELS) as VerdictKind[];
const COLUMNS = ['Row', 'First name', 'Last name', 'Email', 'Registration', 'Verdict'];

type Filter = VerdictKind | 'all';

type VerdictTableProps = {
  rows: readonly ImportRow[];
  verdicts: readonly RowVerdict[];
  counts: Record<VerdictKind, number>;
};

/** The import preview's rows (issue 29): each verdict's count, a filter by verdict, and the rows a page at a time. */
export function VerdictTable({ rows, verdicts, counts }: VerdictTableProps) {
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState(0);
  const filterId = useId();
  const shown = useMemo(
    () => verdicts.flatMap((verdict, index) => (filter === 'all' || verdict.kind === filter ? [index] : [])),
    [verdicts, filter],
  );
  const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const onPage = shown.slice(current * PAGE_SIZE, (current + 1) * PAGE_SIZE);

  return (
    <div className="import-preview__verdicts">
      <ul className="import-preview__counts" aria-label="Rows by verdict">
        {VERDICT_KINDS.map((kind) => (
          <li key={kind}>
            {VERDICT_LABELS[kind]}: {formatCount(counts[kind])}
          </li>
        ))}
      </ul>
      <div className="form__field import-preview__filter">
        <label htmlFor={filterId}>Show</label>
        <select
          id={filterId}
          value={filter}
          onChange={(event) => {
            setFilter(event.target.value as Filter);
            setPage(0);
          }}
        >
          <option value="all">All rows ({formatCount(verdicts.length)})</option>
          {VERDICT_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {VERDICT_LABELS[kind]} ({formatCount(counts[kind])})
            </option>
          ))}
        </select>
      </div>
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
          return (
            row &&
            verdict && (
              <tr key={index} className={`import-table__row--${verdict.kind}`}>
                <td data-label="Row">{index + 1}</td>
                <td data-label="First name">{row.firstName}</td>
                <td data-label="Last name">{row.lastName}</td>
                <td data-label="Email" className="import-table__email">
                  {row.email}
                </td>
                <td data-label="Registration">{row.registrationDateTime ?? ''}</td>
                <td data-label="Verdict">{verdictText(verdict)}</td>
              </tr>
            )
          );
        })}
      </DataTable>
      {pages > 1 && (
        <nav className="import-preview__pages" aria-label="Pages of rows">
          <button type="button" className="button button--small" disabled={current === 0} onClick={() => setPage(current - 1)}>
            Previous rows
          </button>
          <span>
            Rows {formatCount(current * PAGE_SIZE + 1)}–{formatCount(current * PAGE_SIZE + onPage.length)} of {formatCount(shown.length)}
          </span>
          <button type="button" className="button button--small" disabled={current === pages - 1} onClick={() => setPage(current + 1)}>
            Next rows
          </button>
        </nav>
      )}
    </div>
  );
}
