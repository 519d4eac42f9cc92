import type { ReactNode } from 'react';
import { NOT_AVAILABLE_OFFLINE } from '../lib/reachability.ts';

/**
 * The shared look of a table of rows (`.data-table` in styles/global.css: cell padding, the header band, a line
 * between rows), at one of three densities: `compact` for many columns (the audit trail), `regular`, `roomy` for a
 * few columns with buttons (the staff list). Without one the table is its own class's alone (the client list's).
 */
type Density = 'compact' | 'regular' | 'roomy';

type DataTableProps = {
  /** The table's own class: `staff-table`; its message row's cell is `{className}__empty`. */
  className: string;
  density?: Density;
  /** Said to screen readers before the table (a visually hidden caption). */
  caption?: string;
  columns: readonly string[];
  /** A last column for each row's buttons, named "Actions" for screen readers only. */
  actions?: boolean;
  /** Shown in one row across the columns instead of rows: loading, failed, none yet. */
  message?: string | undefined;
  /** On a phone, each row a card and each cell named by its `data-label` (`.data-table--cards`): nothing to scroll. */
  cards?: boolean;
  /**
   * For a table that scrolls sideways in its box on a phone rather than fold into cards (the audit trail): the box's
   * name, a region a keyboard can focus and then scroll with the arrow keys.
   */
  scrollLabel?: string;
  children?: ReactNode;
};

/** A table that scrolls sideways inside its box (`.table-scroll`) on a narrow screen, or folds into cards, never the page. */
export function DataTable(props: DataTableProps) {
  const { className, density, caption, columns, actions = false, message, cards = false, scrollLabel, children } = props;
  const look = `${density === undefined ? '' : `data-table data-table--${density} `}${cards ? 'data-table--cards ' : ''}`;
  const region = scrollLabel === undefined ? {} : { role: 'region', 'aria-label': scrollLabel, tabIndex: 0 };
  return (
    <div className="table-scroll" {...region}>
      <table className={`${look}${className}`}>
        {caption !== undefined && <caption className="visually-hidden">{caption}</caption>}
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
            {actions && (
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {children}
          {message !== undefined && (
            <tr>
              <td
                colSpan={columns.length + (actions ? 1 : 0)}
                className={`${density === undefined ? '' : 'data-table__empty '}${className}__empty`}
              >
                {message}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

/**
 * What a table says while its query has nothing to show: "Loading…", offline that it is not available (the query
 * waits, paused, for the connection), `failed` when it failed; undefined once it has data.
 */
export function queryStatusMessage(query: { isPending: boolean; isPaused: boolean; isError: boolean }, failed: string) {
  if (query.isPending) return query.isPaused ? NOT_AVAILABLE_OFFLINE : 'Loading…';
  return query.isError ? failed : undefined;
}
