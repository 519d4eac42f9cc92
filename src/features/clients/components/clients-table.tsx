import { useRouter } from '@tanstack/react-router';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import type { Client } from '#contract/api';
import type { ClientListView, SortColumn } from '../utils/list-view-search.ts';
import type { WaitingMark } from '../utils/waiting-rows.ts';
import { formatRegistrationTime } from '../utils/date-time.ts';
import { useChangedJustNow } from '../api/colleague-changes.ts';
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

const COLUMNS: readonly { column: SortColumn; label: string }[] = [
  { column: 'firstName', label: 'First Name' },
  { column: 'lastName', label: 'Last Name' },
  { column: 'email', label: 'Email' },
  { column: 'registrationDateTime', label: 'Registration Time' },
];

/**
 * Every row is this tall, so no row needs measuring. The stylesheet reads it from the table's
 * `--clients-table-row-height` (clients-table.css), so the two cannot disagree.
 */
const ROW_HEIGHT_REM = 3.5;
const tableStyle = { '--clients-table-row-height': `${ROW_HEIGHT_REM}rem` } as CSSProperties;
/** Rows rendered beyond each edge of the window, so that scrolling never shows a blank. */
const OVERSCAN_ROWS = 12;

/**
 * The client table: four columns and an Edit button per row.
 *
 * A salon's list grows for years, so only the rows near the window are in the DOM; spacer
 * rows keep the scroll height. It stays a real table for assistive technology:
 * `aria-rowcount` and `aria-rowindex` give every row its place in the whole list.
 */
export function ClientsTable({ clients, emptyMessage, sort, onSort, marks }: ClientsTableProps) {
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  const [rowHeight, setRowHeight] = useState(rowHeightPx);

  // Where the rows start on the page (the virtualizer counts from the top of the document),
  // and how tall they are (the root font size can change with the browser's settings).
  useLayoutEffect(() => {
    const measure = () => {
      const body = bodyRef.current;
      if (body) setScrollMargin(body.getBoundingClientRect().top + window.scrollY);
      setRowHeight(rowHeightPx());
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);

  // Both stay the same function from render to render: the virtualizer lays out every row
  // again (all 50,000 of a large list) whenever either changes, so a new one on each render
  // would make every scroll step cost as much as the first layout.
  const estimateSize = useCallback(() => rowHeight, [rowHeight]);
  const getItemKey = useCallback((index: number) => clients[index]?._id ?? index, [clients]);
  const virtualizer = useWindowVirtualizer({
    count: clients.length,
    estimateSize,
    overscan: OVERSCAN_ROWS,
    scrollMargin,
    getItemKey,
  });
  const rows = virtualizer.getVirtualItems();
  const first = rows[0];
  const last = rows.at(-1);
  const spaceAbove = first ? first.start - scrollMargin : 0;
  const spaceBelow = last ? virtualizer.getTotalSize() - (last.end - scrollMargin) : 0;

  return (
    <div className="table-scroll">
      <table className="clients-table" style={tableStyle} aria-rowcount={clients.length + 1}>
        <thead>
          <tr aria-rowindex={1}>
            {COLUMNS.map(({ column, label }) => {
              const direction = sort?.sort === column ? (sort.dir ?? 'asc') : undefined;
              return (
                <th
                  key={column}
                  scope="col"
                  aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined}
                >
                  {onSort ? (
                    <button type="button" className="clients-table__sort" data-direction={direction} onClick={() => onSort(column)}>
                      {label}
                    </button>
                  ) : (
                    label
                  )}
                </th>
              );
            })}
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
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

/** The rows' height in pixels, read once per layout rather than once per row. */
function rowHeightPx(): number {
  const rootFontSize = Number.parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  return ROW_HEIGHT_REM * rootFontSize;
}

function SpacerRow({ height }: { height: number }) {
  return (
    <tr aria-hidden="true" className="clients-table__spacer">
      <td colSpan={5} style={{ height }} />
    </tr>
  );
}

type ClientRowProps = {
  client: Client;
  index: number;
  mark?: WaitingMark;
};

/** One client; memoised so that scrolling renders only the rows that come into view. */
const ClientRow = memo(function ClientRow({ client, index, mark }: ClientRowProps) {
  const router = useRouter();
  const nameId = `client-${client._id}-name`;
  const editLocation = { to: '/clients/edit/$clientId', params: { clientId: client._id } } as const;
  // Like a link: the edit page's data starts loading on hover or focus.
  const preload = () => void router.preloadRoute(editLocation);
  // A colleague's change just arrived (live updates): the row flashes, or is outlined without motion.
  const changed = useChangedJustNow(client._id);

  return (
    <tr aria-rowindex={index + 2} className={changed ? 'clients-table__row--changed' : undefined}>
      <td id={nameId}>{client.firstName}</td>
      <td>{client.lastName}</td>
      <td className="clients-table__email">{client.email}</td>
      <td>
        <time dateTime={client.registrationDateTime}>{formatRegistrationTime(client.registrationDateTime)}</time>
      </td>
      <td className="clients-table__action">
        {mark && <span className="clients-table__waiting">{mark.label}</span>}
        {(!mark || mark.canEdit) && (
          <button
            type="button"
            className="button button--small"
            aria-describedby={nameId}
            onMouseEnter={preload}
            onFocus={preload}
            onClick={() => void router.navigate(editLocation)}
          >
            Edit
          </button>
        )}
      </td>
    </tr>
  );
});
