import type { CSSProperties } from 'react';
import type { Client } from '#contract/api';
import { ROW_HEIGHT_REM, useVirtualRows } from '../hooks/use-virtual-rows.ts';
import type { ClientListView, SortColumn } from '../utils/list-view-search.ts';
import type { WaitingMark } from '../utils/waiting-rows.ts';
import { ClientRow } from './client-row.tsx';
import { ClientsTableHead } from './clients-table-head.tsx';
import './clients-table.css';

type ClientsTableProps = {
  clients: readonly Client[];
  /** Shown in place of rows when the list is empty; none after a failed load. */
  emptyMessage?: string;
  /** The column the rows are sorted by, if any: its header says so. */
  sort?: Pick<ClientListView, 'sort' | 'dir'>;
  /** A header was pressed: sort by its column, or reverse when it is already the one. */
  onSort?: (column: SortColumn) => void;
  /** Rows with a change made offline that the server does not have yet, by client id. */
  marks?: ReadonlyMap<string, WaitingMark>;
};

/** The rows' height, for the stylesheet (use-virtual-rows.ts). */
const tableStyle = { '--clients-table-row-height': `${ROW_HEIGHT_REM}rem` } as CSSProperties;

/**
 * The client table: four columns and an Edit button per row.
 *
 * A salon's list grows for years, so only the rows near the window are in the DOM; spacer
 * rows keep the scroll height. It stays a real table for assistive technology:
 * `aria-rowcount` and `aria-rowindex` give every row its place in the whole list.
 */
export function ClientsTable({ clients, emptyMessage, sort, onSort, marks }: ClientsTableProps) {
  const { bodyRef, rows, spaceAbove, spaceBelow } = useVirtualRows(clients);
  return (
    <div className="table-scroll">
      <table className="clients-table" style={tableStyle} aria-rowcount={clients.length + 1}>
        <ClientsTableHead sort={sort} onSort={onSort} />
        <tbody ref={bodyRef}>
          {clients.length === 0 && emptyMessage ? (
            <tr>
              <td colSpan={5} className="clients-table__empty">
                {emptyMessage}
              </td>
            </tr>
          ) : (
            <>
              {spaceAbove > 0 && <SpacerRow height={spaceAbove} />}
              {rows.map((row) => {
                const client = clients[row.index];
                return client && <ClientRow key={row.key} client={client} index={row.index} mark={marks?.get(client._id)} />;
              })}
              {spaceBelow > 0 && <SpacerRow height={spaceBelow} />}
            </>
          )}
        </tbody>
      </table>
    </div>
  );
}

function SpacerRow({ height }: { height: number }) {
  return (
    <tr aria-hidden="true" className="clients-table__spacer">
      <td colSpan={5} style={{ height }} />
    </tr>
  );
}
