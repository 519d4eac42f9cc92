import type { ReactNode } from 'react';
import { NOT_AVAILABLE_OFFLINE } from '../lib/reachability.ts';

type DataTableProps = {
  /** The table's own class (its look): `staff-table`; its message row's cell is `{className}__empty`. */
  className: string;
  columns: readonly string[];
  /** A last column for each row's buttons, named "Actions" for screen readers only. */
  actions?: boolean;
  /** Shown in one row across the columns instead of rows: loading, failed, none yet. */
  message?: string | undefined;
  children?: ReactNode;
};

/** A table that scrolls sideways inside its box (`.table-scroll`) on a narrow screen, never the page. */
export function DataTable({ className, columns, actions = false, message, children }: DataTableProps) {
  return (
    <div className="table-scroll">
      <table className={className}>
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
              <td colSpan={columns.length + (actions ? 1 : 0)} className={`${className}__empty`}>
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
