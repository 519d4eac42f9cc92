import type { ClientListView, SortColumn } from '../utils/list-view-search.ts';

const COLUMNS: readonly { column: SortColumn; label: string }[] = [
  { column: 'firstName', label: 'First Name' },
  { column: 'lastName', label: 'Last Name' },
  { column: 'email', label: 'Email' },
  { column: 'registrationDateTime', label: 'Registration Time' },
];

type ClientsTableHeadProps = {
  /** The column the rows are sorted by, if any: its header says so. */
  sort?: Pick<ClientListView, 'sort' | 'dir'>;
  /** A header was pressed: sort by its column, or reverse when it is already the one. */
  onSort?: (column: SortColumn) => void;
};

/** The client table's header row: its four columns, each a sort button when the list can be sorted. */
export function ClientsTableHead({ sort, onSort }: ClientsTableHeadProps) {
  return (
    <thead>
      <tr aria-rowindex={1}>
        {COLUMNS.map(({ column, label }) => {
          const direction = sort?.sort === column ? (sort.dir ?? 'asc') : undefined;
          return (
            <th key={column} scope="col" aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined}>
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
  );
}
