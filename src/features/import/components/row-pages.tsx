import { formatCount } from './import-texts.ts';

type RowPagesProps = {
  /** The page shown, from 0, of `pages`. */
  current: number;
  pages: number;
  /** The shown page's first row (from 1), its last, and the rows in all. */
  first: number;
  last: number;
  total: number;
  onPage: (page: number) => void;
};

/** "Previous rows", "Rows 1–100 of 250", "Next rows". */
export function RowPages({ current, pages, first, last, total, onPage }: RowPagesProps) {
  return (
    <nav className="import-preview__pages" aria-label="Pages of rows">
      <button type="button" className="button button--small" disabled={current === 0} onClick={() => onPage(current - 1)}>
        Previous rows
      </button>
      <span>
        Rows {formatCount(first)}–{formatCount(last)} of {formatCount(total)}
      </span>
      <button type="button" className="button button--small" disabled={current === pages - 1} onClick={() => onPage(current + 1)}>
        Next rows
      </button>
    </nav>
  );
}
